import { z } from 'zod';
import {
  addressSchema,
  lamportsStringSchema,
  leaderCodeSchema,
  signatureSchema,
  u64StringSchema,
} from './api-schemas';

/**
 * Wire schemas of the leader ledger: the legacy reports (`POST /ct`), the verified report
 * answer, a leader's summary and on-chain earnings, the leaderboard.
 */

/** Unsigned decimal number, as a JSON number or string (the legacy report's SOL fields). */
const decimalNumberish = z.union([
  z.number().finite().nonnegative(),
  z.string().regex(/^\d+(\.\d+)?$/, 'must be a non-negative decimal number'),
]);

/** The legacy leader report body (`POST /ct`). solsEarned/solsClaimable are in SOL. */
export const ctReportBodySchema = z.object({
  txnHASH: signatureSchema,
  wallet: addressSchema,
  leaderCode: leaderCodeSchema,
  solsEarned: decimalNumberish,
  solsClaimable: decimalNumberish,
  timestamp: z.union([z.number().int().nonnegative(), z.string().min(1).max(64)]),
});
export type CtReportBody = z.infer<typeof ctReportBodySchema>;

/** `POST /api/v1/leader-reports` body: the same facts with lamports. */
export const leaderReportRequestSchema = z.object({
  signature: signatureSchema,
  wallet: addressSchema,
  leaderCode: leaderCodeSchema,
  lamports: lamportsStringSchema,
  /** What the client believes the commission is; checked, never trusted. */
  claimedCommissionLamports: lamportsStringSchema.optional(),
});
export type LeaderReportRequest = z.infer<typeof leaderReportRequestSchema>;

export const leaderBuyJsonSchema = z.object({
  signature: signatureSchema,
  wallet: addressSchema,
  leaderCode: leaderCodeSchema,
  lamports: lamportsStringSchema,
  commissionLamports: lamportsStringSchema,
  slot: z.number().int().nonnegative(),
  /** Unix seconds of the block, when known. */
  blockTime: z.number().int().nullable(),
  recordedAt: z.string(),
  /** 'report' when the buyer's page reported it, 'reconciler' when found on chain. */
  source: z.enum(['report', 'reconciler']),
});
export type LeaderBuyJson = z.infer<typeof leaderBuyJsonSchema>;

export const leaderReportResponseSchema = z.object({
  status: z.enum(['recorded', 'already-recorded']),
  buy: leaderBuyJsonSchema,
});
export type LeaderReportResponse = z.infer<typeof leaderReportResponseSchema>;

export const leaderSummarySchema = z.object({
  code: leaderCodeSchema,
  buys: z.number().int().nonnegative(),
  totalLamports: lamportsStringSchema,
  commissionLamports: lamportsStringSchema,
});
export type LeaderSummaryJson = z.infer<typeof leaderSummarySchema>;

export const leaderDetailResponseSchema = leaderSummarySchema.extend({
  recent: z.array(leaderBuyJsonSchema),
  /**
   * The code's leader record on the leader presale, when the code is registered on chain
   * (absent otherwise, and from an older BFF).
   */
  record: addressSchema.optional(),
  /** The record's active flag (false once the seller suspended the code); with `record`. */
  active: z.boolean().optional(),
});
export type LeaderDetailResponse = z.infer<typeof leaderDetailResponseSchema>;

/** One on-chain leader record of the leader presale, as `GET /api/v1/leaders/by-wallet/:wallet` lists it. */
export const leaderEarningsSchema = z.object({
  code: leaderCodeSchema,
  /** The leader record (PDA `["leader", presale, code]`). */
  record: addressSchema,
  /** The leader presale the record belongs to. */
  presale: addressSchema,
  /** False once the seller suspended the code (what it earned stays claimable). */
  active: z.boolean(),
  /** Lamports bought through the code. */
  volumeLamports: lamportsStringSchema,
  /** Buys made through the code (a u64 as a decimal string). */
  buys: u64StringSchema,
  /** Commission the code earned in all (the legacy report's solsEarned). */
  earnedLamports: lamportsStringSchema,
  /** Commission already paid to the wallet by ClaimCommission. */
  claimedLamports: lamportsStringSchema,
  /** earned − claimed: what ClaimCommission would pay now (the legacy report's solsClaimable). */
  claimableLamports: lamportsStringSchema,
});
export type LeaderEarningsJson = z.infer<typeof leaderEarningsSchema>;

/**
 * `GET /api/v1/leaders/by-wallet/:wallet`: the leader records of the leader presale whose
 * wallet (the one ClaimCommission pays) is `wallet`, read from chain; an empty list when none.
 * Bad wallet: 400 `WALLET__INVALID`; chain down: 503 `CHAIN__UNAVAILABLE`.
 */
export const leaderEarningsResponseSchema = z.object({
  wallet: addressSchema,
  leaders: z.array(leaderEarningsSchema),
});
export type LeaderEarningsResponse = z.infer<typeof leaderEarningsResponseSchema>;

export const leaderboardResponseSchema = z.object({ leaders: z.array(leaderSummarySchema) });
export type LeaderboardResponse = z.infer<typeof leaderboardResponseSchema>;
