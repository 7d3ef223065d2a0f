import type { PresaleVariant } from '@fbt/domain';
import {
  claimTokens,
  refundPurchase,
  type BuyerDeliveryResult,
  type ClaimStage,
} from '@fbt/purchase';
import { findBuyerRecordAddress } from '@fbt/presale-client';
import { useConnection, useWallet } from '@solana/wallet-adapter-react';
import { PublicKey, type Connection } from '@solana/web3.js';
import { useQueryClient } from '@tanstack/react-query';
import { useCallback, useRef, useState } from 'react';
import { mintTokenProgramQuery } from '../../../lib/mint-token-program';
import { presaleQueryKey } from '../../../lib/presale-api';
import { failureLine } from '../../../lib/transaction-text';
import { WALLET_BALANCES_KEY } from '../../../lib/wallet-balances';
import { boughtQueryKey } from '../api/get-bought-amount';
import type { DeliveryDialog, DeliveryTarget } from './purchase-session';

/** The dialog for a claim's or refund's result. */
export function deliveryDialogOf(
  action: 'claim' | 'refund',
  result: BuyerDeliveryResult,
): DeliveryDialog {
  if (!result.ok) return { kind: 'error', lines: [failureLine(result)] };
  return action === 'claim'
    ? { kind: 'claimed', signature: result.signature, tokens: result.amount }
    : { kind: 'refunded', signature: result.signature, lamports: result.amount };
}

/**
 * True when the wallet's buyer record is gone: a Refund refused then found nothing to refund,
 * because the keeper (or another tab) refunded the wallet already.
 */
async function refundedAlready(
  connection: Connection,
  request: { programId: PublicKey; presale: PublicKey; buyer: PublicKey },
): Promise<boolean> {
  const [record] = findBuyerRecordAddress(request.programId, request.presale, request.buyer);
  return (await connection.getAccountInfo(record, 'confirmed').catch(() => undefined)) === null;
}

/**
 * The buyer's own Claim and Refund on an at-completion presale, through the connected wallet
 * and the BFF's `/rpc` with `@fbt/purchase` (read, simulate, sign, send, confirm), one at a
 * time; then what the wallet holds, the presale and the wallet's balances are read again.
 */
export function useBuyerDelivery(variant: PresaleVariant) {
  const { connection } = useConnection();
  const { publicKey, signTransaction } = useWallet();
  const queryClient = useQueryClient();
  const [running, setRunning] = useState<{
    action: 'claim' | 'refund';
    stage: ClaimStage;
  } | null>(null);
  const [dialog, setDialog] = useState<DeliveryDialog | null>(null);
  const busy = useRef(false);
  // The last transaction's blockhash: the next one takes a newer one (see `previousBlockhash`).
  const previousBlockhash = useRef<string | undefined>(undefined);

  /** Claim into the buyer's account of the mint's token program (read once, then cached). */
  const claimInto = useCallback(
    async (
      deps: Parameters<typeof claimTokens>[0],
      request: { programId: PublicKey; presale: PublicKey; buyer: PublicKey },
      target: DeliveryTarget,
    ): Promise<BuyerDeliveryResult> => {
      let tokenProgram: string;
      try {
        tokenProgram = await queryClient.fetchQuery(mintTokenProgramQuery(connection, target.mint));
      } catch (error) {
        return { ok: false, stage: 'preparing', message: (error as Error).message };
      }
      return claimTokens(deps, {
        ...request,
        mint: new PublicKey(target.mint),
        tempTokenAccount: new PublicKey(target.tempTokenAccount),
        tokenProgram: new PublicKey(tokenProgram),
      });
    },
    [connection, queryClient],
  );

  const run = useCallback(
    async (action: 'claim' | 'refund', target: DeliveryTarget) => {
      if (busy.current || publicKey === null || signTransaction === undefined) return;
      busy.current = true;
      setRunning({ action, stage: 'preparing' });
      try {
        const deps = {
          connection,
          signTransaction,
          onStage: (stage: ClaimStage) => setRunning({ action, stage }),
          ...(previousBlockhash.current === undefined
            ? {}
            : { previousBlockhash: previousBlockhash.current }),
        };
        const request = {
          programId: new PublicKey(target.programId),
          presale: new PublicKey(target.presale),
          buyer: publicKey,
        };
        const result =
          action === 'claim'
            ? await claimInto(deps, request, target)
            : await refundPurchase(deps, request);
        // Already refunded (by the keeper): no error; the panel read again shows it refunded.
        const settled =
          action === 'refund' && !result.ok && (await refundedAlready(connection, request));
        if (result.ok) previousBlockhash.current = result.blockhash;
        else if (!settled) console.warn(`${action} stopped at ${result.stage}:`, result.message);
        setDialog(settled ? null : deliveryDialogOf(action, result));
        await Promise.all([
          queryClient.invalidateQueries({
            queryKey: boughtQueryKey(variant, publicKey.toBase58()),
          }),
          queryClient.invalidateQueries({ queryKey: presaleQueryKey(variant) }),
          queryClient.invalidateQueries({ queryKey: WALLET_BALANCES_KEY }),
        ]);
      } finally {
        busy.current = false;
        setRunning(null);
      }
    },
    [connection, publicKey, signTransaction, queryClient, variant, claimInto],
  );

  return {
    running,
    dialog,
    closeDialog: useCallback(() => setDialog(null), []),
    claim: useCallback((target: DeliveryTarget) => run('claim', target), [run]),
    refund: useCallback((target: DeliveryTarget) => run('refund', target), [run]),
  };
}
