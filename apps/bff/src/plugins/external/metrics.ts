import { hostname } from 'node:os';
import type { FastifyPluginCallback } from 'fastify';
import fp from 'fastify-plugin';
import { createHttpMetrics } from '../../observability/http-metrics';
import { createMetricsRegistry, type MetricsRegistry } from '../../observability/metrics';

declare module 'fastify' {
  interface FastifyInstance {
    /** The Prometheus registry served on the metrics port; plugins and routes add series. */
    metrics: MetricsRegistry;
  }
}

/** Options of {@link metricsPlugin}. */
export interface MetricsPluginOptions {
  /** The `instance_id` label of every series; default `<hostname>-<pid>`. */
  readonly instanceId?: string | undefined;
}

/**
 * The metrics registry, the HTTP request counter and latency histogram (by route pattern, so
 * the series stay few), and the `x-request-id` answer header: the id under which the request
 * was logged, so a user's report can be matched to the log. Hooks sit on the root instance, so
 * they cover every route, including ones added after the app is built. Per request the HTTP
 * series cost one map lookup ({@link createHttpMetrics}), not a hash of two label objects.
 */
const metrics: FastifyPluginCallback<MetricsPluginOptions> = (fastify, options, done) => {
  const registry = createMetricsRegistry({
    instanceId: options.instanceId ?? `${hostname()}-${process.pid}`,
  });
  fastify.decorate('metrics', registry);

  const http = createHttpMetrics(registry.registry);

  fastify.addHook('onRequest', (request, reply, next) => {
    void reply.header('x-request-id', request.id);
    next();
  });
  fastify.addHook('onResponse', (request, reply, next) => {
    http.record(
      request.method,
      request.routeOptions.url ?? 'unmatched',
      reply.statusCode,
      reply.elapsedTime / 1000,
    );
    next();
  });
  done();
};

/** Decorates `metrics`; counts and times every request (see {@link metrics}). */
export const metricsPlugin = fp(metrics, { name: 'metrics', fastify: '5.x' });
