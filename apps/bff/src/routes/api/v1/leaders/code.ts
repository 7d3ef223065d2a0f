import type { FastifyPluginCallback } from 'fastify';
import type { ZodTypeProvider } from 'fastify-type-provider-zod';
import { z } from 'zod';
import { apiErrorBodySchema, isValidLeaderCode, leaderDetailResponseSchema } from '@fbt/domain';
import type { AppDeps } from '../../../../app-deps';
import { HttpError } from '../../../../http/http-error';
import { buyJson, summaryJson } from '../../../../http/leader-json';

/** How many of a leader's latest verified buys the detail shows. */
const RECENT_BUYS = 20;

/** What `/api/v1/leaders/:code` reads: the ledger. */
export type LeaderRouteOptions = Pick<AppDeps, 'ledger'>;

/** `GET /api/v1/leaders/:code`: a leader's totals and latest verified buys. */
export const leaderRoute: FastifyPluginCallback<LeaderRouteOptions> = (
  fastify,
  { ledger },
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
      const summary = await ledger.getLeaderSummary(code);
      if (summary === null) throw new HttpError('LEADER__UNKNOWN', `No leader "${code}".`);
      const recent = await ledger.listRecentBuys(code, RECENT_BUYS);
      return { ...summaryJson(summary), recent: recent.map(buyJson) };
    },
  );
  done();
};
