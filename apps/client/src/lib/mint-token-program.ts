import { fetchMintTokenProgram } from '@fbt/presale-client';
import { useConnection } from '@solana/wallet-adapter-react';
import { PublicKey, type Connection } from '@solana/web3.js';
import { queryOptions, useQuery } from '@tanstack/react-query';
import { useSiteConfig } from './use-site-config';

/**
 * The token program of `mint` (SPL Token or Token-2022, base58), read once from the mint's
 * account through the BFF's `/rpc`: every FBT account the page reads or creates is the
 * associated account of that program. It never changes, so it is read once per page load.
 */
export function mintTokenProgramQuery(connection: Connection, mint: string) {
  return queryOptions({
    queryKey: ['mint-token-program', mint],
    queryFn: async () => (await fetchMintTokenProgram(connection, new PublicKey(mint))).toBase58(),
    staleTime: Infinity,
  });
}

/** The deployment's mint's token program (base58), or undefined while it is read. */
export function useMintTokenProgram(): string | undefined {
  const { connection } = useConnection();
  const mint = useSiteConfig().data?.mint;
  return useQuery({
    ...mintTokenProgramQuery(connection, mint ?? ''),
    enabled: mint !== undefined,
  }).data;
}
