import { claimCommission, type ClaimCommissionResult, type ClaimStage } from '@fbt/purchase';
import { useConnection, useWallet } from '@solana/wallet-adapter-react';
import { PublicKey } from '@solana/web3.js';
import { useQueryClient } from '@tanstack/react-query';
import { useCallback, useRef, useState } from 'react';
import { failureLine, type TransactionLine } from '../../../lib/transaction-text';
import { leaderEarningsQueryKey } from '../api/get-leader-earnings';

/** What the page shows once a claim ends. */
export type ClaimDialog =
  | {
      readonly kind: 'success';
      readonly signature: string;
      /** Lamports paid, as read from the record after the claim (null: not read). */
      readonly claimedLamports: bigint | null;
    }
  | { readonly kind: 'error'; readonly lines: readonly TransactionLine[] };

/** The dialog for a claim's result. */
export function claimDialogOf(result: ClaimCommissionResult): ClaimDialog {
  if (result.ok) {
    return {
      kind: 'success',
      signature: result.signature,
      claimedLamports: result.claimedLamports,
    };
  }
  return { kind: 'error', lines: [failureLine(result)] };
}

/**
 * Claims a code's commission with `@fbt/purchase` through the connected wallet and the BFF's
 * `/rpc` (the same read, simulate, sign, send, confirm as a purchase), then re-reads the
 * wallet's earnings and yields the dialog to show. One claim at a time.
 */
export function useClaim(programId: string | undefined) {
  const { connection } = useConnection();
  const { publicKey, signTransaction } = useWallet();
  const queryClient = useQueryClient();
  const [claiming, setClaiming] = useState<{ record: string; stage: ClaimStage } | null>(null);
  const [dialog, setDialog] = useState<ClaimDialog | null>(null);
  const running = useRef(false);
  // The last claim's blockhash: the next claim takes a newer one (see `previousBlockhash`).
  const previousBlockhash = useRef<string | undefined>(undefined);

  const claim = useCallback(
    async (record: string) => {
      if (running.current || publicKey === null || signTransaction === undefined) return;
      if (programId === undefined) return;
      running.current = true;
      setClaiming({ record, stage: 'preparing' });
      try {
        const result = await claimCommission(
          {
            connection,
            signTransaction,
            onStage: (stage) => setClaiming({ record, stage }),
            ...(previousBlockhash.current === undefined
              ? {}
              : { previousBlockhash: previousBlockhash.current }),
          },
          {
            programId: new PublicKey(programId),
            leaderWallet: publicKey,
            leaderRecord: new PublicKey(record),
          },
        );
        if (result.ok) previousBlockhash.current = result.blockhash;
        else console.warn(`claim stopped at ${result.stage}:`, result.message);
        setDialog(claimDialogOf(result));
        await queryClient.invalidateQueries({
          queryKey: leaderEarningsQueryKey(publicKey.toBase58()),
        });
      } finally {
        running.current = false;
        setClaiming(null);
      }
    },
    [connection, publicKey, signTransaction, programId, queryClient],
  );

  return {
    claiming,
    dialog,
    closeDialog: useCallback(() => setDialog(null), []),
    claim,
  };
}
