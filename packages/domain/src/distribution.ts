import { z } from 'zod';
import {
  addressSchema,
  lamportsStringSchema,
  presaleVariantSchema,
  u64StringSchema,
} from './api-schemas';

/**
 * Where a presale's delivery stands, as the site words it:
 * - `instant`: the FBT reach the buyer in the buy itself (nothing to distribute);
 * - `selling`: delivery at completion, the sale is still open;
 * - `awaiting-finalize`: it sold out or its window ended, and Finalize has not fixed its outcome;
 * - `distributing`: it succeeded and some buyer still waits for FBT unlocked so far
 *   ("Distributing: N of M");
 * - `vesting`: every buyer holds what is unlocked so far, and more unlocks later;
 * - `done`: every buyer holds every FBT bought ("Done"), but those whose token account cannot
 *   take them (`buyersUnreachable`), whose FBT wait in the vault for their own Claim;
 * - `failed`: it missed its minimum raise; buyers are refunded and nothing is distributed.
 */
export const DISTRIBUTION_PHASES = [
  'instant',
  'selling',
  'awaiting-finalize',
  'distributing',
  'vesting',
  'done',
  'failed',
] as const;
export type DistributionPhase = (typeof DISTRIBUTION_PHASES)[number];

/** What decides a presale's {@link DistributionPhase}. Counts are buyer records. */
export interface DistributionFacts {
  readonly deliveryMode: 'instant' | 'at-completion';
  readonly status: 'open' | 'sold-out' | 'succeeded' | 'failed';
  /** No further buy can succeed: sold out, or the sale window has ended. */
  readonly complete: boolean;
  readonly buyers: bigint;
  /** Buyers holding every FBT unlocked so far. */
  readonly buyersServed: bigint;
  /** Buyers with FBT due whose token account cannot take them (frozen, another owner). */
  readonly buyersUnreachable: bigint;
  /** Every buyer's FBT are unlocked (no vesting, or its end has passed). */
  readonly fullyUnlocked: boolean;
}

/** The phase the facts put a presale in (see {@link DISTRIBUTION_PHASES}). */
export function distributionPhase(facts: DistributionFacts): DistributionPhase {
  if (facts.deliveryMode === 'instant') return 'instant';
  if (facts.status === 'failed') return 'failed';
  if (facts.status !== 'succeeded') {
    return facts.status === 'sold-out' || facts.complete ? 'awaiting-finalize' : 'selling';
  }
  if (facts.buyersServed + facts.buyersUnreachable < facts.buyers) return 'distributing';
  return facts.fullyUnlocked ? 'done' : 'vesting';
}

/** The vesting terms of an at-completion presale, as the wire carries them. */
export const vestingJsonSchema = z.object({
  /** Share of each buyer's FBT unlocked at completion, in basis points (10,000 = all). */
  unlockedAtCompletionBps: z.number().int().min(0).max(10_000),
  /** Nothing more unlocks before completion + this many seconds. */
  cliffSeconds: z.number().int().min(0),
  /** Everything is unlocked at completion + this many seconds (linearly from the cliff on). */
  vestingSeconds: z.number().int().min(0),
});
export type VestingJson = z.infer<typeof vestingJsonSchema>;

const count = z.number().int().min(0);

/**
 * The `distribution:<variant>` stream message's data (and `GET
 * /api/v1/presales/:variant/distribution`): how a presale's FBT reach its buyers, where that
 * stands, and its completion and escrow facts, from the chain as the BFF's keeper last read it.
 * Amounts are decimal strings (lamports; FBT in base units).
 */
export const distributionResponseSchema = z.object({
  variant: presaleVariantSchema,
  address: addressSchema,
  deliveryMode: z.enum(['instant', 'at-completion']),
  /** The program's status byte: `sold-out` is complete and waiting for Finalize. */
  status: z.enum(['open', 'sold-out', 'succeeded', 'failed']),
  phase: z.enum(DISTRIBUTION_PHASES),
  /** Unix seconds the sale completed (sold out, or its window's end); null before. */
  completedAt: z.number().int().nullable(),
  /** M: buyer records (one per wallet that bought). */
  buyers: count,
  /** N: buyers holding every FBT unlocked so far ("Distributing: N of M"). */
  buyersServed: count,
  /** Buyers holding every FBT they bought (the program's count). */
  buyersDelivered: count,
  /** Buyers whose token account cannot take FBT: their FBT wait for their own Claim. */
  buyersUnreachable: count,
  /** Buyers refunded after a failed sale (their records are closed). */
  buyersRefunded: count,
  raisedLamports: lamportsStringSchema,
  /** 0 = no minimum raise. */
  minimumRaiseLamports: lamportsStringSchema,
  /** SOL held by the presale account for its buyers or its seller (a minimum raise only). */
  escrowLamports: lamportsStringSchema,
  refundedLamports: lamportsStringSchema,
  proceedsWithdrawnLamports: lamportsStringSchema,
  /** FBT base units bought and not delivered yet (kept in the vault). */
  tokensOwed: u64StringSchema,
  /** FBT base units delivered by Distribute and Claim. */
  tokensDelivered: u64StringSchema,
  /** Null: everything unlocks at completion. */
  vesting: vestingJsonSchema.nullable(),
  /** Unix seconds of the keeper's next vesting round; null when none is to come. */
  nextRoundAt: z.number().int().nullable(),
  /** A keeper (the BFF's fee payer) finalizes and distributes this presale by itself. */
  keeperActive: z.boolean(),
  /** ISO-8601 time the chain was read. */
  fetchedAt: z.string(),
  /** True when the last read failed and this is the last good value. */
  stale: z.boolean(),
});
export type DistributionResponse = z.infer<typeof distributionResponseSchema>;
