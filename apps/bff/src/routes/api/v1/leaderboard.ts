import type { FastifyPluginCallback } from 'fastify';
import type { ZodTypeProvider } from 'fastify-type-provider-zod';
import { z } from 'zod';
import { apiErrorBodySchema, leaderboardResponseSchema } from '@fbt/domain';
import { summaryJson } from '../../../http/leader-json';
import type { LeaderboardSource } from '../../../services/leaderboard-source';

/** What `/api/v1/leaderboard` reads: the ranking (the leader records' topic, else the ledger). */
export interface LeaderboardRouteOptions {
  readonly leaderboard: Pick<LeaderboardSource, 'getLeaderboard'>;
}

/**
 * `GET /api/v1/leaderboard?limit=`: leaders ranked by volume, from their on-chain leader records
 * (as the `leaders` topic holds them) when the leader presale has them, else from the ledger's
 * verified buys.
 */
export const leaderboardRoute: FastifyPluginCallback<LeaderboardRouteOptions> = (
  fastify,
  { leaderboard },
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
      const leaders = await leaderboard.getLeaderboard(request.query.limit);
      return { leaders: leaders.map(summaryJson) };
    },
  );
  done();
};
