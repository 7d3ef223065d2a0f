import type { FastifyPluginCallback } from 'fastify';
import fp from 'fastify-plugin';
import type { AppDeps } from '../../app-deps';
import type { ResourceHealth } from '../../cache/refreshing-resource';
import { registerHealthMetrics } from '../../observability/health-metrics';
import type { ClusterStatus } from '../../cluster/cluster';
import type { PriceSourceMode } from '../../services/price-cache';

/** What the health of this instance is made of. */
/** `/readyz`'s `priceMode`: the price cache's own mode, or `shared` on a follower. */
export type ReadyPriceMode = PriceSourceMode | 'shared';

export interface Health {
  /** Health of every topic's upstream values (the price only when a price source is configured). */
  readonly resources: () => ResourceHealth[];
  /** Why this instance should not take traffic; empty when it is ready. */
  readonly notReadyReasons: () => Promise<string[]>;
  /** What an operator should know but that does not stop traffic (the topics' warnings, Redis, allowlists). */
  readonly warnings: () => string[];
  /**
   * Where the served price comes from now; `shared` on an instance that follows the lease
   * holder (it serves the holder's price from Redis and calls no price source itself).
   */
  readonly priceMode: () => ReadyPriceMode;
  /** How this instance shares work with the others (`single` when alone). */
  readonly cluster: () => ClusterStatus;
  /** What the topics add to `/readyz` (the keeper of delivery at completion). */
  readonly detail: () => Record<string, unknown>;
}

declare module 'fastify' {
  interface FastifyInstance {
    /** Readiness and cache freshness, for `/readyz` and `/metrics`. */
    health: Health;
  }
}

/** The ledger, which must answer for the instance to be ready. */
export type HealthOptions = Pick<AppDeps, 'ledger'>;

/** Why an upstream is not fit to serve, or null. */
function problemOf(health: ResourceHealth): string | null {
  if (!health.hasValue)
    return `${health.name}: no value yet${health.lastError === null ? '' : ` (${health.lastError})`}`;
  if (health.ageMs !== null && health.ageMs > health.maxAgeMs) {
    return `${health.name}: last good value is ${Math.round(health.ageMs / 1000)} s old (budget ${Math.round(health.maxAgeMs / 1000)} s)${health.lastError === null ? '' : `; last error ${health.lastError}`}`;
  }
  return null;
}

/** Degraded but ready: Redis down means more upstream calls and per-instance fan-out only. */
function clusterWarnings(status: ClusterStatus): string[] {
  if (status.mode !== 'local-fallback') return [];
  return [
    `cluster: Redis unavailable (${status.redisProblem ?? 'unknown'}); this instance polls upstreams itself and its websocket clients get only its own updates until Redis is back`,
  ];
}

/**
 * Health of the instance: every topic's upstream values are younger than the topic's health
 * rule allows (`src/topics/`), and the ledger answers (it is local, but a broken or locked
 * database file must take us out of rotation). Also exposes each value's age, budget and
 * staleness and the readiness itself as gauges (`registerHealthMetrics`).
 */
const health: FastifyPluginCallback<HealthOptions> = (fastify, options, done) => {
  const { topics, priceCache, cluster } = fastify;
  const resources = (): ResourceHealth[] => topics.all.flatMap((topic) => topic.health());

  fastify.decorate('health', {
    resources,
    notReadyReasons: async () => {
      const reasons = resources()
        .map(problemOf)
        .filter((reason): reason is string => reason !== null);
      await options.ledger.getStats().catch((error: unknown) => {
        reasons.push(
          `ledger: ${error instanceof Error ? error.message.slice(0, 120) : 'unavailable'}`,
        );
      });
      return reasons;
    },
    warnings: () => [
      ...topics.all.flatMap((topic) => topic.warnings?.() ?? []),
      ...clusterWarnings(cluster.status()),
      ...fastify.allowlists.warnings(),
    ],
    priceMode: () => {
      const { mode } = priceCache.status();
      return (mode === 'stream' || mode === 'poll') && !cluster.status().polling ? 'shared' : mode;
    },
    cluster: () => cluster.status(),
    detail: () =>
      topics.all.reduce<Record<string, unknown>>(
        (detail, topic) => ({ ...detail, ...topic.detail?.() }),
        {},
      ),
  } satisfies Health);

  registerHealthMetrics(fastify.metrics, fastify.health);
  done();
};

/** Decorates `health` (see {@link health}). */
export const healthPlugin = fp(health, {
  name: 'health',
  fastify: '5.x',
  dependencies: ['metrics', 'caches', 'cluster', 'allowlists'],
});
