import type { Clock, PriceResponse, PriceSource, PythPrice } from '@fbt/domain';
import { FALLBACK_SOL_USD, formatUsdFromPyth } from '@fbt/domain';
import { createRefreshingResource, type RefreshingResource } from '../cache/refreshing-resource';
import type { Scheduler } from '../cache/scheduler';

/** A quote and where it came from. */
export interface PriceValue {
  readonly quote: PythPrice;
  readonly source: 'pyth' | 'fallback';
}

/** Options of {@link createPriceCache}. */
export interface PriceCacheOptions {
  readonly source: PriceSource;
  readonly clock: Clock;
  readonly refreshMs: number;
  readonly onError?: (error: unknown) => void;
}

/** SOL/USD, cached. */
export interface PriceCache {
  readonly resource: RefreshingResource<PriceValue>;
  start(scheduler: Scheduler): () => void;
}

/** The public answer for a price value. */
export function toPriceResponse(value: PriceValue, meta: { stale: boolean }): PriceResponse {
  return {
    price: value.quote.price.toString(),
    expo: value.quote.expo,
    conf: value.quote.conf.toString(),
    usd: formatUsdFromPyth(value.quote.price, value.quote.expo),
    publishTime: value.quote.publishTime,
    source: value.source,
    stale: meta.stale,
  };
}

/**
 * Creates the {@link PriceCache}: Pyth when it answers with an acceptable quote; the last good
 * quote marked stale when it does not; the fallback constant when Pyth never answered.
 */
export function createPriceCache(options: PriceCacheOptions): PriceCache {
  const resource = createRefreshingResource<PriceValue>({
    name: 'price',
    clock: options.clock,
    maxAgeMs: Math.max(options.refreshMs * 3, 60_000),
    load: async () => ({ quote: await options.source.getSolUsd(), source: 'pyth' }),
    fallback: () => ({
      source: 'fallback',
      quote: {
        ...FALLBACK_SOL_USD,
        conf: 0n,
        publishTime: Math.floor(options.clock.now() / 1000),
      },
    }),
    toJson: (value, meta) => toPriceResponse(value, meta),
    keyOf: (value) =>
      `${value.source}:${value.quote.price}:${value.quote.expo}:${value.quote.conf}:${value.quote.publishTime}`,
    ...(options.onError === undefined ? {} : { onRefreshError: options.onError }),
  });
  return {
    resource,
    start(scheduler) {
      void resource.refresh();
      return scheduler.every(options.refreshMs, () => void resource.refresh());
    },
  };
}
