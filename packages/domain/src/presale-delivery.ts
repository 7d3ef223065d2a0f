import { DomainError } from './domain-error';

/**
 * How and when a presale's FBT reach its buyers, as the presale program (layout version 3)
 * keeps it after the version-2 fields, and where an at-completion sale stands. Read by the BFF
 * from the same account bytes as the presale state, so the page and the Blink never say
 * anything the presale's mode contradicts.
 */

/**
 * `instant`: each buy moves the FBT to the buyer in the same transaction. `at-completion`: the
 * FBT stay in the presale's vault, owed to the buyer, until the sale completes and is
 * finalized; then they are distributed (and claimed as the vesting unlocks them).
 */
export type DeliveryMode = 'instant' | 'at-completion';

/**
 * Where an at-completion sale stands: `open`, `sold-out` (complete, waiting for Finalize),
 * `succeeded` (finalized: FBT are delivered) or `failed` (finalized below its minimum raise:
 * buyers are refunded). An instant presale stays `open`.
 */
export type SaleStatus = 'open' | 'sold-out' | 'succeeded' | 'failed';

/** The status byte's values in order (0 open, 1 sold out, 2 succeeded, 3 failed). */
export const SALE_STATUS_CODES: readonly SaleStatus[] = ['open', 'sold-out', 'succeeded', 'failed'];

/** The delivery-mode byte's values in order (0 instant, 1 at completion). */
export const DELIVERY_MODE_CODES: readonly DeliveryMode[] = ['instant', 'at-completion'];

/** Size of a version-3 presale account. */
export const PRESALE_V3_ACCOUNT_SIZE = 408;

/** Offsets of the version-3 fields (mirrors programs/presale/c/presale.h). */
export const PRESALE_DELIVERY_FIELD_OFFSETS = {
  deliveryMode: 288,
  status: 289,
  unlockedAtCompletionBps: 290,
  cliffSeconds: 292,
  vestingSeconds: 296,
  minimumRaise: 304,
  completedAt: 312,
  tokensOwed: 320,
  tokensDelivered: 328,
  escrowLamports: 336,
  refundedLamports: 344,
  proceedsWithdrawn: 352,
  buyersDelivered: 360,
  buyersRefunded: 368,
} as const;

/**
 * The vesting of an at-completion presale, from its completion: `unlockedAtCompletionBps` of
 * each buyer's FBT at completion, nothing more before `cliffSeconds`, all of it at
 * `vestingSeconds`, linearly in between. 10,000 bps and no duration: everything at completion.
 */
export interface VestingTerms {
  readonly unlockedAtCompletionBps: number;
  readonly cliffSeconds: number;
  readonly vestingSeconds: number;
}

/** A presale's delivery terms and progress (FBT in base units, money in lamports). */
export interface PresaleDelivery {
  readonly mode: DeliveryMode;
  readonly status: SaleStatus;
  /** Lamports the sale must reach, else every buyer is refunded; 0n = none. */
  readonly minimumRaise: bigint;
  readonly vesting: VestingTerms;
  /**
   * Unix seconds the vesting starts from (when the sale sold out, else its window's end), or
   * `null` while the sale has not completed.
   */
  readonly completedAt: number | null;
  /** FBT bought and not yet delivered (they stay in the vault). */
  readonly tokensOwed: bigint;
  /** FBT Distribute and Claim moved to buyers. */
  readonly tokensDelivered: bigint;
  /** Buyers whose FBT were all delivered (the "N" of "N of buyer count"). */
  readonly buyersDelivered: bigint;
  /** Buyers refunded after a failed sale. */
  readonly buyersRefunded: bigint;
}

/** Everything unlocked at completion: no vesting. */
export const NO_VESTING_TERMS: VestingTerms = Object.freeze({
  unlockedAtCompletionBps: 10_000,
  cliffSeconds: 0,
  vestingSeconds: 0,
});

/** What an account older than version 3 means: an instant presale, open, nothing owed. */
export const INSTANT_DELIVERY: PresaleDelivery = Object.freeze({
  mode: 'instant',
  status: 'open',
  minimumRaise: 0n,
  vesting: NO_VESTING_TERMS,
  completedAt: null,
  tokensOwed: 0n,
  tokensDelivered: 0n,
  buyersDelivered: 0n,
  buyersRefunded: 0n,
});

function code<T>(values: readonly T[], value: number | undefined, field: string): T {
  const named = value === undefined ? undefined : values[value];
  if (named === undefined) throw new DomainError('LAYOUT__INVALID_FLAG', { field, value });
  return named;
}

/**
 * Decodes the delivery fields of a presale account, or `null` for an account shorter than
 * version 3 (an instant presale: {@link INSTANT_DELIVERY}). Throws `LAYOUT__INVALID_FLAG` when
 * the mode or status byte is not one the program writes.
 *
 * @example decodePresaleDelivery(accountData)?.status // 'succeeded'
 */
export function decodePresaleDelivery(bytes: Uint8Array): PresaleDelivery | null {
  if (bytes.length < PRESALE_V3_ACCOUNT_SIZE) return null;
  const view = new DataView(bytes.buffer, bytes.byteOffset, bytes.byteLength);
  const o = PRESALE_DELIVERY_FIELD_OFFSETS;
  const u64 = (offset: number): bigint => view.getBigUint64(offset, true);
  const completedAt = view.getBigInt64(o.completedAt, true);
  return {
    mode: code(DELIVERY_MODE_CODES, bytes[o.deliveryMode], 'deliveryMode'),
    status: code(SALE_STATUS_CODES, bytes[o.status], 'status'),
    minimumRaise: u64(o.minimumRaise),
    vesting: {
      unlockedAtCompletionBps: view.getUint16(o.unlockedAtCompletionBps, true),
      cliffSeconds: view.getUint32(o.cliffSeconds, true),
      vestingSeconds: view.getUint32(o.vestingSeconds, true),
    },
    completedAt: completedAt === 0n ? null : Number(completedAt),
    tokensOwed: u64(o.tokensOwed),
    tokensDelivered: u64(o.tokensDelivered),
    buyersDelivered: u64(o.buyersDelivered),
    buyersRefunded: u64(o.buyersRefunded),
  };
}

/** Whether an at-completion sale is complete: sold out (awaiting Finalize) or finalized. */
export function isSaleComplete(delivery: PresaleDelivery): boolean {
  return delivery.mode === 'at-completion' && delivery.status !== 'open';
}

/** A snapshot's delivery: its own, or {@link INSTANT_DELIVERY} for an account older than v3. */
export function deliveryOf(snapshot: { readonly delivery?: PresaleDelivery }): PresaleDelivery {
  return snapshot.delivery ?? INSTANT_DELIVERY;
}

/**
 * FBT base units of `bought` unlocked at unix time `now` on an at-completion presale, by the
 * program's arithmetic (the program client's `unlockedTokens` computes the same; a test holds
 * them equal): 0 until the sale succeeded; then floor(bought × bps / 10,000) until the cliff,
 * plus floor(rest × elapsed / duration) from the cliff on, and all of it from completion +
 * duration. Here so the site's first paint computes it without the program client's web3.js.
 */
export function unlockedTokensAt(delivery: PresaleDelivery, bought: bigint, now: number): bigint {
  if (delivery.status !== 'succeeded') return 0n;
  const duration = BigInt(delivery.vesting.vestingSeconds);
  const completedAt = BigInt(delivery.completedAt ?? 0);
  const at = BigInt(Math.floor(now));
  const elapsed = at > completedAt ? at - completedAt : 0n;
  if (duration === 0n || elapsed >= duration) return bought;
  const atCompletion = (bought * BigInt(delivery.vesting.unlockedAtCompletionBps)) / 10_000n;
  if (elapsed < BigInt(delivery.vesting.cliffSeconds)) return atCompletion;
  return atCompletion + ((bought - atCompletion) * elapsed) / duration;
}
