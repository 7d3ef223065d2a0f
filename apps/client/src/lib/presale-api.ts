import type { PresaleDeliveryView, PresaleResponse, PresaleVariant } from '@fbt/domain';
import { INSTANT_DELIVERY, presaleDeliveryFromJson } from '@fbt/domain';
import { queryOptions, useQuery } from '@tanstack/react-query';
import { getParsed, parseWire } from './api-client';

/** Presale info is re-read every minute; the stream pushes changes in between. */
export const PRESALE_REFRESH_MS = 60_000;

/** One cache entry per variant, shared by the presale page and the purchase box. */
export const presaleQueryKey = (variant: PresaleVariant) => ['presale', variant] as const;

/** Validates a presale body from the stream (in the answer-checking worker, see lib/wire-check.ts). */
export function parsePresale(body: unknown): Promise<PresaleResponse> {
  return parseWire('presaleResponseSchema', body, 'presale response');
}

/** `GET /api/v1/presales/{variant}`: the presale account as last read by the BFF. */
export async function getPresale(
  variant: PresaleVariant,
  signal?: AbortSignal,
): Promise<PresaleResponse> {
  try {
    return await getParsed(
      `/presales/${variant}`,
      'presaleResponseSchema',
      'presale response',
      signal ? { signal } : {},
    );
  } catch (error) {
    // A failed presale read is logged with this label; the last value stays shown.
    if (!signal?.aborted) console.error('getPresaleInfo error', error);
    throw error;
  }
}

/**
 * The newer of two presale reads, by when the BFF read the chain (`fetchedAt`); the incoming
 * one on a tie. Reads arrive by two roads, HTTP and the stream, and not in the order they were
 * made: an HTTP answer read before a change can land after the stream's news of it (both wait
 * for the answer checker's first check), and must not bring the old state back until the next poll.
 */
export function newerPresale(
  current: PresaleResponse | undefined,
  incoming: PresaleResponse,
): PresaleResponse {
  if (current === undefined) return incoming;
  return Date.parse(incoming.fetchedAt) >= Date.parse(current.fetchedAt) ? incoming : current;
}

export function presaleQueryOptions(variant: PresaleVariant) {
  return queryOptions({
    queryKey: presaleQueryKey(variant),
    queryFn: async ({ client, queryKey, signal }) => {
      const fetched = await getPresale(variant, signal);
      // What the cache holds now, once the answer is in (the stream may have written since).
      return newerPresale(client.getQueryData<PresaleResponse>(queryKey), fetched);
    },
    refetchInterval: PRESALE_REFRESH_MS,
  });
}

export function usePresale(variant: PresaleVariant) {
  return useQuery(presaleQueryOptions(variant));
}

/**
 * The presale's delivery mode, vesting and outcome. An answer without one comes from a BFF that
 * predates delivery modes (a replica mid-upgrade), which served instant presales only.
 */
export function presaleDelivery(response: PresaleResponse): PresaleDeliveryView {
  return response.delivery === undefined
    ? { ...INSTANT_DELIVERY, buyerCount: 0n }
    : presaleDeliveryFromJson(response.delivery);
}
