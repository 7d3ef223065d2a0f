import type { PresaleVariant } from '@fbt/domain';
import { fetchBuyerRecord } from '@fbt/presale-client';
import { useConnection } from '@solana/wallet-adapter-react';
import { PublicKey, type Connection } from '@solana/web3.js';
import { useQuery } from '@tanstack/react-query';

/** Spec §4: user data about every 5 minutes (and right after a buy). */
export const BOUGHT_POLL_MS = 5 * 60_000;

export const boughtQueryKey = (variant: PresaleVariant, wallet: string | null) =>
  ['bought', variant, wallet] as const;

/**
 * Lamports `wallet` spent on `presale`: the buyer record read through the BFF's `/rpc` proxy at
 * 'confirmed' (spec §7.2). A missing record is 0.
 */
export async function getBoughtLamports(
  connection: Pick<Connection, 'getAccountInfo'>,
  programId: string,
  presale: string,
  wallet: string,
): Promise<bigint> {
  const record = await fetchBuyerRecord(
    connection,
    new PublicKey(programId),
    new PublicKey(presale),
    new PublicKey(wallet),
  );
  return record?.fbtBuyedAmount ?? 0n;
}

export function useBoughtLamports(input: {
  variant: PresaleVariant;
  wallet: string | null;
  programId: string | undefined;
  presale: string | undefined;
}) {
  const { connection } = useConnection();
  const { variant, wallet, programId, presale } = input;
  return useQuery({
    queryKey: boughtQueryKey(variant, wallet),
    queryFn: () => getBoughtLamports(connection, programId ?? '', presale ?? '', wallet ?? ''),
    enabled: wallet !== null && programId !== undefined && presale !== undefined,
    refetchInterval: BOUGHT_POLL_MS,
  });
}
