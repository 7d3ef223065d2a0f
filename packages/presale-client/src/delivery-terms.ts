import { BPS_PER_WHOLE } from '@fbt/domain';
import { u64 } from './encoding';

/**
 * How a presale's FBT reach the buyers, fixed at Initialize:
 * - `instant`: the buy moves the FBT to the buyer and the SOL to the seller (the original sale);
 * - `at-completion`: the FBT stay in the vault, owed on the buyer record, until the sale is
 *   finalized; then `Distribute` (anyone) or `Claim` (the buyer) moves what is unlocked.
 */
export type DeliveryMode = 'instant' | 'at-completion';

/** The byte the program stores for each mode. */
export const DELIVERY_MODE_CODES: Readonly<Record<DeliveryMode, number>> = {
  instant: 0,
  'at-completion': 1,
};

/** Where an at-completion sale stands (instant presales stay `open`). */
export type SaleStatus = 'open' | 'sold-out' | 'succeeded' | 'failed';

/** The status byte's values, in order: 0 open, 1 sold out (awaiting Finalize), 2, 3. */
export const SALE_STATUSES: readonly SaleStatus[] = ['open', 'sold-out', 'succeeded', 'failed'];

/**
 * A vesting schedule, from the sale's completion (`completedAt`): `unlockedAtCompletionBps` of
 * each buyer's FBT at completion, nothing more before `cliffSeconds`, everything at
 * `vestingSeconds`, linearly in between. 10,000 bps with no cliff and no duration = no vesting.
 */
export interface VestingSchedule {
  readonly unlockedAtCompletionBps: number;
  readonly cliffSeconds: number;
  readonly vestingSeconds: number;
}

/** Everything unlocked at completion. */
export const NO_VESTING: VestingSchedule = Object.freeze({
  unlockedAtCompletionBps: Number(BPS_PER_WHOLE),
  cliffSeconds: 0,
  vestingSeconds: 0,
});

/** Initialize's optional delivery terms (absent: an instant presale). */
export interface DeliveryTerms {
  readonly mode: DeliveryMode;
  /** Lamports the sale must reach, else buyers are refunded; 0n = none. At completion only. */
  readonly minimumRaise?: bigint;
  /** At completion only; default {@link NO_VESTING}. */
  readonly vesting?: VestingSchedule;
}

/** Bytes of the terms appended to Initialize's 35 (mode, raise, bps, cliff, vesting). */
export const DELIVERY_TERMS_SIZE = 19;

const U32_MAX = 0xffff_ffff;

function assertU32(value: number, field: string): void {
  if (!Number.isInteger(value) || value < 0 || value > U32_MAX) {
    throw new RangeError(
      `${field} must be a whole number of seconds up to ${U32_MAX}, got ${value}`,
    );
  }
}

/**
 * Throws a RangeError naming the rule when the program would refuse these terms: an instant
 * presale has no minimum raise and no vesting; bps at most 10,000; a cliff no longer than the
 * duration; a duration above 0 exactly when less than 10,000 bps unlock at completion.
 */
export function assertDeliveryTerms(terms: DeliveryTerms): void {
  const vesting = terms.vesting ?? NO_VESTING;
  const minimumRaise = terms.minimumRaise ?? 0n;
  u64(minimumRaise, 'minimumRaise');
  const { unlockedAtCompletionBps: bps, cliffSeconds, vestingSeconds } = vesting;
  assertU32(cliffSeconds, 'cliffSeconds');
  assertU32(vestingSeconds, 'vestingSeconds');
  const whole = Number(BPS_PER_WHOLE);
  if (!Number.isInteger(bps) || bps < 0 || bps > whole) {
    throw new RangeError(`unlockedAtCompletionBps must be 0 to ${whole}, got ${bps}`);
  }
  const vests = bps !== whole || cliffSeconds !== 0 || vestingSeconds !== 0;
  if (terms.mode === 'instant' && (minimumRaise !== 0n || vests)) {
    throw new RangeError('an instant presale can have no minimum raise and no vesting');
  }
  if (cliffSeconds > vestingSeconds) {
    throw new RangeError(
      `the cliff (${cliffSeconds} s) is longer than the vesting (${vestingSeconds} s)`,
    );
  }
  if (bps < whole && vestingSeconds === 0) {
    throw new RangeError('a vesting that unlocks less than 100% at completion needs a duration');
  }
  if (bps === whole && vestingSeconds !== 0) {
    throw new RangeError('100% unlocked at completion takes no vesting duration');
  }
}

/** The 19 bytes of Initialize's delivery terms, after {@link assertDeliveryTerms}. */
export function encodeDeliveryTerms(terms: DeliveryTerms): Uint8Array {
  assertDeliveryTerms(terms);
  const vesting = terms.vesting ?? NO_VESTING;
  const bytes = new Uint8Array(DELIVERY_TERMS_SIZE);
  const view = new DataView(bytes.buffer);
  bytes[0] = DELIVERY_MODE_CODES[terms.mode];
  bytes.set(u64(terms.minimumRaise ?? 0n, 'minimumRaise'), 1);
  view.setUint16(9, vesting.unlockedAtCompletionBps, true);
  view.setUint32(11, vesting.cliffSeconds, true);
  view.setUint32(15, vesting.vestingSeconds, true);
  return bytes;
}

/** What {@link unlockedTokens} reads of a presale. */
export interface VestingState extends VestingSchedule {
  readonly status: SaleStatus;
  /** Unix seconds the schedule starts from (the sale's completion). */
  readonly completedAt: bigint;
}

/**
 * FBT base units of `bought` unlocked at unix time `now`, as the program computes them: 0 until
 * the sale succeeded; then floor(bought × bps / 10,000) until the cliff, plus
 * floor(rest × elapsed / duration) from the cliff on, and all of it from completedAt + duration.
 * Never decreases as `now` grows and ends exactly at `bought`.
 *
 * @example unlockedTokens(presale, record.tokensReceived, BigInt(Math.floor(Date.now() / 1000)))
 */
export function unlockedTokens(state: VestingState, bought: bigint, now: bigint): bigint {
  if (state.status !== 'succeeded') return 0n;
  const duration = BigInt(state.vestingSeconds);
  const elapsed = now > state.completedAt ? now - state.completedAt : 0n;
  if (duration === 0n || elapsed >= duration) return bought;
  const atCompletion = (bought * BigInt(state.unlockedAtCompletionBps)) / BPS_PER_WHOLE;
  if (elapsed < BigInt(state.cliffSeconds)) return atCompletion;
  return atCompletion + ((bought - atCompletion) * elapsed) / duration;
}
