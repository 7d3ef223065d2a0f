import type { FastifyInstance, FastifyReply } from 'fastify';
import type { ZodTypeProvider } from 'fastify-type-provider-zod';
import { z } from 'zod';
import type { LeaderBuy, LeaderBuyJson, LeaderReportClaim, LeaderSummary } from '@fbt/domain';
import {
  apiErrorBodySchema,
  ctReportBodySchema,
  isValidLeaderCode,
  leaderboardResponseSchema,
  leaderDetailResponseSchema,
  leaderReportRequestSchema,
  leaderReportResponseSchema,
  parseSolAmount,
} from '@fbt/domain';
import type { AppContext } from '../app-context';
import { ApiError } from '../http/api-error';
import type { LeaderReportOutcome } from '../services/leader-service';

const RETRY_AFTER_SECONDS = 2;

function buyJson(buy: LeaderBuy): LeaderBuyJson {
  return {
    signature: buy.signature,
    wallet: buy.wallet,
    leaderCode: buy.leaderCode,
    lamports: buy.lamports.toString(),
    commissionLamports: buy.commissionLamports.toString(),
    slot: buy.slot,
    blockTime: buy.blockTime,
    recordedAt: buy.recordedAt,
    source: buy.source,
  };
}

function summaryJson(summary: LeaderSummary) {
  return {
    code: summary.code,
    buys: summary.buys,
    totalLamports: summary.totalLamports.toString(),
    commissionLamports: summary.commissionLamports.toString(),
  };
}

/**
 * SOL given as a JSON number or decimal string, to lamports exactly: the number's shortest
 * decimal text is parsed as a string (never multiplied as a float).
 */
function solFieldToLamports(field: string, value: number | string): bigint {
  const parsed = parseSolAmount(typeof value === 'number' ? String(value) : value);
  if (!parsed.ok) {
    throw new ApiError(
      'AMOUNT__INVALID',
      `${field} must be a SOL amount with at most 9 decimals (${parsed.code}).`,
    );
  }
  return parsed.lamports;
}

const reportResponses = {
  200: leaderReportResponseSchema,
  201: leaderReportResponseSchema,
  400: apiErrorBodySchema,
  409: apiErrorBodySchema,
  422: apiErrorBodySchema,
  503: apiErrorBodySchema,
};

/** Leader reports (`/api/v1/leader-reports`, the spec's `/ct`), leader totals and the board. */
export function registerLeaderRoutes(app: FastifyInstance, context: AppContext): void {
  const route = app.withTypeProvider<ZodTypeProvider>();
  const writeLimit = {
    rateLimit: { max: context.deps.settings.rateLimitWriteMax, timeWindow: '1 minute' },
  };
  const outcomes = context.metrics.counter(
    'fbt_leader_reports_total',
    'Leader reports by outcome (recorded, already-recorded, rejection code, unavailable).',
  );

  const answer = async (claim: LeaderReportClaim, reply: FastifyReply) => {
    const outcome: LeaderReportOutcome = await context.leaders.report(claim);
    outcomes.inc({ outcome: outcome.kind === 'rejected' ? outcome.code : outcome.kind });
    switch (outcome.kind) {
      case 'recorded':
        return reply.code(201).send({ status: 'recorded', buy: buyJson(outcome.buy) });
      case 'already-recorded':
        return reply.code(200).send({ status: 'already-recorded', buy: buyJson(outcome.buy) });
      case 'unavailable':
        throw new ApiError('CHAIN__UNAVAILABLE', outcome.message, 503, RETRY_AFTER_SECONDS);
      case 'rejected':
        if (outcome.retryable) {
          throw new ApiError(outcome.code, outcome.message, 409, RETRY_AFTER_SECONDS);
        }
        throw new ApiError(outcome.code, outcome.message, 422);
    }
  };

  route.post(
    '/api/v1/leader-reports',
    {
      config: writeLimit,
      schema: {
        tags: ['leaders'],
        summary: 'Report a leader buy; recorded only after on-chain verification',
        body: leaderReportRequestSchema,
        response: reportResponses,
      },
    },
    (request, reply) => {
      const body = request.body;
      return answer(
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

  route.post(
    '/ct',
    {
      config: writeLimit,
      schema: {
        tags: ['spec compatibility'],
        summary: "The spec's leader report (SOL amounts); same verification",
        body: ctReportBodySchema,
        response: reportResponses,
      },
    },
    (request, reply) => {
      const body = request.body;
      return answer(
        {
          signature: body.txnHASH,
          wallet: body.wallet,
          leaderCode: body.leaderCode,
          lamports: solFieldToLamports('solsEarned', body.solsEarned),
          // The spec's client computes the commission as `solsEarned * 0.1` in floating point
          // (1.5 * 0.1 = 0.15000000000000002). It is only compared with the commission the
          // server computes, never stored, so a JSON number is read at lamport precision.
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

  route.get(
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
        throw new ApiError(
          'LEADER__INVALID_CODE',
          'A leader code is 3-32 letters, digits, "_" or "-".',
        );
      }
      const summary = await context.deps.ledger.getLeaderSummary(code);
      if (summary === null) throw new ApiError('LEADER__UNKNOWN', `No leader "${code}".`);
      const recent = await context.deps.ledger.listRecentBuys(code, 20);
      return { ...summaryJson(summary), recent: recent.map(buyJson) };
    },
  );

  route.get(
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
      const leaders = await context.deps.ledger.getLeaderboard(request.query.limit);
      return { leaders: leaders.map(summaryJson) };
    },
  );
}
