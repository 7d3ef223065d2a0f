import type { FastifyPluginCallback } from 'fastify';
import type { ZodTypeProvider } from 'fastify-type-provider-zod';
import { ctReportBodySchema, parseSolAmount } from '@fbt/domain';
import type { AppSettings } from '../app-deps';
import { HttpError } from '../http/http-error';
import {
  leaderReportResponses,
  writeRateLimit,
  type LeaderReportReply,
} from '../http/leader-report-reply';

/** What `POST /ct` uses: the shared report answer and the write limit. */
export interface CtRouteOptions {
  readonly replyToReport: LeaderReportReply;
  readonly rateLimitWriteMax: AppSettings['rateLimitWriteMax'];
}

/**
 * SOL given as a JSON number or decimal string, to lamports exactly: the number's shortest
 * decimal text is parsed as a string (never multiplied as a float).
 */
function solFieldToLamports(field: string, value: number | string): bigint {
  const parsed = parseSolAmount(typeof value === 'number' ? String(value) : value);
  if (!parsed.ok) {
    throw new HttpError(
      'AMOUNT__INVALID',
      `${field} must be a SOL amount with at most 9 decimals (${parsed.code}).`,
    );
  }
  return parsed.lamports;
}

/**
 * `POST /ct`: the legacy leader report (`txnHASH`, SOL amounts as numbers or strings),
 * converted to lamports by string arithmetic and verified like `/api/v1/leader-reports`.
 */
export const ctRoute: FastifyPluginCallback<CtRouteOptions> = (
  fastify,
  { replyToReport, rateLimitWriteMax },
  done,
) => {
  fastify.withTypeProvider<ZodTypeProvider>().post(
    '/ct',
    {
      config: writeRateLimit(rateLimitWriteMax),
      schema: {
        tags: ['original site routes'],
        summary: 'The legacy leader report (SOL amounts); same verification',
        body: ctReportBodySchema,
        response: leaderReportResponses,
      },
    },
    (request, reply) => {
      const body = request.body;
      return replyToReport(
        {
          signature: body.txnHASH,
          wallet: body.wallet,
          leaderCode: body.leaderCode,
          lamports: solFieldToLamports('solsEarned', body.solsEarned),
          // The legacy report's clients compute the commission as `solsEarned * 0.1` in
          // floating point (1.5 * 0.1 = 0.15000000000000002). It is only compared with the
          // commission the server computes, never stored, so a JSON number is read at lamport
          // precision.
          claimedCommissionLamports: solFieldToLamports(
            'solsClaimable',
            typeof body.solsClaimable === 'number'
              ? body.solsClaimable.toFixed(9)
              : body.solsClaimable,
          ),
        },
        reply,
      );
    },
  );
  done();
};
