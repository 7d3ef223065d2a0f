import type { FastifyPluginCallback } from 'fastify';
import fp from 'fastify-plugin';
import type { AppDeps } from '../../app-deps';
import type { Counter } from '../../observability/metrics';
import { TOPICS, type TopicCaches } from '../../topics/index';
import { buildTopics, type TopicSet } from '../../topics/topic-set';

declare module 'fastify' {
  /** Each topic's cache under its handle (`presaleCache`, `priceCache`, ...: see src/topics/). */
  interface FastifyInstance extends TopicCaches {
    /** Every cached topic, built from the list in `src/topics/index.ts`. */
    topics: TopicSet;
    /** `fbt_upstream_calls_total`: every call this instance makes to an upstream. */
    upstreamCalls: Counter;
    /** `fbt_upstream_failures_total`: every call to an upstream that failed. */
    upstreamFailures: Counter;
  }
}

/** Every port and setting: a topic may read any of them. */
export type CachesOptions = AppDeps;

/**
 * The cached topics of `src/topics/`, built over the ports in list order, each decorated under
 * its handle. Every upstream call is counted (so `/metrics` shows that reads never reach the
 * chain, only refreshes do), and so is every failed call; every failed refresh is counted and
 * logged; the cache keeps
 * serving its last good value meanwhile.
 */
const caches: FastifyPluginCallback<CachesOptions> = (fastify, deps, done) => {
  const upstreamCalls = fastify.metrics.counter(
    'fbt_upstream_calls_total',
    'Calls to upstream services.',
    ['upstream', 'operation'],
  );
  const upstreamFailures = fastify.metrics.counter(
    'fbt_upstream_failures_total',
    'Calls to upstream services that failed (an error or a refused answer).',
    ['upstream', 'operation'],
  );
  const refreshFailures = fastify.metrics.counter(
    'fbt_cache_refresh_failures_total',
    'Failed refreshes of cached upstream values.',
    ['resource'],
  );
  const topics = buildTopics(TOPICS, {
    deps,
    metrics: fastify.metrics,
    log: fastify.log,
    countCall: (upstream, operation) => upstreamCalls.inc({ upstream, operation }),
    countFailure: (upstream, operation) => upstreamFailures.inc({ upstream, operation }),
    countRefreshFailure: (resource) => refreshFailures.inc({ resource }),
    refreshFailed: (resource, error) => {
      refreshFailures.inc({ resource });
      fastify.log.warn({ resource, err: error }, 'upstream refresh failed');
    },
  });

  for (const topic of topics.all) fastify.decorate(topic.handle, topic.cache);
  fastify.decorate('topics', topics);
  fastify.decorate('upstreamCalls', upstreamCalls);
  fastify.decorate('upstreamFailures', upstreamFailures);
  done();
};

/** Decorates `topics`, each topic's handle, `upstreamCalls` and `upstreamFailures` (see {@link caches}). */
export const cachesPlugin = fp(caches, {
  name: 'caches',
  fastify: '5.x',
  dependencies: ['metrics'],
});
