import type { FastifyPluginCallback } from 'fastify';
import type { ZodTypeProvider } from 'fastify-type-provider-zod';
import { leaderReportRequestSchema } from '@fbt/domain';
import type { AppSettings } from '../../../app-deps';
import {
  leaderReportResponses,
  writeRateLimit,
  type LeaderReportReply,
} from '../../../http/leader-report-reply';

/** What `POST /api/v1/leader-reports` uses: the shared report answer and the write limit. */
export interface LeaderReportsRouteOptions {
  readonly replyToReport: LeaderReportReply;
  readonly rateLimitWriteMax: AppSettings['rateLimitWriteMax'];
}

/**
 * `POST /api/v1/leader-reports`: a leader buy reported by the buyer's page (lamports as
 * decimal strings), recorded only after on-chain verification.
 */
export const leaderReportsRoute: FastifyPluginCallback<LeaderReportsRouteOptions> = (
  fastify,
  { replyToReport, rateLimitWriteMax },
  done,
) => {
  fastify.withTypeProvider<ZodTypeProvider>().post(
    '/api/v1/leader-reports',
    {
      config: writeRateLimit(rateLimitWriteMax),
      schema: {
        tags: ['leaders'],
        summary: 'Report a leader buy; recorded only after on-chain verification',
        body: leaderReportRequestSchema,
        response: leaderReportResponses,
      },
    },
    (request, reply) => {
      const body = request.body;
      return replyToReport(
        {
          signature: body.signature,
          wallet: body.wallet,
          leaderCode: body.leaderCode,
          lamports: BigInt(body.lamports),
          ...(body.claimedCommissionLamports === undefined
            ? {}
            : { claimedCommissionLamports: BigInt(body.claimedCommissionLamports) }),
        },
        reply,
      );
    },
  );
  done();
};
