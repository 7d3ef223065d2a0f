import type { AddressInfo } from 'node:net';
import Fastify, { type FastifyInstance } from 'fastify';
import { metricsRoute } from './routes/metrics';

/** Where the metrics server listens. Port 0 picks a free one. */
export interface MetricsServerOptions {
  readonly host: string;
  readonly port: number;
}

/** A listening metrics server. */
export interface MetricsServer {
  /** e.g. `http://127.0.0.1:9464/metrics` */
  readonly url: string;
  readonly port: number;
  close(): Promise<void>;
}

/**
 * Serves `GET /metrics` of `app` (its `metrics` registry) on a port of its own, so the site's
 * port never shows the ledger totals or the process figures to a visitor: bind it to loopback
 * or a private interface (`METRICS_HOST`) and let Prometheus scrape it there. A tiny Fastify
 * instance without the site's plugins; anything but `/metrics` is 404. Closing it leaves the
 * app running (and the other way round).
 */
export async function startMetricsServer(
  app: Pick<FastifyInstance, 'metrics'>,
  options: MetricsServerOptions,
): Promise<MetricsServer> {
  const server = Fastify({ logger: false });
  await server.register(metricsRoute, { metrics: app.metrics });
  await server.listen({ host: options.host, port: options.port });
  const { port } = server.server.address() as AddressInfo;
  const host = options.host.includes(':') ? `[${options.host}]` : options.host;
  return {
    url: `http://${host}:${port}/metrics`,
    port,
    close: () => server.close(),
  };
}
