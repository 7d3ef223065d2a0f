import type { FastifyPluginCallback } from 'fastify';
import type { ZodTypeProvider } from 'fastify-type-provider-zod';
import { z } from 'zod';
import { apiErrorBodySchema, leaderboardResponseSchema } from '@fbt/domain';
import type { AppDeps } from '../../../app-deps';
import { summaryJson } from '../../../http/leader-json';

/** What `/api/v1/leaderboard` reads: the ledger. */
export type LeaderboardRouteOptions = Pick<AppDeps, 'ledger'>;

/** `GET /api/v1/leaderboard?limit=`: leaders ranked by verified volume. */
export const leaderboardRoute: FastifyPluginCallback<LeaderboardRouteOptions> = (
  fastify,
  { ledger },
  done,
) => {
  fastify.withTypeProvider<ZodTypeProvider>().get(
    '/api/v1/leaderboard',
    {
      schema: {
        tags: ['leaders'],
        summary: 'Leaders ranked by verified volume',
        querystring: z.object({
          limit: z.coerce.number().int().min(1).max(100).default(20),
        }),
        response: { 200: leaderboardResponseSchema, 400: apiErrorBodySchema },
      },
    },
    async (request) => {
      const leaders = await ledger.getLeaderboard(request.query.limit);
      return { leaders: leaders.map(summaryJson) };
    },
  );
  done();
};
