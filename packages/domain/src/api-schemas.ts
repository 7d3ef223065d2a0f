import { z } from 'zod';
import { isAddress, isSignature } from './address';
import { isValidLeaderCode } from './leader';
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

/**
 * The delivery terms a team declares for a presale (the deployment file's `terms`), which the
 * verify page checks the chain's against: the mode, and for a sale at completion its minimum
 * raise (lamports, absent: none) and vesting (absent: everything at completion).
 */
export const declaredTermsSchema = z
  .object({
    delivery: z.enum(['instant', 'at-completion']),
    minimumRaiseLamports: lamportsStringSchema.optional(),
    unlockedAtCompletionBps: z.number().int().min(0).max(10_000).optional(),
    cliffSeconds: z.number().int().min(0).max(0xffff_ffff).optional(),
    vestingSeconds: z.number().int().min(0).max(0xffff_ffff).optional(),
  })
  .strict()
  .superRefine((terms, context) => {
    const problem = declaredTermsProblem(terms);
    if (problem !== null) context.addIssue({ code: 'custom', message: problem });
  });
export type DeclaredTermsJson = z.infer<typeof declaredTermsSchema>;

/**
 * Why declared terms are ones the program would refuse at Initialize, or null: an instant sale
 * has no minimum raise and no vesting; a vesting duration exactly when less than 10,000 bps
 * unlock at completion; a cliff no longer than the duration.
 */
function declaredTermsProblem(terms: {
  readonly delivery: 'instant' | 'at-completion';
  readonly minimumRaiseLamports?: string | undefined;
  readonly unlockedAtCompletionBps?: number | undefined;
  readonly cliffSeconds?: number | undefined;
  readonly vestingSeconds?: number | undefined;
}): string | null {
  const bps = terms.unlockedAtCompletionBps ?? 10_000;
  const cliff = terms.cliffSeconds ?? 0;
  const duration = terms.vestingSeconds ?? 0;
  const vests = bps !== 10_000 || cliff !== 0 || duration !== 0;
  const raise = terms.minimumRaiseLamports ?? '0';
  const raises = /^\d{1,20}$/.test(raise) && BigInt(raise) > 0n;
  if (terms.delivery === 'instant') {
    return raises || vests ? 'an instant presale has no minimum raise and no vesting' : null;
  }
  if (bps < 10_000 !== duration > 0) {
    return 'a vesting duration is needed exactly when less than 10000 bps unlock at completion';
  }
  if (cliff > duration) return 'the cliff must not be longer than the vesting duration';
  return null;
}

export const presaleVariantConfigSchema = z.object({
  variant: presaleVariantSchema,
  /** Hash route of the page, without '#/'. */
  route: z.string(),
  /** The presale state account. */
  presale: addressSchema,
  /** Fixed display target, or null when it comes from the chain (private: maxTotalBuyable). */
  displayTargetLamports: lamportsStringSchema.nullable(),
  /** The delivery terms the deployment declares; null or absent (an older BFF): none declared. */
  declaredTerms: declaredTermsSchema.nullable().optional(),
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
  /**
   * The deployment's address lookup table: buys compile to a version-0 message with it. Absent
   * when the deployment has none (buys are legacy transactions).
   */
  lookupTable: addressSchema.optional(),
  /**
   * What the verify page checks the chain against beyond this repository's own rules: the
   * metadata address the site publishes and the multisigs it declares. The page computes every
   * fact itself; this says what is expected, never what passed. Absent from an older BFF.
   */
  verify: z
    .object({
      metadataUri: z.string().nullable(),
      multisigs: z.array(z.object({ address: addressSchema, label: z.string() })),
      idlPath: z.string(),
    })
    .optional(),
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

/**
 * How and when the presale's FBT reach buyers, and where an at-completion sale stands
 * (`PresaleDelivery`; FBT in base units, counts and money as decimal strings). An account older
 * than layout version 3 is an instant presale.
 */
export const presaleDeliveryJsonSchema = z.object({
  mode: z.enum(['instant', 'at-completion']),
  status: z.enum(['open', 'sold-out', 'succeeded', 'failed']),
  /** Lamports the sale must reach, else every buyer is refunded; "0" = none. */
  minimumRaiseLamports: lamportsStringSchema,
  vesting: z.object({
    unlockedAtCompletionBps: z.number().int().min(0).max(10_000),
    cliffSeconds: z.number().int().min(0),
    vestingSeconds: z.number().int().min(0),
  }),
  /** Unix seconds the vesting starts from; null while the sale has not completed. */
  completedAt: z.number().int().nullable(),
  tokensOwed: u64StringSchema,
  tokensDelivered: u64StringSchema,
  /** Buyer records the program created (the "M" of "N of M delivered"). */
  buyerCount: u64StringSchema,
  buyersDelivered: u64StringSchema,
  buyersRefunded: u64StringSchema,
});
export type PresaleDeliveryJson = z.infer<typeof presaleDeliveryJsonSchema>;

export const presaleResponseSchema = z.object({
  variant: presaleVariantSchema,
  address: addressSchema,
  state: presaleStateJsonSchema,
  /** When buys are open (see `saleWindowSchema`); both null on a presale without a window. */
  window: saleWindowSchema,
  /** True when an allowlist root is set: only wallets with a proof can buy (BuyWith + proof). */
  allowlisted: z.boolean(),
  soldOut: z.boolean(),
  /**
   * The delivery mode, vesting, minimum raise and, at completion, the sale's outcome. Always
   * sent; absent only from a BFF that predates delivery modes (one replica of a rolling
   * upgrade), which served instant presales alone.
   */
  delivery: presaleDeliveryJsonSchema.optional(),
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
  /**
   * FBT base units bought (instant: received in the buys; at completion: owed until delivered).
   * Both token counts are always sent; absent only from a BFF that predates delivery modes.
   */
  tokensBought: u64StringSchema.optional(),
  /** At completion: FBT base units delivered to the wallet so far (Distribute and Claim). */
  tokensDelivered: u64StringSchema.optional(),
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

/**
 * `GET /api/v1/presales/:variant/allowlist`: the wallets of the presale's published allowlist
 * (the operator's file), from which a visitor rebuilds the root to compare with the chain's.
 * Errors: 404 `PRESALE__UNKNOWN_VARIANT`, `ALLOWLIST__NOT_PUBLISHED`; 503 `ALLOWLIST__UNAVAILABLE`.
 */
export const publishedAllowlistResponseSchema = z.object({
  variant: presaleVariantSchema,
  presale: addressSchema,
  wallets: z.array(addressSchema),
});
export type PublishedAllowlistResponse = z.infer<typeof publishedAllowlistResponseSchema>;

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
 * A Pyth price feed as Hermes publishes it (`/v2/updates/price/latest` and the stream): used to
 * read Hermes' answers. Numbers that can exceed 2^53 arrive as strings.
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

/** The legacy goals answer (`GET /gettg`, `GET /gettw`): `{ "u": count }`. */
export const legacyGoalsResponseSchema = z.object({ u: z.number().int().min(0) });
