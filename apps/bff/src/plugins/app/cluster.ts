import { hostname } from 'node:os';
import type { FastifyPluginCallback } from 'fastify';
import fp from 'fastify-plugin';
import type { AppDeps } from '../../app-deps';
import {
  CLUSTER_MODES,
  createRedisCluster,
  createSingleCluster,
  type Cluster,
} from '../../cluster/cluster';
import { replicable } from '../../cluster/shared-entry';
import { registerClusterMetrics } from '../../observability/cluster-metrics';

declare module 'fastify' {
  interface FastifyInstance {
    /** Who polls the upstreams and how stream messages reach the other instances. */
    cluster: Cluster;
  }
}

/** What {@link clusterPlugin} reads: the Redis connections (when configured) and the ids. */
export type ClusterPluginOptions = Pick<AppDeps, 'cluster' | 'scheduler' | 'clock' | 'deployment'>;

/** `<hostname>-<pid>`: unique per process on a host, readable in logs and metrics. */
export function defaultInstanceId(): string {
  return `${hostname()}-${process.pid}`;
}

/**
 * The cluster: with Redis connections, instances elect one upstream poller through a lease,
 * share the cached entries of every topic the lease holder reads, and pass the holder the
 * re-reads the others ask of it (see `TopicSharing` in src/topics/; a derived topic is made by
 * every instance from shared ones);
 * without, this instance is alone (`single`, today's behaviour). Keys and channel are named
 * after the program id, so deployments sharing a Redis never mix. `fbt_cluster_*` say what it is
 * doing and who holds the lease (`registerClusterMetrics`; every series carries `instance_id`).
 */
const cluster: FastifyPluginCallback<ClusterPluginOptions> = (fastify, options, done) => {
  const { topics } = fastify;
  const instanceId = options.cluster?.instanceId ?? defaultInstanceId();
  const redis = options.cluster?.redis;
  const shared =
    redis === undefined
      ? createSingleCluster(instanceId)
      : createRedisCluster({
          redis: redis.redis,
          subscriber: redis.subscriber,
          instanceId,
          leaseTtlMs: options.cluster?.leaseTtlMs ?? 10_000,
          prefix: `fbt:${options.deployment.programId}:`,
          resources: topics.all.flatMap(({ shared }) =>
            shared.by === 'lease-holder'
              ? shared.entries.map((resource) => replicable(resource, options.clock))
              : [],
          ),
          scheduler: options.scheduler,
          clock: options.clock,
          log: fastify.log,
        });

  // Re-reads a follower wants of a lease-holder topic go to the holder, which reads again.
  const requests = new Map(
    topics.all.flatMap(({ handle, shared: sharing }) =>
      sharing.by === 'lease-holder' && sharing.refreshRequests !== undefined
        ? [[handle, sharing.refreshRequests] as const]
        : [],
    ),
  );
  for (const [handle, topicRequests] of requests) {
    topicRequests.onWanted(() => shared.requestRefresh(handle));
  }
  shared.onRefreshRequest((handle) => requests.get(handle)?.requested());

  registerClusterMetrics(fastify.metrics, shared, CLUSTER_MODES);
  fastify.addHook('onClose', async () => {
    await shared.close();
  });
  fastify.decorate('cluster', shared);
  done();
};

/** Decorates `cluster` (see {@link cluster}). */
export const clusterPlugin = fp(cluster, {
  name: 'cluster',
  fastify: '5.x',
  dependencies: ['metrics', 'caches'],
});
