import { describe, expect, it } from 'vitest';
import {
  assertDeliveryTerms,
  encodeDeliveryTerms,
  unlockedTokens,
  type DeliveryTerms,
  type VestingState,
} from './delivery-terms';

const vesting = (bps: number, cliff: number, duration: number) => ({
  unlockedAtCompletionBps: bps,
  cliffSeconds: cliff,
  vestingSeconds: duration,
});

describe('delivery terms', () => {
  it('encodes mode, minimum raise, bps, cliff and duration little-endian in 19 bytes', () => {
    const bytes = encodeDeliveryTerms({
      mode: 'at-completion',
      minimumRaise: 0x0102_0304_0506_0708n,
      vesting: vesting(2_500, 0x0a0b0c0d, 0x0a0b0c0e),
    });
    expect(Array.from(bytes)).toEqual([
      1, 8, 7, 6, 5, 4, 3, 2, 1, 0xc4, 0x09, 0x0d, 0x0c, 0x0b, 0x0a, 0x0e, 0x0c, 0x0b, 0x0a,
    ]);
    expect(Array.from(encodeDeliveryTerms({ mode: 'instant' }))).toEqual([
      0, 0, 0, 0, 0, 0, 0, 0, 0, 0x10, 0x27, 0, 0, 0, 0, 0, 0, 0, 0,
    ]);
  });

  it.each<[string, DeliveryTerms, RegExp]>([
    ['instant with a minimum', { mode: 'instant', minimumRaise: 1n }, /instant presale/],
    ['instant with vesting', { mode: 'instant', vesting: vesting(5_000, 0, 10) }, /instant/],
    ['over 100%', { mode: 'at-completion', vesting: vesting(10_001, 0, 10) }, /0 to 10000/],
    ['a cliff past the end', { mode: 'at-completion', vesting: vesting(0, 11, 10) }, /cliff/],
    [
      'vesting without a duration',
      { mode: 'at-completion', vesting: vesting(5_000, 0, 0) },
      /needs a duration/,
    ],
    [
      'a duration with 100% at once',
      { mode: 'at-completion', vesting: vesting(10_000, 0, 5) },
      /no vesting duration/,
    ],
    [
      'a negative minimum',
      { mode: 'at-completion', minimumRaise: -1n },
      /minimumRaise must be a u64/,
    ],
    ['a fractional cliff', { mode: 'at-completion', vesting: vesting(0, 1.5, 10) }, /cliffSeconds/],
  ])('refuses %s', (_label, terms, message) => {
    expect(() => assertDeliveryTerms(terms)).toThrow(message);
    expect(() => encodeDeliveryTerms(terms)).toThrow(RangeError);
  });
});

describe('unlockedTokens', () => {
  const state = (overrides: Partial<VestingState> = {}): VestingState => ({
    status: 'succeeded',
    completedAt: 1_000n,
    ...vesting(2_500, 100, 1_000),
    ...overrides,
  });

  it('unlocks nothing before the sale succeeded', () => {
    for (const status of ['open', 'sold-out', 'failed'] as const) {
      expect(unlockedTokens(state({ status }), 1_000n, 10_000n)).toBe(0n);
    }
  });

  it.each([
    ['before completion', 500n, 250n],
    ['at completion', 1_000n, 250n],
    ['just before the cliff', 1_099n, 250n],
    ['at the cliff', 1_100n, 250n + 75n],
    ['midway', 1_500n, 250n + 375n],
    ['one second before the end', 1_999n, 250n + 749n],
    ['at the end', 2_000n, 1_000n],
    ['long after', 10n ** 12n, 1_000n],
  ])('%s', (_label, now, expected) => {
    expect(unlockedTokens(state(), 1_000n, now)).toBe(expected);
  });

  it('rounds down, never decreases and ends exactly at what was bought', () => {
    const bought = 2n ** 64n - 1n;
    let previous = 0n;
    for (let now = 900n; now <= 2_100n; now += 7n) {
      const unlocked = unlockedTokens(state({ ...vesting(3_333, 0, 997) }), bought, now);
      expect(unlocked >= previous).toBe(true);
      expect(unlocked <= bought).toBe(true);
      previous = unlocked;
    }
    expect(previous).toBe(bought);
    expect(unlockedTokens(state({ ...vesting(1, 0, 3) }), 10n, 1_001n)).toBe(3n);
  });

  it('gives everything at completion without vesting', () => {
    expect(unlockedTokens(state({ ...vesting(10_000, 0, 0) }), 77n, 1_000n)).toBe(77n);
  });
});
