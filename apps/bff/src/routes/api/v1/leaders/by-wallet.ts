import type { FastifyPluginCallback } from 'fastify';
import type { ZodTypeProvider } from 'fastify-type-provider-zod';
import { z } from 'zod';
import type { LeaderEarningsResponse } from '@fbt/domain';
import { apiErrorBodySchema, isAddress, leaderEarningsResponseSchema } from '@fbt/domain';
import { HttpError } from '../../../../http/http-error';
import { earningsJson } from '../../../../http/leader-json';
import type { LeadersCache } from '../../../../services/leaders-cache';

/** What the lookup reads: the leader records as the `leaders` topic holds them. */
export interface LeaderEarningsRouteOptions {
  readonly leaders: Pick<LeadersCache, 'snapshot'>;
}

/**
 * `GET /api/v1/leaders/by-wallet/:wallet`: the codes of the leader presale that pay `wallet`,
 * with what each earned, was paid and can claim, from the leader records the `leaders` topic
 * holds (read by the instance that polls, on a period, on registrations, recorded buys and
 * claims, and on each record's pushes): no chain read per request, whatever the wallet. A
 * wallet with no code gets an empty list: the page then offers nothing to claim.
 */
export const leaderEarningsRoute: FastifyPluginCallback<LeaderEarningsRouteOptions> = (
  fastify,
  { leaders },
  done,
) => {
  fastify.withTypeProvider<ZodTypeProvider>().get(
    '/api/v1/leaders/by-wallet/:wallet',
    {
      schema: {
        tags: ['leaders'],
        summary: 'The leader codes paying a wallet, with their on-chain earnings',
        params: z.object({ wallet: z.string() }),
        response: {
          200: leaderEarningsResponseSchema,
          400: apiErrorBodySchema,
          503: apiErrorBodySchema,
        },
      },
    },
    async (request) => {
      const { wallet } = request.params;
      if (!isAddress(wallet)) {
        throw new HttpError('WALLET__INVALID', 'wallet must be a base58 Solana address.');
      }
      const records = await leaders.snapshot();
      if (records === null) {
        throw new HttpError(
          'CHAIN__UNAVAILABLE',
          'The chain could not be read; retry shortly.',
          503,
          2,
        );
      }
      const answer: LeaderEarningsResponse = {
        wallet,
        leaders: records.byWallet(wallet).map(earningsJson),
      };
      return answer;
    },
  );
  done();
};
