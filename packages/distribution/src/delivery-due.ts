import { unlockedTokens, type VestingState } from '@fbt/presale-client';
import type { PublicKey } from '@solana/web3.js';
import type { BuyerRecordEntry } from './buyer-records';

/** A buyer with FBT unlocked and not delivered yet. */
export interface DueDelivery {
  readonly record: PublicKey;
  readonly buyer: PublicKey;
  /** FBT base units the next Distribute moves: `unlocked − delivered` at the time judged. */
  readonly due: bigint;
  /** The buyer then holds every FBT bought. */
  readonly completes: boolean;
  /**
   * FBT base units delivered to the buyer so far (Distribute and Claim): above 0, an FBT account
   * of the buyer's took a delivery before.
   */
  readonly delivered: bigint;
}

/**
 * The buyers owed FBT at unix time `now`, as the program computes it (`unlockedTokens` of what
 * each bought, less what it delivered), in the records' order. Nothing is due before the sale
 * succeeded.
 */
export function dueDeliveries(
  state: VestingState,
  records: readonly BuyerRecordEntry[],
  now: bigint,
): DueDelivery[] {
  const due: DueDelivery[] = [];
  for (const entry of records) {
    const unlocked = unlockedTokens(state, entry.bought, now);
    if (unlocked > entry.delivered) {
      due.push({
        record: entry.record,
        buyer: entry.buyer,
        due: unlocked - entry.delivered,
        completes: unlocked === entry.bought,
        delivered: entry.delivered,
      });
    }
  }
  return due;
}

/** Buyers holding every FBT unlocked at `now` (the "N" of "Distributing: N of M"). */
export function servedBuyers(
  state: VestingState,
  records: readonly BuyerRecordEntry[],
  now: bigint,
): number {
  return records.filter((entry) => entry.delivered >= unlockedTokens(state, entry.bought, now))
    .length;
}

/** A vesting's instants, unix seconds: completion, the cliff's end, the vesting's end. */
function schedule(state: VestingState, roundSeconds: bigint) {
  if (roundSeconds <= 0n) throw new RangeError('roundSeconds must be positive');
  const start = state.completedAt;
  return {
    start,
    cliff: start + BigInt(state.cliffSeconds),
    end: start + BigInt(state.vestingSeconds),
  };
}

/**
 * The keeper's rounds during a vesting are at completion, at the cliff's end, every
 * `roundSeconds` after it, and at the vesting's end (without vesting, completion alone). They
 * follow from the presale's terms and completion alone, so a restarted keeper finds the same
 * rounds. This is the latest at or before `now` (unix seconds), or null before the first one or
 * before the sale succeeded.
 */
export function currentRound(
  state: VestingState,
  now: bigint,
  roundSeconds: bigint,
): bigint | null {
  if (state.status !== 'succeeded') return null;
  const { start, cliff, end } = schedule(state, roundSeconds);
  if (now < start) return null;
  if (now >= end) return end;
  if (now < cliff) return start;
  return cliff + ((now - cliff) / roundSeconds) * roundSeconds;
}

/** The first round after `now` (see {@link currentRound}), or null once the last has passed. */
export function nextRound(state: VestingState, now: bigint, roundSeconds: bigint): bigint | null {
  if (state.status !== 'succeeded') return null;
  const { start, cliff, end } = schedule(state, roundSeconds);
  if (now < start) return start;
  if (now >= end) return null;
  if (now < cliff) return cliff;
  const next = cliff + ((now - cliff) / roundSeconds + 1n) * roundSeconds;
  return next < end ? next : end;
}

/**
 * A round is owed at `now` when some buyer holds less than was unlocked at the current round's
 * time: judged from the records alone, so it holds across restarts (a round the keeper finished
 * before stopping is not owed again). Between rounds, what unlocked since waits for the next
 * one (or for the buyer's Claim).
 */
export function roundOwed(
  state: VestingState,
  records: readonly BuyerRecordEntry[],
  now: bigint,
  roundSeconds: bigint,
): boolean {
  const round = currentRound(state, now, roundSeconds);
  if (round === null) return false;
  return records.some((entry) => entry.delivered < unlockedTokens(state, entry.bought, round));
}
