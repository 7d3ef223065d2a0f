import { priceResponseSchema, type PriceResponse } from '@fbt/domain';
import { queryOptions, useQuery } from '@tanstack/react-query';
import { getJson, parseResponse } from '../../../lib/api-client';

/** Spec §4: price about every 5 minutes. */
export const PRICE_POLL_MS = 5 * 60_000;

export const solPriceQueryKey = ['price', 'sol-usd'] as const;

export function parseSolPrice(body: unknown): PriceResponse {
  return parseResponse(priceResponseSchema, body, 'price response');
}

export const solPriceQueryOptions = queryOptions({
  queryKey: solPriceQueryKey,
  queryFn: async ({ signal }) => parseSolPrice(await getJson('/price/sol-usd', { signal })),
  refetchInterval: PRICE_POLL_MS,
});

/** `GET /api/v1/price/sol-usd`: the SOL price in USD with 2 decimals (`usd`). */
export function useSolPrice() {
  return useQuery(solPriceQueryOptions);
}
