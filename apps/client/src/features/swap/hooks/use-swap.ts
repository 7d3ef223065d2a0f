import type { SwapQuoteResponse } from '@fbt/domain';
import { swapFbt, type SwapFbtResult, type SwapStage } from '@fbt/purchase';
import { useConnection, useWallet } from '@solana/wallet-adapter-react';
import { useQueryClient } from '@tanstack/react-query';
import { useCallback, useRef, useState } from 'react';
import { mintTokenProgramQuery } from '../../../lib/mint-token-program';
import { postSwapTransaction, SwapApiError } from '../api/swap-api';
import { swapBalancesKey } from '../api/use-swap-balances';

/** What the page shows once a swap ends. */
export type SwapDialog =
  | {
      readonly kind: 'success';
      readonly signature: string;
      readonly side: SwapQuoteResponse['side'];
      readonly paid: bigint;
      readonly received: bigint;
    }
  | {
      readonly kind: 'error';
      readonly failure: SwapApiError | Extract<SwapFbtResult, { ok: false }>;
    };

/**
 * Runs a swap with `@fbt/purchase`'s `swapFbt` (the BFF builds and checks the transaction, the
 * page checks it again, simulates against the quote's slippage, the wallet signs, it is sent
 * and confirmed) and yields the dialog to show; balances are read again at once afterwards.
 * `send` resolves to whether the swap was confirmed.
 */
export function useSwap(options: { mint: string; dexProgramIds: readonly string[] }) {
  const { connection } = useConnection();
  const { publicKey, signTransaction } = useWallet();
  const queryClient = useQueryClient();
  const [stage, setStage] = useState<SwapStage | null>(null);
  const [dialog, setDialog] = useState<SwapDialog | null>(null);
  const running = useRef(false);

  const send = useCallback(
    async (quote: SwapQuoteResponse, fbtAccountExists: boolean): Promise<boolean> => {
      if (running.current || publicKey === null || signTransaction === undefined) return false;
      running.current = true;
      setStage('building');
      const wallet = publicKey.toBase58();
      let apiError: SwapApiError | null = null;
      try {
        // The FBT account is the associated account of the mint's token program.
        const fbtTokenProgram = await queryClient
          .fetchQuery(mintTokenProgramQuery(connection, options.mint))
          .catch((error: unknown) => error as Error);
        if (fbtTokenProgram instanceof Error) {
          setDialog({
            kind: 'error',
            failure: { ok: false, stage: 'building', message: fbtTokenProgram.message },
          });
          return false;
        }
        const result = await swapFbt(
          {
            connection,
            signTransaction,
            onStage: setStage,
            buildTransaction: async () => {
              try {
                const answer = await postSwapTransaction({
                  wallet,
                  quote: quote.quote,
                  fbtAccountExists,
                });
                return answer.transaction;
              } catch (error) {
                if (error instanceof SwapApiError) apiError = error;
                throw error;
              }
            },
          },
          {
            buyer: wallet,
            fbtMint: options.mint,
            fbtTokenProgram,
            quote: quote.quote.data,
            dexProgramIds: options.dexProgramIds,
          },
        );
        if (result.ok) {
          setDialog({
            kind: 'success',
            signature: result.signature,
            side: quote.side,
            paid: result.amounts.paid,
            received: result.amounts.received,
          });
        } else {
          console.warn(`swap stopped at ${result.stage}:`, result.message);
          setDialog({ kind: 'error', failure: apiError ?? result });
        }
        void queryClient.invalidateQueries({ queryKey: swapBalancesKey(wallet) });
        void queryClient.invalidateQueries({ queryKey: ['swap-quote'] });
        return result.ok;
      } finally {
        running.current = false;
        setStage(null);
      }
    },
    [connection, publicKey, signTransaction, queryClient, options.mint, options.dexProgramIds],
  );

  return {
    stage,
    sending: stage !== null,
    dialog,
    closeDialog: useCallback(() => setDialog(null), []),
    send,
  };
}
