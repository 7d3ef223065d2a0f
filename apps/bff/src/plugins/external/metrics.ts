import { hostname } from 'node:os';
import type { FastifyPluginCallback } from 'fastify';
import fp from 'fastify-plugin';
import { Counter, Histogram } from 'prom-client';
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

/** The children of the two HTTP series one (method, route, status) updates. */
interface RequestSeries {
  readonly requests: { inc(): void };
  readonly duration: { observe(seconds: number): void };
}

/**
 * The metrics registry, the HTTP request counter and latency histogram (by route pattern, so
 * the series stay few), and the `x-request-id` answer header: the id under which the request
 * was logged, so a user's report can be matched to the log. Hooks sit on the root instance, so
 * they cover every route, including ones added after the app is built. Per request the
 * series are found by one map lookup (their labelled children are made once per method, route
 * and status), not by hashing label objects.
 */
const metrics: FastifyPluginCallback<MetricsPluginOptions> = (fastify, options, done) => {
  const registry = createMetricsRegistry({
    instanceId: options.instanceId ?? `${hostname()}-${process.pid}`,
  });
  fastify.decorate('metrics', registry);

  const httpDuration = new Histogram({
    name: 'fbt_http_request_duration_seconds',
    help: 'HTTP request latency by route.',
    buckets: [0.001, 0.005, 0.01, 0.05, 0.1, 0.5, 1, 5],
    labelNames: ['method', 'route'],
    registers: [registry.registry],
  });
  const httpRequests = new Counter({
    name: 'fbt_http_requests_total',
    help: 'HTTP requests by route and status.',
    labelNames: ['method', 'route', 'status'],
    registers: [registry.registry],
  });
  const series = new Map<string, RequestSeries>();
  const seriesOf = (method: string, route: string, status: number): RequestSeries => {
    const key = `${method} ${status} ${route}`;
    let found = series.get(key);
    if (found === undefined) {
      found = {
        requests: httpRequests.labels({ method, route, status: String(status) }),
        duration: httpDuration.labels({ method, route }),
      };
      series.set(key, found);
    }
    return found;
  };

  fastify.addHook('onRequest', (request, reply, next) => {
    void reply.header('x-request-id', request.id);
    next();
  });
  fastify.addHook('onResponse', (request, reply, next) => {
    const { requests, duration } = seriesOf(
      request.method,
      request.routeOptions.url ?? 'unmatched',
      reply.statusCode,
    );
    requests.inc();
    duration.observe(reply.elapsedTime / 1000);
    next();
  });
  done();
};

/** Decorates `metrics`; counts and times every request (see {@link metrics}). */
export const metricsPlugin = fp(metrics, { name: 'metrics', fastify: '5.x' });
