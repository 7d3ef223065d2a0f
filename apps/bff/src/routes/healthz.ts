import type { FastifyPluginCallback } from 'fastify';

/** Probes are never rate-limited: an orchestrator polling them must not be refused. */
export const OPS_ROUTE_CONFIG = { rateLimit: false as const };

/** `GET /healthz`: the process is up (liveness; says nothing about upstreams). */
export const healthzRoute: FastifyPluginCallback = (fastify, _options, done) => {
  fastify.get(
    '/healthz',
    { config: OPS_ROUTE_CONFIG, schema: { tags: ['ops'], summary: 'Process is up' } },
    () => ({ status: 'ok' }),
  );
  done();
};
