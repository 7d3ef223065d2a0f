import type { FastifyInstance } from 'fastify';
import type { Deployment } from '@fbt/domain';
import type { Counter } from '../../observability/metrics';
import {
  PRICE_SOURCE_MODES,
  type PriceCache,
  type PriceCacheEvents,
} from '../../services/price-cache';

/** The one log line of a refused Hermes key (also the `/readyz` warning). */
export const PYTH_KEY_REFUSED =
  'PYTH_API_KEY missing or refused: Hermes answered 401/403, the site shows the fallback price; asking again every 5 min';

/**
 * How the price cache's events reach the log and `/metrics`: a failed refresh goes through the
 * caches' own `logRefreshError`, like every cache's; a refused key is logged once (at error: only configuration fixes
 * it) until a good price comes; the stream is logged when it opens and when it goes down, not
 * on every reconnect attempt; rejected stream messages are only counted.
 */
export function priceEvents(
  fastify: FastifyInstance,
  refreshFailures: Counter,
  logRefreshError: (resource: string, error: unknown) => void,
): PriceCacheEvents {
  const rejected = fastify.metrics.counter(
    'fbt_price_stream_rejected_total',
    'Streamed Pyth messages that were no acceptable quote (stale, too wide, wrong shape).',
  );
  return {
    onRefreshError: (error) => logRefreshError('price', error),
    onAuthRefused: (error) => {
      refreshFailures.inc({ resource: 'price' });
      fastify.log.error({ resource: 'price', err: error }, PYTH_KEY_REFUSED);
    },
    onStreamRejected: (error) => {
      const code = (error as { code?: unknown }).code;
      rejected.inc({ code: typeof code === 'string' ? code : 'UNKNOWN' });
    },
    onStreamChange: (status) => {
      if (status.state === 'open') {
        fastify.log.info({ resource: 'price' }, 'Pyth price stream open');
      } else {
        fastify.log.warn(
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

/** The start-up warning (and `/readyz` warning) for {@link isMainnetWithoutKey}. */
export const MAINNET_WITHOUT_KEY =
  'PYTH_API_KEY is not set on mainnet-beta: the upgraded Hermes answers 401 without it, so the site would show the fallback price';

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

/** `fbt_price_source_mode{mode}`: 1 for the mode in force, 0 for the others. */
export function registerPriceMetrics(fastify: FastifyInstance, priceCache: PriceCache): void {
  fastify.metrics.gauge(
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
  fastify.metrics.gauge(
    'fbt_price_auth_refused',
    '1 while Hermes refuses PYTH_API_KEY (or its absence) and no good price came since.',
    () => [{ value: priceCache.status().authRefused ? 1 : 0 }],
  );
}
