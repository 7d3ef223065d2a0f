import type {
  Clock,
  PriceResponse,
  PriceSource,
  PriceStreamListener,
  PriceStreamStatus,
  PythPrice,
  Unsubscribe,
} from '@fbt/domain';
import { FALLBACK_SOL_USD, formatUsdFromPyth } from '@fbt/domain';
import { createRefreshingResource, type RefreshingResource } from '../cache/refreshing-resource';
import type { Scheduler } from '../cache/scheduler';

/** A quote and where it came from. */
export interface PriceValue {
  readonly quote: PythPrice;
  readonly source: 'pyth' | 'fallback';
}

/**
 * Where the served price comes from: Pyth's stream (pushed seconds apart), Pyth polled every
 * `refreshMs` (the stream is down or silent), the fallback constant (no good price at all), or
 * no price source configured.
 */
export type PriceSourceMode = 'stream' | 'poll' | 'fallback' | 'disabled';

/** Every {@link PriceSourceMode}, for the `fbt_price_source_mode` gauge. */
export const PRICE_SOURCE_MODES: readonly PriceSourceMode[] = [
  'stream',
  'poll',
  'fallback',
  'disabled',
];

/** What the price cache reports (the caches plugin logs it and counts it). */
export interface PriceCacheEvents {
  /** A refresh failed for another reason than a refused key. */
  readonly onRefreshError?: (error: unknown) => void;
  /** The first 401/403 after a good price (or at start): logged once, not on every retry. */
  readonly onAuthRefused?: (error: unknown) => void;
  /** A streamed message was no acceptable quote (counted, not logged: it may come every 400 ms). */
  readonly onStreamRejected?: (error: Error) => void;
  /** The stream opened, or went down (once per outage, not per reconnect attempt). */
  readonly onStreamChange?: (status: PriceStreamStatus) => void;
}

/** Options of {@link createPriceCache}. */
export interface PriceCacheOptions extends PriceCacheEvents {
  /** The cache's name (metrics, `/readyz`, the key it is shared under). */
  readonly name: string;
  /** Null: no price source; the fallback constant is served and nothing refreshes. */
  readonly source: PriceSource | null;
  readonly clock: Clock;
  readonly refreshMs: number;
  /** Beyond this age the price counts as unhealthy. */
  readonly maxAgeMs: number;
  /** Least time between two stream quotes taken into the cache (and pushed to the site). */
  readonly pushIntervalMs?: number;
  /** With no stream quote for this long, the stream no longer counts and polling resumes. */
  readonly streamSilenceMs?: number;
}

/** Where the price stands, for `/readyz` and `/metrics`. */
export interface PriceStatus {
  readonly mode: PriceSourceMode;
  /** The stream's last problem while it is down, or null. */
  readonly streamDown: string | null;
  /** Hermes refused the API key (or its absence) and no good price came since. */
  readonly authRefused: boolean;
}

/** SOL/USD, cached, fed by Pyth's stream when it runs and by polling otherwise. */
export interface PriceCache {
  readonly resource: RefreshingResource<PriceValue>;
  /** Starts the first read, the poll and the stream; returns what stops them. */
  start(scheduler: Scheduler): () => void;
  status(): PriceStatus;
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

/** True for the adapters' refused-key error (`UPSTREAM__UNAUTHORIZED`), matched on its code. */
function isAuthRefusal(error: unknown): boolean {
  return (
    typeof error === 'object' &&
    error !== null &&
    (error as { code?: unknown }).code === 'UPSTREAM__UNAUTHORIZED'
  );
}

/**
 * Creates the {@link PriceCache}: Pyth when it answers with an acceptable quote; the last good
 * quote marked stale when it does not; the fallback constant when Pyth never answered. When the
 * source streams, its quotes go into the cache at most once per `pushIntervalMs` (so the site
 * gets one price message a second, not one per Hermes update) and the periodic poll asks
 * Hermes only while the stream is down or silent.
 */
export function createPriceCache(options: PriceCacheOptions): PriceCache {
  const { clock, source } = options;
  const pushIntervalMs = options.pushIntervalMs ?? 1000;
  const streamSilenceMs = options.streamSilenceMs ?? 15_000;
  let streamOpen = false;
  let streamDown: string | null = null;
  let lastStreamQuoteAt: number | null = null;
  let lastPushAt = Number.NEGATIVE_INFINITY;
  let pending: PythPrice | null = null;
  let authRefused = false;

  const goodPrice = (): void => {
    authRefused = false;
  };
  const refused = (error: unknown): void => {
    if (!authRefused) options.onAuthRefused?.(error);
    authRefused = true;
  };

  const resource = createRefreshingResource<PriceValue>({
    name: options.name,
    clock,
    maxAgeMs: options.maxAgeMs,
    load: async () => {
      if (source === null) throw new Error('PRICE__DISABLED');
      const quote = await source.getSolUsd();
      goodPrice();
      return { quote, source: 'pyth' };
    },
    fallback: () => ({
      source: 'fallback',
      quote: { ...FALLBACK_SOL_USD, conf: 0n, publishTime: Math.floor(clock.now() / 1000) },
    }),
    toJson: (value, meta) => toPriceResponse(value, meta),
    keyOf: (value) =>
      `${value.source}:${value.quote.price}:${value.quote.expo}:${value.quote.conf}:${value.quote.publishTime}`,
    onRefreshError: (error) => {
      if (source === null) return;
      if (isAuthRefusal(error)) refused(error);
      else options.onRefreshError?.(error);
    },
  });

  const streaming = (): boolean =>
    streamOpen && lastStreamQuoteAt !== null && clock.now() - lastStreamQuoteAt <= streamSilenceMs;

  const take = (quote: PythPrice): void => {
    pending = null;
    lastPushAt = clock.now();
    resource.push({ quote, source: 'pyth' });
  };

  const listener: PriceStreamListener = {
    onQuote: (quote) => {
      lastStreamQuoteAt = clock.now();
      goodPrice();
      if (clock.now() - lastPushAt >= pushIntervalMs) take(quote);
      else pending = quote;
    },
    onRejected: (error) => options.onStreamRejected?.(error),
    onStatus: (status) => {
      if (status.state === 'open') {
        if (!streamOpen) options.onStreamChange?.(status);
        streamOpen = true;
        streamDown = null;
        return;
      }
      const wasUp = streamOpen || streamDown === null;
      streamOpen = false;
      streamDown = status.reason;
      if (status.unauthorized) refused(new Error(`stream ${status.reason}`));
      else if (wasUp) options.onStreamChange?.(status);
    },
  };

  return {
    resource,
    start(scheduler) {
      void resource.refresh();
      if (source === null) return () => undefined;
      const stopPoll = scheduler.every(options.refreshMs, () => {
        if (!streaming()) {
          void resource.refresh();
        } else if (pending !== null && clock.now() - lastPushAt >= pushIntervalMs) {
          take(pending);
        }
      });
      // Never pushes faster than `pushIntervalMs`; a quote held back goes in with the next one.
      const stopStream: Unsubscribe | null = source.watchSolUsd?.(listener) ?? null;
      return () => {
        stopPoll();
        stopStream?.();
      };
    },
    status() {
      const health = resource.health();
      let mode: PriceSourceMode;
      if (source === null) mode = 'disabled';
      else if (!health.hasValue) mode = 'fallback';
      else mode = streaming() ? 'stream' : 'poll';
      return { mode, streamDown, authRefused };
    },
  };
}
