import type { FastifyPluginCallback } from 'fastify';
import fp from 'fastify-plugin';
import { createMetricsRegistry, type MetricsRegistry } from '../../observability/metrics';

declare module 'fastify' {
  interface FastifyInstance {
    /** The Prometheus registry served at `/metrics`; plugins and routes add their series. */
    metrics: MetricsRegistry;
  }
}

/**
 * The metrics registry, the HTTP request counter and latency histogram (by route pattern, so
 * the series stay few), and the `x-request-id` answer header: the id under which the request
 * was logged, so a user's report can be matched to the log. Hooks sit on the root instance, so
 * they cover every route, including ones added after the app is built.
 */
const metrics: FastifyPluginCallback = (fastify, _options, done) => {
  const registry = createMetricsRegistry();
  fastify.decorate('metrics', registry);

  const httpDuration = registry.histogram(
    'fbt_http_request_duration_seconds',
    'HTTP request latency by route.',
    [0.001, 0.005, 0.01, 0.05, 0.1, 0.5, 1, 5],
  );
  const httpRequests = registry.counter(
    'fbt_http_requests_total',
    'HTTP requests by route and status.',
  );
  fastify.addHook('onRequest', (request, reply, next) => {
    void reply.header('x-request-id', request.id);
    next();
  });
  fastify.addHook('onResponse', (request, reply, next) => {
    const route = request.routeOptions.url ?? 'unmatched';
    httpRequests.inc({ method: request.method, route, status: String(reply.statusCode) });
    httpDuration.observe({ method: request.method, route }, reply.elapsedTime / 1000);
    next();
  });
  done();
};

/** Decorates `metrics`; counts and times every request (see {@link metrics}). */
export const metricsPlugin = fp(metrics, { name: 'metrics', fastify: '5.x' });
