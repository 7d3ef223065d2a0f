import type { FastifyInstance } from 'fastify';
import type { Community } from '@fbt/domain';
import {
  apiErrorBodySchema,
  goalsResponseSchema,
  legacyGoalsResponseSchema,
  priceResponseSchema,
} from '@fbt/domain';
import type { AppContext } from '../app-context';
import { ApiError } from '../http/api-error';

/** `/api/v1/price/sol-usd`, `/api/v1/goals` and the spec's `/gettg`, `/gettw`. */
export function registerMarketRoutes(app: FastifyInstance, context: AppContext): void {
  // Cached answers are sent as pre-serialized JSON strings, so these routes use the untyped
  // reply; the zod schemas still document them in OpenAPI.
  const route = app;

  route.get(
    '/api/v1/price/sol-usd',
    {
      schema: {
        tags: ['market'],
        summary: 'SOL/USD from Pyth (or the fallback constant), cached',
        response: { 200: priceResponseSchema },
      },
    },
    (_request, reply) => {
      const entry = context.price.resource.current();
      if (entry === null) {
        throw new ApiError('PRICE__UNAVAILABLE', 'No price yet.', undefined, 2);
      }
      return reply.type('application/json').send(entry.json);
    },
  );

  route.get(
    '/api/v1/goals',
    {
      schema: {
        tags: ['market'],
        summary: 'Telegram members and X followers, cached',
        response: { 200: goalsResponseSchema, 503: apiErrorBodySchema },
      },
    },
    (_request, reply) => {
      const json = context.goals.json();
      if (json === null)
        throw new ApiError('GOALS__UNAVAILABLE', 'Community counts are not read yet.', 503, 5);
      return reply.type('application/json').send(json);
    },
  );

  const legacy = (path: string, community: Community, summary: string) =>
    route.get(
      path,
      {
        schema: {
          tags: ['spec compatibility'],
          summary,
          response: { 200: legacyGoalsResponseSchema, 503: apiErrorBodySchema },
        },
      },
      (_request, reply) => {
        const json = context.goals.legacyJson(community);
        if (json === null)
          throw new ApiError('GOALS__UNAVAILABLE', 'Community counts are not read yet.', 503, 5);
        return reply.type('application/json').send(json);
      },
    );
  legacy('/gettg', 'telegram', 'Telegram members as { u }');
  legacy('/gettw', 'twitter', 'X (Twitter) followers as { u }');
}
