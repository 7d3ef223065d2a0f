import { z } from 'zod';
import { addressSchema, u64StringSchema } from './api-schemas';

/**
 * Wire schemas of the swap page (SOL <-> FBT once the token trades on a pool): the answers of
 * Raydium's Trade API and of the fee services as the BFF receives them, and the BFF's own
 * `/api/v1/swap/*` answers. Amounts are base units (lamports, FBT's 6-decimal units) as
 * decimal strings.
 *
 * The Trade API host (`SWAP_API_URL`, e.g. `https://transaction-v1.raydium.io`) serves
 * `GET /compute/swap-base-in|swap-base-out` (a quote) and `POST /transaction/swap-base-in|out`
 * (the quote turned into transactions); both answer `{ id, success, version, data }`, or
 * `{ id, success: false, msg }`. Unknown fields are kept (`looseObject`): the quote goes back
 * to the Trade API as it came.
 */

/** The wrapped SOL mint: the Trade API names SOL by it (`wrapSol`/`unwrapSol` do the rest). */
export const WRAPPED_SOL_MINT = 'So11111111111111111111111111111111111111112';

/** A quote's route step: one pool, the mints it swaps, its fee. */
export const swapRouteStepSchema = z.looseObject({
  poolId: addressSchema,
  inputMint: addressSchema,
  outputMint: addressSchema,
  feeMint: addressSchema,
  /** Parts per million of the input (Raydium: 2500 = 0.25%). */
  feeRate: z.number().finite().min(0).max(1_000_000),
  feeAmount: u64StringSchema,
  /** Accounts the pool needs beyond its id (tick arrays, vaults); part of "the pool's accounts". */
  remainingAccounts: z.array(addressSchema).optional(),
});
export type SwapRouteStep = z.infer<typeof swapRouteStepSchema>;

/** `data` of a compute (quote) answer. */
export const swapComputeDataSchema = z.looseObject({
  /** BaseIn: `inputAmount` is exact, `otherAmountThreshold` the minimum out; BaseOut: the reverse. */
  swapType: z.enum(['BaseIn', 'BaseOut']),
  inputMint: addressSchema,
  inputAmount: u64StringSchema,
  outputMint: addressSchema,
  outputAmount: u64StringSchema,
  otherAmountThreshold: u64StringSchema,
  slippageBps: z.number().int().min(0).max(10_000),
  /** Percent (0.35 = 0.35%). */
  priceImpactPct: z.number().finite().min(0),
  routePlan: z.array(swapRouteStepSchema).min(1, 'must name at least one pool'),
});
export type SwapComputeData = z.infer<typeof swapComputeDataSchema>;

/** A successful compute answer: what the Trade API wants back as `swapResponse`. */
export const swapComputeAnswerSchema = z.looseObject({
  id: z.string().max(200),
  success: z.literal(true),
  version: z.string().max(20),
  data: swapComputeDataSchema,
});
export type SwapComputeAnswer = z.infer<typeof swapComputeAnswerSchema>;

/** Any Trade API answer that says it failed (`msg` is the service's own words, e.g. a code). */
export const tradeApiFailureSchema = z.looseObject({
  id: z.string().max(200).optional(),
  success: z.literal(false),
  msg: z.string().max(500).optional(),
});

/** A compute answer, successful or not. */
export const swapComputeEnvelopeSchema = z.union([swapComputeAnswerSchema, tradeApiFailureSchema]);

/** A successful transaction answer: base64 wire transactions, in signing order. */
export const swapTransactionsAnswerSchema = z.looseObject({
  id: z.string().max(200),
  success: z.literal(true),
  version: z.string().max(20),
  data: z
    .array(z.looseObject({ transaction: z.string().min(1).max(100_000) }))
    .min(1, 'must hold a transaction'),
});

/** A transaction answer, successful or not. */
export const swapTransactionsEnvelopeSchema = z.union([
  swapTransactionsAnswerSchema,
  tradeApiFailureSchema,
]);

/**
 * Raydium's api-v3 `GET /main/auto-fee`: micro-lamports per compute unit at three levels
 * (`vh` very high, `h` high, `m` medium). The high level is the one used.
 */
export const autoFeeAnswerSchema = z.looseObject({
  id: z.string().max(200).optional(),
  success: z.literal(true),
  data: z.looseObject({
    default: z.looseObject({
      vh: z.number().finite().min(0),
      h: z.number().finite().min(0),
      m: z.number().finite().min(0),
    }),
  }),
});

/**
 * A fee-statistics service's answer: lamport fee figures per time window keyed by minutes
 * (`"1"`, `"5"`, `"15"`); the priority fee is read from the 15-minute window's `avg`.
 */
export const feeStatisticsAnswerSchema = z.looseObject({
  '15': z.looseObject({ avg: z.number().finite().min(0) }),
});

// ---------------------------------------------------------------- the BFF's swap API

/** `buy`: SOL -> FBT; `sell`: FBT -> SOL. */
export const swapSideSchema = z.enum(['buy', 'sell']);
export type SwapSide = z.infer<typeof swapSideSchema>;

/** `exact-in`: the amount typed is what is paid; `exact-out`: what is received. */
export const swapModeSchema = z.enum(['exact-in', 'exact-out']);
export type SwapMode = z.infer<typeof swapModeSchema>;

/** Where a priority fee came from. */
export const priorityFeeSourceSchema = z.enum(['fee-statistics', 'auto-fee', 'fallback']);
export type PriorityFeeSource = z.infer<typeof priorityFeeSourceSchema>;

/** `GET /api/v1/swap/priority-fee`. */
export const priorityFeeResponseSchema = z.object({
  /** Micro-lamports per compute unit the swap bids (capped). */
  microLamports: z.number().int().min(0),
  source: priorityFeeSourceSchema,
  /** The compute budget the priority fee is spread over. */
  computeUnits: z.number().int().positive(),
  /** The most the priority fee can cost at that budget, in lamports. */
  maxFeeLamports: u64StringSchema,
  /** When the fee service was last read (ms since epoch), null for the fallback. */
  fetchedAt: z.number().nullable(),
});
export type PriorityFeeResponse = z.infer<typeof priorityFeeResponseSchema>;

/** `GET /api/v1/swap/quote` query. */
export const swapQuoteQuerySchema = z.object({
  side: swapSideSchema,
  mode: swapModeSchema.default('exact-in'),
  /** Base units of the paid token (exact-in) or of the received one (exact-out). */
  amount: u64StringSchema.refine((value) => !/^\d+$/.test(value) || BigInt(value) > 0n, {
    message: 'must be more than 0',
  }),
  slippageBps: z
    .string()
    .regex(/^\d{1,5}$/, 'must be a whole number of basis points')
    .transform(Number)
    .pipe(
      z
        .number()
        .int()
        .min(1, 'must be at least 1 (0.01%)')
        .max(5_000, 'must be at most 5000 (50%)'),
    ),
});
export type SwapQuoteQuery = z.infer<typeof swapQuoteQuerySchema>;

/** `GET /api/v1/swap/quote` answer: the Trade API's quote as it came, plus what the page shows. */
export const swapQuoteResponseSchema = z.object({
  side: swapSideSchema,
  mode: swapModeSchema,
  quote: swapComputeAnswerSchema,
  inputAmount: u64StringSchema,
  outputAmount: u64StringSchema,
  /** exact-in: the least received; exact-out: the most paid (at the chosen slippage). */
  otherAmountThreshold: u64StringSchema,
  priceImpactPct: z.number().finite().min(0),
  /** The route's fees, each in its own mint. */
  fees: z.array(z.object({ mint: addressSchema, amount: u64StringSchema, ratePpm: z.number() })),
  pools: z.array(addressSchema),
  priorityFee: priorityFeeResponseSchema,
});
export type SwapQuoteResponse = z.infer<typeof swapQuoteResponseSchema>;

/** `POST /api/v1/swap/transaction` body. */
export const swapTransactionRequestSchema = z.object({
  wallet: addressSchema,
  /** The quote answer exactly as `GET /api/v1/swap/quote` returned it. */
  quote: swapComputeAnswerSchema,
  /** Whether the wallet's FBT token account exists (the Trade API creates it otherwise). */
  fbtAccountExists: z.boolean(),
});
export type SwapTransactionRequest = z.infer<typeof swapTransactionRequestSchema>;

/** `POST /api/v1/swap/transaction` answer: one checked transaction for the wallet to sign. */
export const swapTransactionResponseSchema = z.object({
  /** Base64 wire transaction (legacy or v0), possibly carrying the pool's signature already. */
  transaction: z.string(),
  version: z.enum(['legacy', 'v0']),
  priorityFeeMicroLamports: z.number().int().min(0),
});
export type SwapTransactionResponse = z.infer<typeof swapTransactionResponseSchema>;
