import type { PresaleVariant } from '@fbt/domain';
import { useQuery } from '@tanstack/react-query';
import { getParsed } from '../../../lib/api-client';
import { boughtRetryDelayMs } from './bought-retry';

/**
 * What the wallet bought is re-read every 5 minutes and right after each of its buys, which
 * refresh it at once; the timer catches buys made elsewhere (another device, a Blink).
 */
export const BOUGHT_POLL_MS = 5 * 60_000;

export const boughtQueryKey = (variant: PresaleVariant, wallet: string | null) =>
  ['bought', variant, wallet] as const;

/**
 * Lamports `wallet` spent on the `variant` presale, from
 * `GET /api/v1/presales/:variant/buyers/:wallet` (the BFF reads the buyer record at
 * 'confirmed', so a buy counts as soon as it is confirmed). A wallet that never bought has spent 0.
 */
export async function getBoughtLamports(
  variant: PresaleVariant,
  wallet: string,
  signal?: AbortSignal,
): Promise<bigint> {
  const answer = await getParsed(
    `/presales/${variant}/buyers/${encodeURIComponent(wallet)}`,
    'buyerResponseSchema',
    'buyer response',
    signal ? { signal } : {},
  );
  return BigInt(answer.boughtLamports);
}

export function useBoughtLamports(input: { variant: PresaleVariant; wallet: string | null }) {
  const { variant, wallet } = input;
  return useQuery({
    queryKey: boughtQueryKey(variant, wallet),
    queryFn: ({ signal }) => getBoughtLamports(variant, wallet ?? '', signal),
    enabled: wallet !== null,
    refetchInterval: BOUGHT_POLL_MS,
    // A failed read is retried with backoff (1 s … 30 s, forever), and the purchase box says so.
    retry: true,
    retryDelay: (failureCount) => boughtRetryDelayMs(failureCount),
  });
}
