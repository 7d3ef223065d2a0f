import type { FastifyPluginCallback } from 'fastify';
import type { ZodTypeProvider } from 'fastify-type-provider-zod';
import { z } from 'zod';
import type { LeaderEarningsResponse, OnChainLeaderRecord } from '@fbt/domain';
import { apiErrorBodySchema, isAddress, leaderEarningsResponseSchema } from '@fbt/domain';
import type { AppDeps } from '../../../../app-deps';
import { HttpError } from '../../../../http/http-error';
import { earningsJson } from '../../../../http/leader-json';
import type { Counter } from '../../../../observability/metrics';

/** What the lookup reads: the leader records on chain, the leader presale, the call counter. */
export type LeaderEarningsRouteOptions = Pick<AppDeps, 'leaderRecords'> & {
  readonly leaderPresale: string;
  readonly upstreamCalls: Counter;
};

/**
 * `GET /api/v1/leaders/by-wallet/:wallet`: the codes of the leader presale that pay `wallet`,
 * with what each earned, was paid and can claim, read from the leader records on chain (one
 * filtered `getProgramAccounts`; concurrent lookups of one wallet share it). A wallet with no
 * code gets an empty list: the page then offers nothing to claim.
 */
export const leaderEarningsRoute: FastifyPluginCallback<LeaderEarningsRouteOptions> = (
  fastify,
  { leaderRecords, leaderPresale, upstreamCalls },
  done,
) => {
  const inFlight = new Map<string, Promise<OnChainLeaderRecord[]>>();
  const read = (wallet: string): Promise<OnChainLeaderRecord[]> => {
    const pending = inFlight.get(wallet);
    if (pending !== undefined) return pending;
    upstreamCalls.inc({ upstream: 'rpc', operation: 'listLeaderRecords' });
    const records = leaderRecords
      .listLeaderRecords(leaderPresale, { wallet })
      .finally(() => inFlight.delete(wallet));
    inFlight.set(wallet, records);
    return records;
  };

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
      let records: OnChainLeaderRecord[];
      try {
        records = await read(wallet);
      } catch (error) {
        request.log.warn({ err: error }, 'leader records read failed');
        throw new HttpError(
          'CHAIN__UNAVAILABLE',
          'The chain could not be read; retry shortly.',
          503,
          2,
        );
      }
      const answer: LeaderEarningsResponse = { wallet, leaders: records.map(earningsJson) };
      return answer;
    },
  );
  done();
};
