import type { FastifyReply } from 'fastify';
import type { LeaderReportClaim } from '@fbt/domain';
import { apiErrorBodySchema, leaderReportResponseSchema } from '@fbt/domain';
import type { Counter } from '../observability/metrics';
import type { LeaderReportOutcome } from '../services/leader-buys';
import type { LeaderReportVerifier } from '../services/leader-report-verifier';
import { HttpError } from './http-error';
import { buyJson } from './leader-json';

/** Seconds a reporter should wait before retrying a not-yet-visible or unreadable report. */
const RETRY_AFTER_SECONDS = 2;

/**
 * Verifies and records a claim, then answers it (201, 200) or throws the {@link HttpError}.
 * Resolves once the answer is sent (it returns the reply, which Fastify awaits).
 */
export type LeaderReportReply = (claim: LeaderReportClaim, reply: FastifyReply) => Promise<void>;

/** The answers of both report routes (`/api/v1/leader-reports` and the legacy `/ct`). */
export const leaderReportResponses = {
  200: leaderReportResponseSchema,
  201: leaderReportResponseSchema,
  400: apiErrorBodySchema,
  409: apiErrorBodySchema,
  422: apiErrorBodySchema,
  503: apiErrorBodySchema,
};

/** The stricter per-client limit of the report routes (they cost chain reads). */
export function writeRateLimit(max: number): {
  rateLimit: { max: number; timeWindow: string };
} {
  return { rateLimit: { max, timeWindow: '1 minute' } };
}

/**
 * One answer for both report routes, so they cannot drift apart: recorded 201, replay 200,
 * not visible yet 409 + `Retry-After` (retryable), refused 422, chain unreadable 503 +
 * `Retry-After`. Each outcome is counted in `outcomes` (by kind, or by rejection code).
 */
export function createLeaderReportReply(
  leaderReports: LeaderReportVerifier,
  outcomes: Counter,
): LeaderReportReply {
  return async (claim, reply) => {
    const outcome: LeaderReportOutcome = await leaderReports.report(claim);
    outcomes.inc({ outcome: outcome.kind === 'rejected' ? outcome.code : outcome.kind });
    switch (outcome.kind) {
      case 'recorded':
        return reply.code(201).send({ status: 'recorded', buy: buyJson(outcome.buy) });
      case 'already-recorded':
        return reply.code(200).send({ status: 'already-recorded', buy: buyJson(outcome.buy) });
      case 'unavailable':
        throw new HttpError('CHAIN__UNAVAILABLE', outcome.message, 503, RETRY_AFTER_SECONDS);
      case 'rejected':
        if (outcome.retryable) {
          throw new HttpError(outcome.code, outcome.message, 409, RETRY_AFTER_SECONDS);
        }
        throw new HttpError(outcome.code, outcome.message, 422);
    }
  };
}
