import { findAssociatedTokenAddress } from '@fbt/presale-client';
import { useConnection } from '@solana/wallet-adapter-react';
import { PublicKey } from '@solana/web3.js';
import { useQuery, useQueryClient } from '@tanstack/react-query';
import { useEffect } from 'react';
import { useMintTokenProgram } from '../../../lib/mint-token-program';
import { WALLET_BALANCES_KEY } from '../../../lib/wallet-balances';

/** The connected wallet's SOL and FBT, read through the BFF's `/rpc`. */
export interface SwapBalances {
  readonly lamports: bigint;
  readonly fbt: bigint;
  /** Whether the wallet's FBT account exists (the swap creates it otherwise). */
  readonly fbtAccountExists: boolean;
}

export const swapBalancesKey = (wallet: string | null) =>
  [...WALLET_BALANCES_KEY, 'swap', wallet] as const;

/**
 * SOL and FBT balances of `wallet` (null: not connected; its FBT account is the associated
 * account of the mint's token program, SPL Token or Token-2022), read again at once whenever the chain
 * changes the wallet or its FBT account: the page's Connection watches both through the BFF's
 * `/rpc` websocket (`accountSubscribe`), so SOL sent from outside the page (a transfer, the
 * operator's `fund`) shows without waiting for the 30 s poll, which stays for a lost socket.
 */
export function useSwapBalances(wallet: string | null, mint: string | undefined) {
  const { connection } = useConnection();
  const queryClient = useQueryClient();
  const tokenProgram = useMintTokenProgram();
  useEffect(() => {
    if (wallet === null || mint === undefined || tokenProgram === undefined) return;
    const owner = new PublicKey(wallet);
    const watched = [
      owner,
      findAssociatedTokenAddress({
        owner,
        mint: new PublicKey(mint),
        tokenProgram: new PublicKey(tokenProgram),
      }),
    ];
    const readAgain = () => void queryClient.invalidateQueries({ queryKey: WALLET_BALANCES_KEY });
    const listeners = watched.map((account) => connection.onAccountChange(account, readAgain));
    return () => {
      for (const listener of listeners) {
        connection.removeAccountChangeListener(listener).catch(() => undefined);
      }
    };
  }, [connection, queryClient, wallet, mint, tokenProgram]);
  return useQuery({
    queryKey: swapBalancesKey(wallet),
    enabled: wallet !== null && mint !== undefined && tokenProgram !== undefined,
    refetchInterval: 30_000,
    queryFn: async (): Promise<SwapBalances> => {
      if (wallet === null || mint === undefined || tokenProgram === undefined)
        throw new Error('no wallet');
      const owner = new PublicKey(wallet);
      const account = findAssociatedTokenAddress({
        owner,
        mint: new PublicKey(mint),
        tokenProgram: new PublicKey(tokenProgram),
      });
      const [lamports, fbt] = await Promise.all([
        connection.getBalance(owner, 'confirmed'),
        connection.getTokenAccountBalance(account, 'confirmed').catch(() => null),
      ]);
      return {
        lamports: BigInt(lamports),
        fbt: fbt === null ? 0n : BigInt(fbt.value.amount),
        fbtAccountExists: fbt !== null,
      };
    },
  });
}
