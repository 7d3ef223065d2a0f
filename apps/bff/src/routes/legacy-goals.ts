import type { FastifyPluginCallback } from 'fastify';
import type { Community } from '@fbt/domain';
import { apiErrorBodySchema, legacyGoalsResponseSchema } from '@fbt/domain';
import type { GoalsCache } from '../services/goals-cache';
import { goalsUnavailable } from '../topics/goals';

/** What `/gettg` and `/gettw` read. */
export interface LegacyGoalsRouteOptions {
  readonly goalsCache: GoalsCache;
}

/**
 * `GET /gettg` and `GET /gettw`, the site's original goals routes: `{ "u": n }` for Telegram
 * members and X followers, from the same cache as `/api/v1/goals`.
 */
export const legacyGoalsRoutes: FastifyPluginCallback<LegacyGoalsRouteOptions> = (
  fastify,
  { goalsCache },
  done,
) => {
  const legacy = (path: string, community: Community, summary: string) =>
    fastify.get(
      path,
      {
        schema: {
          tags: ['original site routes'],
          summary,
          response: { 200: legacyGoalsResponseSchema, 503: apiErrorBodySchema },
        },
      },
      (_request, reply) => {
        const json = goalsCache.legacyJson(community);
        if (json === null) throw goalsUnavailable();
        return reply.type('application/json').send(json);
      },
    );
  legacy('/gettg', 'telegram', 'Telegram members as { u }');
  legacy('/gettw', 'twitter', 'X (Twitter) followers as { u }');
  done();
};
