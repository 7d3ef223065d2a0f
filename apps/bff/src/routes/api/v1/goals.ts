import type { FastifyPluginCallback } from 'fastify';
import { apiErrorBodySchema, goalsResponseSchema } from '@fbt/domain';
import { HttpError } from '../../../http/http-error';
import type { GoalsCache } from '../../../services/goals-cache';

/** What `/api/v1/goals` reads. */
export interface GoalsRouteOptions {
  readonly goalsCache: GoalsCache;
}

/** The answer while a community count has never been read. */
export function goalsUnavailable(): HttpError {
  return new HttpError('GOALS__UNAVAILABLE', 'Community counts are not read yet.', 503, 5);
}

/**
 * `GET /api/v1/goals`: Telegram members and X followers, cached and sent as the pre-serialized
 * bytes (hence the untyped reply; the zod schema still documents it).
 */
export const goalsRoute: FastifyPluginCallback<GoalsRouteOptions> = (
  fastify,
  { goalsCache },
  done,
) => {
  fastify.get(
    '/api/v1/goals',
    {
      schema: {
        tags: ['market'],
        summary: 'Telegram members and X followers, cached',
        response: { 200: goalsResponseSchema, 503: apiErrorBodySchema },
      },
    },
    (_request, reply) => {
      const json = goalsCache.json();
      if (json === null) throw goalsUnavailable();
      return reply.type('application/json').send(json);
    },
  );
  done();
};
