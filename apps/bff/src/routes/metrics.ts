import type { FastifyPluginCallback } from 'fastify';
import type { LedgerStats } from '@fbt/domain';
import type { AppDeps } from '../app-deps';
import type { MetricsRegistry } from '../observability/metrics';
import { OPS_ROUTE_CONFIG } from './healthz';

/** What `/metrics` uses: the registry to render and the ledger for its totals. */
export type MetricsRouteOptions = Pick<AppDeps, 'ledger'> & {
  readonly metrics: MetricsRegistry;
};

/**
 * `GET /metrics`: Prometheus text. Gauges are read synchronously at render time, so the
 * ledger totals (an async read) are fetched just before rendering, once per scrape.
 */
export const metricsRoute: FastifyPluginCallback<MetricsRouteOptions> = (
  fastify,
  { ledger, metrics },
  done,
) => {
  let ledgerStats: LedgerStats | null = null;
  metrics.gauge('fbt_ledger_leaders', 'Registered leaders.', () =>
    ledgerStats === null ? [] : [{ value: ledgerStats.leaders }],
  );
  metrics.gauge('fbt_ledger_buys', 'Verified leader buys recorded.', () =>
    ledgerStats === null ? [] : [{ value: ledgerStats.buys }],
  );
  metrics.gauge('fbt_ledger_lamports', 'Lamports of recorded leader buys.', () =>
    ledgerStats === null ? [] : [{ value: Number(ledgerStats.totalLamports) }],
  );
  metrics.gauge('fbt_ledger_commission_lamports', 'Commission owed to leaders (lamports).', () =>
    ledgerStats === null ? [] : [{ value: Number(ledgerStats.commissionLamports) }],
  );

  fastify.get(
    '/metrics',
    {
      config: OPS_ROUTE_CONFIG,
      schema: { tags: ['ops'], summary: 'Prometheus metrics', hide: true },
    },
    async (request, reply) => {
      ledgerStats = await ledger.getStats().catch((error: unknown) => {
        request.log.warn({ err: error }, 'ledger stats unavailable');
        return null;
      });
      return reply.type('text/plain; version=0.0.4; charset=utf-8').send(metrics.render());
    },
  );
  done();
};
