import type { FastifyPluginCallback, FastifyReply, FastifyRequest } from 'fastify';
import { z } from 'zod';
import { apiErrorBodySchema, presaleResponseSchema } from '@fbt/domain';
import type { PresaleCache } from '../../../../services/presale-cache';
import { cachedPresale, parseVariant } from './cached-presale';

/** What `/api/v1/presales/:variant` reads. */
export interface PresaleRouteOptions {
  readonly presaleCache: PresaleCache;
}

/**
 * `GET /api/v1/presales/:variant`: the cached presale state, progress and target. The cached
 * answer is pre-serialized, so this route uses the untyped reply (the zod schemas still
 * document it).
 */
export const presaleRoute: FastifyPluginCallback<PresaleRouteOptions> = (
  fastify,
  { presaleCache },
  done,
) => {
  const presaleHandler = (request: FastifyRequest, reply: FastifyReply) => {
    const variant = parseVariant((request.params as { variant: string }).variant);
    return reply.type('application/json').send(cachedPresale(presaleCache, variant).json);
  };
  const presaleSchema = {
    tags: ['presale'],
    summary: 'Cached presale state, progress and target',
    params: z.object({ variant: z.string() }),
    response: { 200: presaleResponseSchema, 404: apiErrorBodySchema, 503: apiErrorBodySchema },
  };
  fastify.get('/api/v1/presales/:variant', { schema: presaleSchema }, presaleHandler);
  done();
};
