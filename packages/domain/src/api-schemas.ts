import { z } from 'zod';
import { isAddress, isSignature } from './address';
import { isValidLeaderCode } from './leader';
import type { PresaleState } from './presale-state';
import { PRESALE_VARIANTS } from './presale-variant';
import { U64_MAX } from './units';

/**
 * Wire schemas shared by the BFF (validating what it sends and receives) and the client
 * (validating what it reads). Money travels as decimal strings of lamports.
 */

/** A u64 amount of lamports as a decimal string. */
export const lamportsStringSchema = z
  .string()
  .regex(/^\d{1,20}$/, 'must be a whole number of lamports as a decimal string')
  // zod runs refinements even after a failed regex, so guard before BigInt().
  .refine((value) => !/^\d{1,20}$/.test(value) || BigInt(value) <= U64_MAX, 'must fit in a u64');

/** A u64 count as a decimal string (it may exceed 2^53). */
export const u64StringSchema = z
  .string()
  .regex(/^\d{1,20}$/, 'must be a whole number as a decimal string')
  .refine((value) => !/^\d{1,20}$/.test(value) || BigInt(value) <= U64_MAX, 'must fit in a u64');

export const addressSchema = z.string().refine(isAddress, 'must be a base58 Solana address');
export const signatureSchema = z
  .string()
  .refine(isSignature, 'must be a base58 transaction signature');
export const leaderCodeSchema = z
  .string()
  .refine(isValidLeaderCode, 'must be 3-32 letters, digits, "_" or "-"');
export const presaleVariantSchema = z.enum(PRESALE_VARIANTS);
export const clusterSchema = z.enum(['mainnet-beta', 'devnet', 'testnet', 'localnet']);

/** Error envelope of every non-2xx JSON answer. */
export const apiErrorBodySchema = z.object({
  error: z.object({ code: z.string(), message: z.string() }),
});
export type ApiErrorBody = z.infer<typeof apiErrorBodySchema>;

// ---------------------------------------------------------------- config

/**
 * The links as the wire carries them: a JSON object of link name to destination. Names the
 * site does not know are ignored by the site (a newer BFF may publish more); the BFF refuses
 * unknown names at start-up.
 */
export const siteLinksSchema = z.record(z.string(), z.string());

/** What the site says about its content besides the links. */
export const siteContentSchema = z.object({
  /** The documents and links are samples (the local stack's defaults): the site says so. */
  sample: z.boolean(),
  /** Firm named on the audit badge; set exactly when an audit report link is configured. */
  auditFirm: z.string().nullable(),
});
export type SiteContent = z.infer<typeof siteContentSchema>;

/** The swap part of the config. */
export const swapConfigSchema = z.object({
  /** An exchange is configured (`SWAP_API_URL`): the page trades; otherwise it says trading opens later. */
  enabled: z.boolean(),
  /** Programs a swap transaction may call besides the system, token and budget ones. */
  dexProgramIds: z.array(addressSchema),
});
export type SwapConfig = z.infer<typeof swapConfigSchema>;

export const presaleVariantConfigSchema = z.object({
  variant: presaleVariantSchema,
  /** Hash route of the page, without '#/'. */
  route: z.string(),
  /** The presale state account. */
  presale: addressSchema,
  /** Fixed display target, or null when it comes from the chain (private: maxTotalBuyable). */
  displayTargetLamports: lamportsStringSchema.nullable(),
});

export const configResponseSchema = z.object({
  cluster: clusterSchema,
  /** Path of the BFF's JSON-RPC proxy the browser sends transactions through. */
  rpcPath: z.string(),
  /** Public RPC URL for explorer links on a local chain (Solscan custom cluster), if any. */
  explorerRpcUrl: z.string().nullable(),
  programId: addressSchema,
  mint: addressSchema,
  tokenPriceLamports: lamportsStringSchema,
  fbtDecimals: z.number().int().min(0).max(18),
  privateRouteName: z.string(),
  variants: z.array(presaleVariantConfigSchema),
  /** The operator's outbound links by name (see `SITE_LINK_NAMES`); unconfigured ones absent. */
  links: siteLinksSchema,
  /** Sample content and the audit firm; absent from an older BFF (no sample, no audit). */
  content: siteContentSchema.optional(),
  /** The swap page; absent from an older BFF (trading not open). */
  swap: swapConfigSchema.optional(),
});
export type ConfigResponse = z.infer<typeof configResponseSchema>;

// ---------------------------------------------------------------- presales

export const presaleStateJsonSchema = z.object({
  isInitialized: z.boolean(),
  isActived: z.boolean(),
  sellerPubkey: addressSchema,
  tempTokenAccountPubkey: addressSchema,
  tokenPrice: lamportsStringSchema,
  maxUserBuyable: lamportsStringSchema,
  minUserBuyable: lamportsStringSchema,
  maxTotalBuyable: lamportsStringSchema,
  currentTotalSold: lamportsStringSchema,
});
export type PresaleStateJson = z.infer<typeof presaleStateJsonSchema>;

/** Converts a decoded state to its JSON form (bigints as decimal strings). */
export function presaleStateToJson(state: PresaleState): PresaleStateJson {
  return {
    isInitialized: state.isInitialized,
    isActived: state.isActived,
    sellerPubkey: state.sellerPubkey,
    tempTokenAccountPubkey: state.tempTokenAccountPubkey,
    tokenPrice: state.tokenPrice.toString(),
    maxUserBuyable: state.maxUserBuyable.toString(),
    minUserBuyable: state.minUserBuyable.toString(),
    maxTotalBuyable: state.maxTotalBuyable.toString(),
    currentTotalSold: state.currentTotalSold.toString(),
  };
}

/** Converts the JSON form back to a state with bigints. */
export function presaleStateFromJson(json: PresaleStateJson): PresaleState {
  return {
    isInitialized: json.isInitialized,
    isActived: json.isActived,
    sellerPubkey: json.sellerPubkey,
    tempTokenAccountPubkey: json.tempTokenAccountPubkey,
    tokenPrice: BigInt(json.tokenPrice),
    maxUserBuyable: BigInt(json.maxUserBuyable),
    minUserBuyable: BigInt(json.minUserBuyable),
    maxTotalBuyable: BigInt(json.maxTotalBuyable),
    currentTotalSold: BigInt(json.currentTotalSold),
  };
}

/**
 * The presale's sale window as the program stores it (unix seconds, `null` = no bound). The
 * program accepts a buy at chain time `now` when `start <= now < end`: from `start` inclusive
 * until before `end` (a buy at exactly `end` is refused as SaleEnded). "now" is the cluster's
 * Clock sysvar, which may differ from the browser's clock by some seconds.
 */
export const saleWindowSchema = z.object({
  start: z.number().int().nullable(),
  end: z.number().int().nullable(),
});
export type SaleWindow = z.infer<typeof saleWindowSchema>;

export const presaleResponseSchema = z.object({
  variant: presaleVariantSchema,
  address: addressSchema,
  state: presaleStateJsonSchema,
  /** When buys are open (see `saleWindowSchema`); both null on a presale without a window. */
  window: saleWindowSchema,
  /** True when an allowlist root is set: only wallets with a proof can buy (BuyWith + proof). */
  allowlisted: z.boolean(),
  soldOut: z.boolean(),
  targetLamports: lamportsStringSchema,
  progress: z.object({
    fillPercent: z.number().min(0).max(100),
    completed: z.boolean(),
    remainingLamports: lamportsStringSchema,
  }),
  /** ISO-8601 time the chain was read. */
  fetchedAt: z.string(),
  /** True when the last refresh failed and this is the last good value. */
  stale: z.boolean(),
});
export type PresaleResponse = z.infer<typeof presaleResponseSchema>;

export const buyerResponseSchema = z.object({
  variant: presaleVariantSchema,
  wallet: addressSchema,
  boughtLamports: lamportsStringSchema,
  remainingLamports: lamportsStringSchema,
  userAtMaximum: z.boolean(),
});
export type BuyerResponse = z.infer<typeof buyerResponseSchema>;

/** 32 bytes as 64 lowercase hex digits (a Merkle root or proof hash). */
export const hex32Schema = z
  .string()
  .regex(/^[0-9a-f]{64}$/, 'must be 32 bytes as 64 lowercase hex digits');

/**
 * `GET /api/v1/presales/:variant/allowlist/:wallet`: the wallet's Merkle proof for the
 * presale's allowlist (the BuyWith proof, sibling hashes from the leaf up; an empty list when
 * the wallet is the tree's only leaf), and the root it proves against (equal to the on-chain
 * root). Errors: 400 `WALLET__INVALID`; 404 `PRESALE__UNKNOWN_VARIANT`, `ALLOWLIST__NONE`
 * ("The <variant> presale has no allowlist.") or `ALLOWLIST__NOT_LISTED` ("This wallet is not
 * on the <variant> presale's allowlist."); 503 `ALLOWLIST__UNAVAILABLE` when the server's
 * wallet list is missing or does not give the on-chain root, `PRESALE__UNAVAILABLE` before the
 * presale was first read.
 */
export const allowlistProofResponseSchema = z.object({
  variant: presaleVariantSchema,
  wallet: addressSchema,
  root: hex32Schema,
  proof: z.array(hex32Schema).max(20),
});
export type AllowlistProofResponse = z.infer<typeof allowlistProofResponseSchema>;

// ---------------------------------------------------------------- price

export const priceResponseSchema = z.object({
  /** Pyth integer price (may be negative in theory; decimal string). */
  price: z.string().regex(/^-?\d+$/),
  expo: z.number().int(),
  conf: z.string().regex(/^\d+$/),
  /** price * 10^expo, 2 decimals. */
  usd: z.string(),
  /** Unix seconds of the quote. */
  publishTime: z.number().int(),
  source: z.enum(['pyth', 'fallback']),
  stale: z.boolean(),
});
export type PriceResponse = z.infer<typeof priceResponseSchema>;

/**
 * A Pyth price feed as the price service publishes it (spec §3 "Price feed"): used to read
 * Hermes' answers. Numbers that can exceed 2^53 arrive as strings.
 */
const pythPriceSchema = z.object({
  price: z.string().regex(/^-?\d+$/),
  conf: z.string().regex(/^\d+$/),
  expo: z.number().int(),
  publish_time: z.number().int(),
});
export const pythPriceFeedSchema = z.object({
  id: z.string(),
  price: pythPriceSchema,
  ema_price: pythPriceSchema,
  metadata: z
    .object({
      // Hermes' OpenAPI declares these three nullable.
      slot: z.number().nullish(),
      proof_available_time: z.number().nullish(),
      prev_publish_time: z.number().nullish(),
      attestation_time: z.number().optional(),
      emitter_chain: z.number().optional(),
      price_service_receive_time: z.number().optional(),
      sequence_number: z.number().optional(),
    })
    .optional(),
  vaa: z.string().optional(),
});
export type PythPriceFeed = z.infer<typeof pythPriceFeedSchema>;

// ---------------------------------------------------------------- goals

export const communityCountSchema = z.object({
  count: z.number().int().min(0),
  source: z.enum(['telegram', 'x', 'operator']),
  stale: z.boolean(),
  fetchedAt: z.string(),
});
export type CommunityCountResponse = z.infer<typeof communityCountSchema>;

export const goalsResponseSchema = z.object({
  telegram: communityCountSchema,
  x: communityCountSchema,
});
export type GoalsResponse = z.infer<typeof goalsResponseSchema>;

/** The spec's goals answer (`GET /gettg`, `GET /gettw`): `{ "u": count }`. */
export const legacyGoalsResponseSchema = z.object({ u: z.number().int().min(0) });

// ---------------------------------------------------------------- leader ledger

/** Unsigned decimal number, as a JSON number or string (the spec's SOL fields). */
const decimalNumberish = z.union([
  z.number().finite().nonnegative(),
  z.string().regex(/^\d+(\.\d+)?$/, 'must be a non-negative decimal number'),
]);

/** The spec's leader report body (`POST /ct`). solsEarned/solsClaimable are in SOL. */
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
  /** Commission the code earned in all (the spec's solsEarned). */
  earnedLamports: lamportsStringSchema,
  /** Commission already paid to the wallet by ClaimCommission. */
  claimedLamports: lamportsStringSchema,
  /** earned − claimed: what ClaimCommission would pay now (the spec's solsClaimable). */
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

// ---------------------------------------------------------------- stream

export const streamTopicSchema = z.enum([
  'presale:public',
  'presale:private',
  'presale:leader',
  'price',
  'goals',
  'leaderboard',
]);
export type StreamTopic = z.infer<typeof streamTopicSchema>;

/** What a browser may send on `/api/v1/stream`. */
export const streamClientMessageSchema = z.object({
  type: z.enum(['subscribe', 'unsubscribe']),
  topics: z.array(streamTopicSchema).min(1).max(6),
});
export type StreamClientMessage = z.infer<typeof streamClientMessageSchema>;

/** What the BFF sends on `/api/v1/stream`. */
export const streamServerMessageSchema = z.discriminatedUnion('type', [
  z.object({ type: z.literal('presale'), topic: streamTopicSchema, data: presaleResponseSchema }),
  z.object({ type: z.literal('price'), topic: z.literal('price'), data: priceResponseSchema }),
  z.object({ type: z.literal('goals'), topic: z.literal('goals'), data: goalsResponseSchema }),
  /** Sent when a leader buy is recorded (on any instance): the top of the leaderboard. */
  z.object({
    type: z.literal('leaderboard'),
    topic: z.literal('leaderboard'),
    data: leaderboardResponseSchema,
  }),
  z.object({ type: z.literal('heartbeat'), at: z.number().int() }),
  z.object({
    type: z.literal('error'),
    error: z.object({ code: z.string(), message: z.string() }),
  }),
]);
export type StreamServerMessage = z.infer<typeof streamServerMessageSchema>;
