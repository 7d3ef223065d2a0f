import type { FastifyPluginCallback } from 'fastify';
import type { MetricsRegistry } from '../observability/metrics';

/** What `/metrics` renders. */
export interface MetricsRouteOptions {
  readonly metrics: MetricsRegistry;
}

/**
 * `GET /metrics`: Prometheus text of the app's registry (process metrics, every `fbt_*`
 * series, the ledger totals read for this scrape). Registered on the metrics server only
 * (`src/metrics-server.ts`), never on the site's port: the ledger totals are not for
 * visitors.
 */
export const metricsRoute: FastifyPluginCallback<MetricsRouteOptions> = (
  fastify,
  { metrics },
  done,
) => {
  fastify.get('/metrics', async (_request, reply) => {
    const text = await metrics.render();
    return reply.type(metrics.contentType).send(text);
  });
  done();
};
