import type { Deployment, PriceSource } from '@fbt/domain';
import { priceResponseSchema } from '@fbt/domain';
import { HttpError } from '../http/http-error';
import type { MetricsRegistry } from '../observability/metrics';
import {
  createPriceCache,
  PRICE_SOURCE_MODES,
  type PriceCache,
  type PriceCacheEvents,
} from '../services/price-cache';
import { cachedFeed, resourceJson } from './feeds';
import { countedCall, defineTopic, requirePeriod, type TopicContext } from './topic';

/** The one log line of a refused Hermes key (also the `/readyz` warning). */
export const PYTH_KEY_REFUSED =
  'PYTH_API_KEY missing or refused: Hermes answered 401/403, the site shows the fallback price; asking again every 5 min';

/** The start-up warning (and `/readyz` warning) for {@link isMainnetWithoutKey}. */
export const MAINNET_WITHOUT_KEY =
  'PYTH_API_KEY is not set on mainnet-beta: the upgraded Hermes answers 401 without it, so the site would show the fallback price';

/**
 * SOL/USD (`price`): Pyth's stream when it runs, polled every `PRICE_REFRESH_MS` while it does
 * not, the fallback constant before any good quote (each Hermes call counted as
 * `pyth`/`getSolUsd` or `pyth`/`watchSolUsd`); the `price` message carries its `PriceResponse`,
 * served as the same bytes at `GET /api/v1/price/sol-usd`; read by the upstream lease holder
 * only; unfit for `/readyz` once older than three refresh periods (at least 60 s), and not
 * judged at all without a price source (the fallback is then expected and read once by every
 * instance).
 */
export const priceTopic = defineTopic({
  handle: 'priceCache',
  refreshSetting: 'priceRefreshMs',
  maxAgeMs: (refreshMs) => Math.max(refreshMs * 3, 60_000),
  create(context) {
    const { priceSource, clock, deployment, settings } = context.deps;
    const { refreshMs, maxAgeMs } = requirePeriod(context);
    const cache = createPriceCache({
      name: 'price',
      source: priceSource === null ? null : countedPriceSource(priceSource, context),
      clock,
      refreshMs,
      maxAgeMs,
      ...priceEvents(context),
    });
    registerPriceMetrics(context.metrics, cache);
    const mainnetWithoutKey = isMainnetWithoutKey(
      deployment,
      priceSource !== null,
      settings.pythApiKeySet,
    );
    if (mainnetWithoutKey) context.log.warn({ resource: 'price' }, MAINNET_WITHOUT_KEY);
    return {
      cache,
      feeds: [
        cachedFeed('price', 'price', resourceJson(cache.resource), {
          url: '/api/v1/price/sol-usd',
          schema: {
            tags: ['market'],
            summary: 'SOL/USD from Pyth (or the fallback constant), cached',
            response: { 200: priceResponseSchema },
          },
          unavailable: () => new HttpError('PRICE__UNAVAILABLE', 'No price yet.', undefined, 2),
        }),
      ],
      shared: { by: 'lease-holder', entries: [cache.resource] },
      health: () => (priceSource === null ? [] : [cache.resource.health()]),
      warnings: () => priceWarnings(cache, mainnetWithoutKey),
      ...(priceSource === null
        ? { startLocal: () => void cache.resource.refresh() }
        : { start: (scheduler) => cache.start(scheduler) }),
    };
  },
});

/** The price source with every call to Hermes counted. */
function countedPriceSource(source: PriceSource, context: TopicContext): PriceSource {
  return {
    getSolUsd: () => countedCall(context, 'pyth', 'getSolUsd', () => source.getSolUsd()),
    ...(source.watchSolUsd === undefined
      ? {}
      : {
          watchSolUsd: (listener) => {
            context.countCall('pyth', 'watchSolUsd');
            return source.watchSolUsd?.(listener) ?? (() => undefined);
          },
        }),
  };
}

/**
 * How the price cache's events reach the log and `/metrics`: a failed refresh is counted and
 * logged like every cache's; a refused key is logged once (at error: only configuration fixes
 * it) until a good price comes; the stream is logged when it opens and when it goes down, not
 * on every reconnect attempt; rejected stream messages are only counted.
 */
function priceEvents(context: TopicContext): PriceCacheEvents {
  const rejected = context.metrics.counter(
    'fbt_price_stream_rejected_total',
    'Streamed Pyth messages that were no acceptable quote (stale, too wide, wrong shape).',
  );
  return {
    onRefreshError: (error) => context.refreshFailed('price', error),
    onAuthRefused: (error) => {
      context.countRefreshFailure('price');
      context.log.error({ resource: 'price', err: error }, PYTH_KEY_REFUSED);
    },
    onStreamRejected: (error) => {
      const code = (error as { code?: unknown }).code;
      rejected.inc({ code: typeof code === 'string' ? code : 'UNKNOWN' });
    },
    onStreamChange: (status) => {
      if (status.state === 'open') {
        context.log.info({ resource: 'price' }, 'Pyth price stream open');
      } else {
        context.log.warn(
          { resource: 'price', reason: status.reason, retryInMs: status.retryInMs },
          'Pyth price stream down: polling until it reconnects',
        );
      }
    },
  };
}

/** True when the BFF serves mainnet with Pyth on and no API key: Hermes will answer 401. */
export function isMainnetWithoutKey(
  deployment: Pick<Deployment, 'cluster'>,
  pythEnabled: boolean,
  pythApiKeySet: boolean | undefined,
): boolean {
  return deployment.cluster === 'mainnet-beta' && pythEnabled && pythApiKeySet === false;
}

/**
 * What `/readyz` says about the price without taking the instance out of rotation (the price
 * cache's age already does that): the mode, a stream that is down, a refused key.
 */
export function priceWarnings(priceCache: PriceCache, mainnetWithoutKey: boolean): string[] {
  const status = priceCache.status();
  const warnings: string[] = [];
  if (mainnetWithoutKey) warnings.push(`price: ${MAINNET_WITHOUT_KEY}`);
  if (status.authRefused) warnings.push(`price: ${PYTH_KEY_REFUSED}`);
  if (status.mode === 'poll' && status.streamDown !== null) {
    warnings.push(`price: stream down (${status.streamDown}), polling`);
  }
  if (status.mode === 'fallback') warnings.push('price: no good Pyth price, serving the fallback');
  return warnings;
}

/** `fbt_price_source_mode{mode}` (1 for the mode in force) and `fbt_price_auth_refused`. */
function registerPriceMetrics(metrics: MetricsRegistry, priceCache: PriceCache): void {
  metrics.gauge(
    'fbt_price_source_mode',
    'Where the served SOL/USD comes from: stream, poll, fallback or disabled (1 = in force).',
    () => {
      const { mode } = priceCache.status();
      return PRICE_SOURCE_MODES.map((candidate) => ({
        labels: { mode: candidate },
        value: candidate === mode ? 1 : 0,
      }));
    },
  );
  metrics.gauge(
    'fbt_price_auth_refused',
    '1 while Hermes refuses PYTH_API_KEY (or its absence) and no good price came since.',
    () => [{ value: priceCache.status().authRefused ? 1 : 0 }],
  );
}
