import { keepPreviousData, useQuery } from '@tanstack/react-query';
import { useEffect, useState } from 'react';
import { fetchSwapQuote, type SwapQuoteParams } from './swap-api';

/** Typing pauses this long before a quote is asked. */
export const QUOTE_DEBOUNCE_MS = 350;
/** A shown quote is refreshed this often while the page stays open. */
const QUOTE_REFRESH_MS = 15_000;

/** `value`, once it stopped changing for `delayMs`. */
export function useDebounced<T>(value: T, delayMs: number): T {
  const [settled, setSettled] = useState(value);
  useEffect(() => {
    const timer = setTimeout(() => setSettled(value), delayMs);
    return () => clearTimeout(timer);
  }, [value, delayMs]);
  return settled;
}

/**
 * The quote for what is typed: asked once typing pauses, and the request of a superseded amount
 * is aborted (TanStack Query aborts a query's `signal` when nobody observes it any more). The
 * previous quote stays on screen, marked as updating, until the new one arrives.
 */
export function useSwapQuote(params: SwapQuoteParams | null) {
  const settled = useDebounced(params, QUOTE_DEBOUNCE_MS);
  const key =
    settled === null
      ? null
      : ([settled.side, settled.mode, settled.amount.toString(), settled.slippageBps] as const);
  const query = useQuery({
    queryKey: ['swap-quote', ...(key ?? [])],
    queryFn: ({ signal }) => {
      if (settled === null) throw new Error('no amount');
      return fetchSwapQuote(settled, signal);
    },
    enabled: settled !== null,
    placeholderData: keepPreviousData,
    refetchInterval: QUOTE_REFRESH_MS,
    staleTime: 5_000,
    retry: false,
  });
  const typing = params !== settled;
  return { ...query, updating: typing || query.isFetching, settled };
}
