import type { SwapMode, SwapSide } from '@fbt/domain';
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

/** The params as one comparable text (objects are new on every render). */
function keyOf(params: SwapQuoteParams | null): string | null {
  return params === null
    ? null
    : [params.side, params.mode, params.amount.toString(), String(params.slippageBps)].join(':');
}

function paramsOf(key: string): SwapQuoteParams {
  const [side, mode, amount, slippageBps] = key.split(':');
  return {
    side: side as SwapSide,
    mode: mode as SwapMode,
    amount: BigInt(amount ?? '0'),
    slippageBps: Number(slippageBps),
  };
}

/**
 * The quote for what is typed: asked once typing pauses, and the request of a superseded amount
 * is aborted (TanStack Query aborts a query's `signal` when nobody observes it any more). The
 * previous quote stays on screen, marked as updating, until the new one arrives.
 */
export function useSwapQuote(params: SwapQuoteParams | null) {
  const key = keyOf(params);
  const settledKey = useDebounced(key, QUOTE_DEBOUNCE_MS);
  const query = useQuery({
    queryKey: ['swap-quote', settledKey],
    queryFn: ({ signal }) => {
      if (settledKey === null) throw new Error('no amount');
      return fetchSwapQuote(paramsOf(settledKey), signal);
    },
    enabled: settledKey !== null,
    placeholderData: keepPreviousData,
    refetchInterval: QUOTE_REFRESH_MS,
    staleTime: 5_000,
    retry: false,
  });
  const typing = key !== settledKey;
  return { ...query, updating: typing || query.isFetching };
}
