import type { FastifyPluginCallback } from 'fastify';
import type { Health } from '../plugins/app/health';
import { OPS_ROUTE_CONFIG } from './healthz';

/** What `/readyz` asks: why the instance should not take traffic, and what else to know. */
export type ReadyzRouteOptions = Pick<Health, 'notReadyReasons' | 'warnings' | 'priceMode'> &
  Partial<Pick<Health, 'cluster' | 'detail'>>;

/**
 * `GET /readyz`: 200 when every upstream is fresh and the ledger answers, else 503 + reasons.
 * Both carry `priceMode` (stream, poll, fallback, disabled, or shared on an instance serving the
 * lease holder's price) and `warnings` that do not stop
 * traffic (a price stream down while polling works, a refused or missing Pyth key, Redis
 * unavailable), and `cluster` (mode `single`, `redis` or `local-fallback`, instance id, whether
 * this instance polls the upstreams), and what the topics add (`keeper`: the fee payer and each
 * presale's delivery phase).
 */
export const readyzRoute: FastifyPluginCallback<ReadyzRouteOptions> = (
  fastify,
  { notReadyReasons, warnings, priceMode, cluster, detail },
  done,
) => {
  fastify.get(
    '/readyz',
    {
      config: OPS_ROUTE_CONFIG,
      schema: { tags: ['ops'], summary: 'Upstreams are fresh (503 with reasons otherwise)' },
    },
    async (_request, reply) => {
      const reasons = await notReadyReasons();
      return reply.code(reasons.length === 0 ? 200 : 503).send({
        status: reasons.length === 0 ? 'ready' : 'not-ready',
        reasons,
        priceMode: priceMode(),
        ...(cluster === undefined ? {} : { cluster: cluster() }),
        ...(detail === undefined ? {} : detail()),
        warnings: warnings(),
      });
    },
  );
  done();
};
