import { Keypair } from '@solana/web3.js';
import type { VestingState } from '@fbt/presale-client';
import { describe, expect, it } from 'vitest';
import type { BuyerRecordEntry } from './buyer-records';
import { currentRound, dueDeliveries, nextRound, roundOwed, servedBuyers } from './delivery-due';

const COMPLETED = 1_000_000n;
const DAY = 86_400n;

const vesting = (overrides: Partial<VestingState> = {}): VestingState => ({
  status: 'succeeded',
  completedAt: COMPLETED,
  unlockedAtCompletionBps: 2_500,
  cliffSeconds: 10 * 86_400,
  vestingSeconds: 100 * 86_400,
  ...overrides,
});
const noVesting = vesting({ unlockedAtCompletionBps: 10_000, cliffSeconds: 0, vestingSeconds: 0 });

const record = (bought: bigint, delivered: bigint): BuyerRecordEntry => ({
  record: Keypair.generate().publicKey,
  buyer: Keypair.generate().publicKey,
  bought,
  delivered,
});

describe('what is due', () => {
  it('owes everything bought at completion without vesting, and nothing twice', () => {
    const records = [record(1_000n, 0n), record(500n, 500n), record(300n, 100n)];
    const due = dueDeliveries(noVesting, records, COMPLETED);
    expect(due.map((entry) => [entry.buyer, entry.due, entry.completes])).toEqual([
      [records[0]!.buyer, 1_000n, true],
      [records[2]!.buyer, 200n, true],
    ]);
    expect(servedBuyers(noVesting, records, COMPLETED)).toBe(1);
  });

  it('owes nothing before the sale succeeded', () => {
    const records = [record(1_000n, 0n)];
    expect(dueDeliveries({ ...noVesting, status: 'sold-out' }, records, COMPLETED)).toEqual([]);
    expect(dueDeliveries({ ...noVesting, status: 'failed' }, records, COMPLETED)).toEqual([]);
  });

  it('owes the share unlocked at completion, then the linear part after the cliff', () => {
    const records = [record(1_000n, 0n)];
    expect(dueDeliveries(vesting(), records, COMPLETED + DAY)[0]).toMatchObject({
      due: 250n,
      completes: false,
    });
    // Day 55 of 100: 250 + 750 × 55/100 = 662 (rounded down).
    expect(dueDeliveries(vesting(), records, COMPLETED + 55n * DAY)[0]?.due).toBe(662n);
    expect(dueDeliveries(vesting(), records, COMPLETED + 100n * DAY)[0]).toMatchObject({
      due: 1_000n,
      completes: true,
    });
  });
});

describe('vesting rounds', () => {
  const round = DAY * 7n;

  it('start at completion, then the cliff, then every round, and end at the vesting end', () => {
    const state = vesting();
    expect(currentRound(state, COMPLETED - 1n, round)).toBeNull();
    expect(currentRound(state, COMPLETED, round)).toBe(COMPLETED);
    expect(currentRound(state, COMPLETED + 9n * DAY, round)).toBe(COMPLETED);
    expect(currentRound(state, COMPLETED + 10n * DAY, round)).toBe(COMPLETED + 10n * DAY);
    expect(currentRound(state, COMPLETED + 17n * DAY, round)).toBe(COMPLETED + 17n * DAY);
    expect(currentRound(state, COMPLETED + 23n * DAY, round)).toBe(COMPLETED + 17n * DAY);
    expect(currentRound(state, COMPLETED + 100n * DAY, round)).toBe(COMPLETED + 100n * DAY);
    expect(currentRound(state, COMPLETED + 900n * DAY, round)).toBe(COMPLETED + 100n * DAY);

    expect(nextRound(state, COMPLETED - 1n, round)).toBe(COMPLETED);
    expect(nextRound(state, COMPLETED, round)).toBe(COMPLETED + 10n * DAY);
    expect(nextRound(state, COMPLETED + 10n * DAY, round)).toBe(COMPLETED + 17n * DAY);
    // The last weekly round before the end is day 94; the next is the end itself.
    expect(nextRound(state, COMPLETED + 95n * DAY, round)).toBe(COMPLETED + 100n * DAY);
    expect(nextRound(state, COMPLETED + 100n * DAY, round)).toBeNull();
  });

  it('without vesting, completion is the only round', () => {
    expect(currentRound(noVesting, COMPLETED + 5n, round)).toBe(COMPLETED);
    expect(nextRound(noVesting, COMPLETED, round)).toBeNull();
    expect(nextRound(noVesting, COMPLETED - 5n, round)).toBe(COMPLETED);
  });

  it('has none before the sale succeeded, and refuses a round of no length', () => {
    expect(currentRound({ ...noVesting, status: 'open' }, COMPLETED, round)).toBeNull();
    expect(nextRound({ ...noVesting, status: 'sold-out' }, COMPLETED, round)).toBeNull();
    expect(() => currentRound(noVesting, COMPLETED, 0n)).toThrow(RangeError);
  });

  it('is owed until every buyer holds what the current round unlocked, judged from the records', () => {
    const state = vesting();
    const at = COMPLETED + 12n * DAY; // current round: the cliff's end (day 10)
    const unlockedAtCliff = 250n + (750n * 10n) / 100n;
    expect(roundOwed(state, [record(1_000n, 250n)], at, round)).toBe(true);
    expect(roundOwed(state, [record(1_000n, unlockedAtCliff)], at, round)).toBe(false);
    // What unlocked since the round waits for the next one.
    expect(dueDeliveries(state, [record(1_000n, unlockedAtCliff)], at)[0]?.due).toBe(15n);
    expect(roundOwed({ ...state, status: 'sold-out' }, [record(1_000n, 0n)], at, round)).toBe(
      false,
    );
  });
});
