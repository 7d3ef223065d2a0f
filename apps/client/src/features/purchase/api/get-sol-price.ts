import type { PriceResponse } from '@fbt/domain';
import { queryOptions, useQuery } from '@tanstack/react-query';
import { getParsed, parseWire } from '../../../lib/api-client';

/** The SOL/USD price is re-read every 5 minutes (the stream pushes changes in between). */
export const PRICE_POLL_MS = 5 * 60_000;

export const solPriceQueryKey = ['price', 'sol-usd'] as const;

/** Validates a price body from the stream (in the answer-checking worker, see lib/wire-check.ts). */
export function parseSolPrice(body: unknown): Promise<PriceResponse> {
  return parseWire('priceResponseSchema', body, 'price response');
}

export const solPriceQueryOptions = queryOptions({
  queryKey: solPriceQueryKey,
  queryFn: ({ signal }) =>
    getParsed('/price/sol-usd', 'priceResponseSchema', 'price response', {
      signal,
    }),
  refetchInterval: PRICE_POLL_MS,
});

/** `GET /api/v1/price/sol-usd`: the SOL price in USD with 2 decimals (`usd`). */
export function useSolPrice() {
  return useQuery(solPriceQueryOptions);
}
