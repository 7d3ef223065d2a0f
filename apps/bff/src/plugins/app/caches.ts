import type { FastifyPluginCallback } from 'fastify';
import fp from 'fastify-plugin';
import type { AppDeps, AppSettings } from '../../app-deps';
import type { Counter } from '../../observability/metrics';
import { createGoalsCache, type GoalsCache } from '../../services/goals-cache';
import { createPresaleCache, type PresaleCache } from '../../services/presale-cache';
import { createPriceCache, type PriceCache } from '../../services/price-cache';
import {
  isMainnetWithoutKey,
  MAINNET_WITHOUT_KEY,
  priceEvents,
  registerPriceMetrics,
} from './price-observability';

declare module 'fastify' {
  interface FastifyInstance {
    /** The three presale accounts, cached (refreshed by the background loops). */
    presaleCache: PresaleCache;
    /** SOL/USD, cached. */
    priceCache: PriceCache;
    /** Telegram members and X followers, cached. */
    goalsCache: GoalsCache;
    /** `fbt_upstream_calls_total`: every call this instance makes to an upstream. */
    upstreamCalls: Counter;
  }
}

/** The ports and settings {@link cachesPlugin} reads. */
export type CachesOptions = Pick<
  AppDeps,
  'deployment' | 'clock' | 'presaleReader' | 'priceSource' | 'counters'
> & {
  readonly settings: Pick<
    AppSettings,
    'presaleRefreshMs' | 'priceRefreshMs' | 'goalsRefreshMs' | 'pythApiKeySet'
  >;
};

/**
 * The presale, price and goals caches over their ports. Every upstream call is counted (so
 * `/metrics` shows that reads never reach the chain, only refreshes do) and every failed
 * refresh is counted and logged; the cache keeps serving its last good value meanwhile.
 * Without a price source the price cache serves the fallback quote and logs nothing. On
 * mainnet-beta with Pyth on and no API key, start-up logs a warning (Hermes will answer 401).
 */
const caches: FastifyPluginCallback<CachesOptions> = (fastify, options, done) => {
  const { deployment, clock, presaleReader, priceSource, counters, settings } = options;
  const upstreamCalls = fastify.metrics.counter(
    'fbt_upstream_calls_total',
    'Calls to upstream services.',
  );
  const refreshFailures = fastify.metrics.counter(
    'fbt_cache_refresh_failures_total',
    'Failed refreshes of cached upstream values.',
  );
  const logRefreshError = (resource: string, error: unknown): void => {
    refreshFailures.inc({ resource });
    fastify.log.warn({ resource, err: error }, 'upstream refresh failed');
  };

  const presaleCache = createPresaleCache({
    addresses: {
      public: deployment.presales.public.address,
      private: deployment.presales.private.address,
      leader: deployment.presales.leader.address,
    },
    reader: {
      readPresaleState: (address) => {
        upstreamCalls.inc({ upstream: 'rpc', operation: 'readPresaleState' });
        return presaleReader.readPresaleState(address);
      },
      watchPresaleState: presaleReader.watchPresaleState.bind(presaleReader),
    },
    clock,
    refreshMs: settings.presaleRefreshMs,
    onError: (variant, error) => logRefreshError(`presale:${variant}`, error),
  });
  const priceCache = createPriceCache({
    source:
      priceSource === null
        ? null
        : {
            getSolUsd: () => {
              upstreamCalls.inc({ upstream: 'pyth', operation: 'getSolUsd' });
              return priceSource.getSolUsd();
            },
            ...(priceSource.watchSolUsd === undefined
              ? {}
              : {
                  watchSolUsd: (listener) => {
                    upstreamCalls.inc({ upstream: 'pyth', operation: 'watchSolUsd' });
                    return priceSource.watchSolUsd?.(listener) ?? (() => undefined);
                  },
                }),
          },
    clock,
    refreshMs: settings.priceRefreshMs,
    ...priceEvents(fastify, refreshFailures, logRefreshError),
  });
  const goalsCache = createGoalsCache({
    counters: {
      getCount: (community) => {
        upstreamCalls.inc({ upstream: 'community', operation: community });
        return counters.getCount(community);
      },
    },
    clock,
    refreshMs: settings.goalsRefreshMs,
    onError: (community, error) => logRefreshError(`goals:${community}`, error),
  });

  registerPriceMetrics(fastify, priceCache);
  if (isMainnetWithoutKey(deployment, priceSource !== null, settings.pythApiKeySet)) {
    fastify.log.warn({ resource: 'price' }, MAINNET_WITHOUT_KEY);
  }

  fastify.decorate('presaleCache', presaleCache);
  fastify.decorate('priceCache', priceCache);
  fastify.decorate('goalsCache', goalsCache);
  fastify.decorate('upstreamCalls', upstreamCalls);
  done();
};

/** Decorates `presaleCache`, `priceCache`, `goalsCache`, `upstreamCalls` (see {@link caches}). */
export const cachesPlugin = fp(caches, {
  name: 'caches',
  fastify: '5.x',
  dependencies: ['metrics'],
});
