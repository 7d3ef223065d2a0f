import type { FastifyPluginCallback } from 'fastify';
import type { ZodTypeProvider } from 'fastify-type-provider-zod';
import { z } from 'zod';
import type { LeaderDetailResponse, OnChainLeaderRecord } from '@fbt/domain';
import { apiErrorBodySchema, isValidLeaderCode, leaderDetailResponseSchema } from '@fbt/domain';
import type { AppDeps } from '../../../../app-deps';
import { HttpError } from '../../../../http/http-error';
import { buyJson, summaryJson } from '../../../../http/leader-json';
import { recordSummary } from '../../../../services/leader-record-summary';
import type { LeadersCache } from '../../../../services/leaders-cache';

/** How many of a leader's latest verified buys the detail shows. */
const RECENT_BUYS = 20;

/** What `/api/v1/leaders/:code` reads: the ledger and the `leaders` topic's records. */
export type LeaderRouteOptions = Pick<AppDeps, 'ledger'> & {
  readonly leaders: Pick<LeadersCache, 'snapshot'>;
};

/**
 * `GET /api/v1/leaders/:code`: a leader's totals and latest verified buys. When the code is
 * registered on chain (a leader record of the leader presale, as the `leaders` topic holds
 * them: no chain read per request), the totals are the record's and the answer names the record
 * and whether it is active; otherwise the ledger's. Records that could never be read leave the
 * ledger's answer without `record` (still a leader the ledger knows).
 */
export const leaderRoute: FastifyPluginCallback<LeaderRouteOptions> = (
  fastify,
  { ledger, leaders },
  done,
) => {
  fastify.withTypeProvider<ZodTypeProvider>().get(
    '/api/v1/leaders/:code',
    {
      schema: {
        tags: ['leaders'],
        summary: 'A leader’s totals and latest verified buys',
        params: z.object({ code: z.string() }),
        response: {
          200: leaderDetailResponseSchema,
          400: apiErrorBodySchema,
          404: apiErrorBodySchema,
          503: apiErrorBodySchema,
        },
      },
    },
    async (request) => {
      const { code } = request.params;
      if (!isValidLeaderCode(code)) {
        throw new HttpError(
          'LEADER__INVALID_CODE',
          'A leader code is 3-32 letters, digits, "_" or "-".',
        );
      }
      const records = await leaders.snapshot();
      const chainRead = records !== null;
      const record: OnChainLeaderRecord | null = records?.byCode(code) ?? null;
      const totals = record === null ? await ledger.getLeaderSummary(code) : recordSummary(record);
      if (totals === null) {
        if (!chainRead) {
          throw new HttpError(
            'CHAIN__UNAVAILABLE',
            'The chain could not be read; retry shortly.',
            503,
            2,
          );
        }
        throw new HttpError('LEADER__UNKNOWN', `No leader "${code}".`);
      }
      const recent = await ledger.listRecentBuys(code, RECENT_BUYS);
      const answer: LeaderDetailResponse = {
        ...summaryJson(totals),
        recent: recent.map(buyJson),
        ...(record === null ? {} : { record: record.address, active: record.active }),
      };
      return answer;
    },
  );
  done();
};
