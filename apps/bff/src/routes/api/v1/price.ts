import type { FastifyPluginCallback } from 'fastify';
import { priceResponseSchema } from '@fbt/domain';
import { HttpError } from '../../../http/http-error';
import type { PriceCache } from '../../../services/price-cache';

/** What `/api/v1/price/sol-usd` reads. */
export interface PriceRouteOptions {
  readonly priceCache: PriceCache;
}

/**
 * `GET /api/v1/price/sol-usd`: Pyth's quote or the fallback constant, cached and sent as the
 * pre-serialized bytes (hence the untyped reply; the zod schema still documents it).
 */
export const priceRoute: FastifyPluginCallback<PriceRouteOptions> = (
  fastify,
  { priceCache },
  done,
) => {
  fastify.get(
    '/api/v1/price/sol-usd',
    {
      schema: {
        tags: ['market'],
        summary: 'SOL/USD from Pyth (or the fallback constant), cached',
        response: { 200: priceResponseSchema },
      },
    },
    (_request, reply) => {
      const entry = priceCache.resource.current();
      if (entry === null) {
        throw new HttpError('PRICE__UNAVAILABLE', 'No price yet.', undefined, 2);
      }
      return reply.type('application/json').send(entry.json);
    },
  );
  done();
};
