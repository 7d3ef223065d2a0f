import type { FastifyInstance } from 'fastify';
import type { LedgerStats } from '@fbt/domain';
import type { AppContext } from '../app-context';
import type { ResourceHealth } from '../cache/refreshing-resource';

/** Health of every cached upstream. */
export function collectHealth(context: AppContext): ResourceHealth[] {
  return [
    ...Object.values(context.presales.resources).map((resource) => resource.health()),
    ...(context.deps.priceSource === null ? [] : [context.price.resource.health()]),
    ...Object.values(context.goals.resources).map((resource) => resource.health()),
  ];
}

/** Why an upstream is not fit to serve, or null. */
function problemOf(health: ResourceHealth): string | null {
  if (!health.hasValue)
    return `${health.name}: no value yet${health.lastError === null ? '' : ` (${health.lastError})`}`;
  if (health.ageMs !== null && health.ageMs > health.maxAgeMs) {
    return `${health.name}: last good value is ${Math.round(health.ageMs / 1000)} s old (budget ${Math.round(health.maxAgeMs / 1000)} s)${health.lastError === null ? '' : `; last error ${health.lastError}`}`;
  }
  return null;
}

/** `/healthz`, `/readyz`, `/metrics`. */
export function registerOpsRoutes(app: FastifyInstance, context: AppContext): void {
  const opsConfig = { rateLimit: false as const };

  app.get(
    '/healthz',
    { config: opsConfig, schema: { tags: ['ops'], summary: 'Process is up' } },
    () => ({ status: 'ok' }),
  );

  app.get(
    '/readyz',
    {
      config: opsConfig,
      schema: { tags: ['ops'], summary: 'Upstreams are fresh (503 with reasons otherwise)' },
    },
    async (_request, reply) => {
      const reasons = collectHealth(context)
        .map(problemOf)
        .filter((reason): reason is string => reason !== null);
      // The ledger is local, but a broken or locked database file must take us out of rotation.
      await context.deps.ledger.getStats().catch((error: unknown) => {
        reasons.push(
          `ledger: ${error instanceof Error ? error.message.slice(0, 120) : 'unavailable'}`,
        );
      });
      return reply.code(reasons.length === 0 ? 200 : 503).send({
        status: reasons.length === 0 ? 'ready' : 'not-ready',
        reasons,
      });
    },
  );

  // Gauges are read synchronously at render time: the ledger totals are fetched just before.
  let ledgerStats: LedgerStats | null = null;
  context.metrics.gauge('fbt_ledger_leaders', 'Registered leaders.', () =>
    ledgerStats === null ? [] : [{ value: ledgerStats.leaders }],
  );
  context.metrics.gauge('fbt_ledger_buys', 'Verified leader buys recorded.', () =>
    ledgerStats === null ? [] : [{ value: ledgerStats.buys }],
  );
  context.metrics.gauge('fbt_ledger_lamports', 'Lamports of recorded leader buys.', () =>
    ledgerStats === null ? [] : [{ value: Number(ledgerStats.totalLamports) }],
  );
  context.metrics.gauge(
    'fbt_ledger_commission_lamports',
    'Commission owed to leaders (lamports).',
    () => (ledgerStats === null ? [] : [{ value: Number(ledgerStats.commissionLamports) }]),
  );

  app.get(
    '/metrics',
    { config: opsConfig, schema: { tags: ['ops'], summary: 'Prometheus metrics', hide: true } },
    async (request, reply) => {
      ledgerStats = await context.deps.ledger.getStats().catch((error: unknown) => {
        request.log.warn({ err: error }, 'ledger stats unavailable');
        return null;
      });
      return reply.type('text/plain; version=0.0.4; charset=utf-8').send(context.metrics.render());
    },
  );
}
