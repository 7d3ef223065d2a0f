import type { PresaleVariant } from '@fbt/domain';
import { useQuery } from '@tanstack/react-query';
import { getParsed } from '../../../lib/api-client';
import type { BuyerTokens } from '../lib/your-fbt';
import { boughtRetryDelayMs } from './bought-retry';

/**
 * What the wallet bought is re-read every 5 minutes and right after each of its buys, which
 * refresh it at once; the timer catches buys made elsewhere (another device, a Blink). On an
 * at-completion presale each delivery the stream reports reads it again too (`useYourFbt`).
 */
export const BOUGHT_POLL_MS = 5 * 60_000;

export const boughtQueryKey = (variant: PresaleVariant, wallet: string | null) =>
  ['bought', variant, wallet] as const;

/**
 * What `wallet` holds on the `variant` presale, from
 * `GET /api/v1/presales/:variant/buyers/:wallet` (the BFF reads the buyer record at
 * 'confirmed', so a buy counts as soon as it is confirmed): the lamports it spent and the FBT it
 * bought and was delivered. A wallet that never bought has spent and holds nothing.
 */
export async function getBuyerTokens(
  variant: PresaleVariant,
  wallet: string,
  signal?: AbortSignal,
): Promise<BuyerTokens> {
  const answer = await getParsed(
    `/presales/${variant}/buyers/${encodeURIComponent(wallet)}`,
    'buyerResponseSchema',
    'buyer response',
    signal ? { signal } : {},
  );
  return {
    paidLamports: BigInt(answer.boughtLamports),
    bought: BigInt(answer.tokensBought ?? '0'),
    delivered: BigInt(answer.tokensDelivered ?? '0'),
  };
}

/** The buyer query of `wallet` (none without one), read through `select`. */
function useBuyerQuery<T>(
  input: { variant: PresaleVariant; wallet: string | null },
  select: (tokens: BuyerTokens) => T,
) {
  const { variant, wallet } = input;
  return useQuery({
    queryKey: boughtQueryKey(variant, wallet),
    queryFn: ({ signal }) => getBuyerTokens(variant, wallet ?? '', signal),
    select,
    enabled: wallet !== null,
    refetchInterval: BOUGHT_POLL_MS,
    // A failed read is retried with backoff (1 s … 30 s, forever), and the purchase box says so.
    retry: true,
    retryDelay: (failureCount) => boughtRetryDelayMs(failureCount),
  });
}

const paidOf = (tokens: BuyerTokens): bigint => tokens.paidLamports;
const tokensOf = (tokens: BuyerTokens): BuyerTokens => tokens;

/** Lamports `wallet` spent on the presale (its per-wallet limit). */
export function useBoughtLamports(input: { variant: PresaleVariant; wallet: string | null }) {
  return useBuyerQuery(input, paidOf);
}

/** What `wallet` paid, bought and was delivered on the presale (the "Your FBT" panel). */
export function useBuyerTokens(input: { variant: PresaleVariant; wallet: string | null }) {
  return useBuyerQuery(input, tokensOf);
}
