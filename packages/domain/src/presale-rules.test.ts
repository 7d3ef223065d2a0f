import { describe, expect, it } from 'vitest';
import {
  LEADER_TARGET_LAMPORTS,
  PUBLIC_TARGET_LAMPORTS,
  computePresaleTarget,
  computeRemainingAllowance,
  computeTokenAmount,
  computeTotalRemaining,
  hasReachedUserMaximum,
  isPresaleVariant,
  isSendEnabled,
  isSoldOut,
  isValidPrivateRouteName,
  presaleFlags,
} from './index';
import { SOL, presale } from '../test/support/fixtures';

describe('sold out', () => {
  it.each([
    ['nothing sold', 0n, SOL / 10n, 100n * SOL, false],
    ['exactly one minimum buy left', 99_900_000_000n, SOL / 10n, 100n * SOL, false],
    ['less than a minimum buy left', 99_900_000_001n, SOL / 10n, 100n * SOL, true],
    ['the cap reached', 100n * SOL, SOL / 10n, 100n * SOL, true],
    ['an uninitialised presale (all zero)', 0n, 0n, 0n, false],
  ])('with %s → %s', (_name, sold, min, max, expected) => {
    const state = presale({ currentTotalSold: sold, minUserBuyable: min, maxTotalBuyable: max });
    expect(isSoldOut(state)).toBe(expected);
  });
});

describe('remaining allowance', () => {
  const state = presale({ maxUserBuyable: 10n * SOL, maxTotalBuyable: 100n * SOL });
  it.each([
    ['a new buyer', 0n, 12n * SOL, 10n * SOL],
    ['a buyer who spent 4 SOL', 4n * SOL, 12n * SOL, 6n * SOL],
    ['a buyer at the maximum', 10n * SOL, 12n * SOL, 0n],
    ['a buyer over the maximum (limits lowered)', 11n * SOL, 12n * SOL, 0n],
    ['a new buyer when only 3 SOL are left overall', 0n, 97n * SOL, 3n * SOL],
    ['a new buyer when the presale is over-sold', 0n, 101n * SOL, 0n],
  ])('for %s', (_name, bought, sold, expected) => {
    expect(computeRemainingAllowance({ ...state, currentTotalSold: sold }, bought)).toBe(expected);
  });

  it('is never negative overall', () => {
    expect(computeTotalRemaining(presale({ currentTotalSold: 200n * SOL }))).toBe(0n);
  });

  it.each([
    [0n, false],
    [9_900_000_000n, false],
    [9_900_000_001n, true],
    [10n * SOL, true],
  ])('a buyer who spent %s has reached the maximum: %s', (bought, expected) => {
    expect(hasReachedUserMaximum(presale({ currentTotalSold: 0n }), bought)).toBe(expected);
  });
});

describe('the Send button', () => {
  it.each([
    [null, false, false, true],
    ['Amount field is empty', false, false, false],
    [null, true, false, false],
    [null, false, true, false],
  ])(
    'error=%j atMax=%s sending=%s → enabled %s',
    (amountError, userAtMaximum, sending, enabled) => {
      expect(isSendEnabled({ amountError, userAtMaximum, sending })).toBe(enabled);
    },
  );
});

describe('token amount', () => {
  it.each([
    [1n * SOL, 50_000n, 6, 20_000_000_000n],
    [1n, 50_000n, 6, 20n],
    [49_999n, 50_000n, 0, 0n],
    [50_000n, 50_000n, 0, 1n],
    [123_456_789n, 50_000n, 6, 2_469_135_780n],
    [SOL, 0n, 6, 0n],
    [0n, 50_000n, 6, 0n],
  ])('%s lamports at %s per token (%s decimals) → %s base units, rounded down', (l, p, d, t) => {
    expect(computeTokenAmount(l, p, d)).toBe(t);
  });
});

describe('presale variants', () => {
  const state = presale({ maxTotalBuyable: 250n * SOL });
  it.each([
    ['public', PUBLIC_TARGET_LAMPORTS],
    ['leader', LEADER_TARGET_LAMPORTS],
    ['private', 250n * SOL],
  ] as const)('the %s page targets %s lamports', (variant, target) => {
    expect(computePresaleTarget(variant, state)).toBe(target);
  });

  it('targets 100 SOL on the public page and 800 SOL on the leader page', () => {
    expect(PUBLIC_TARGET_LAMPORTS).toBe(100n * SOL);
    expect(LEADER_TARGET_LAMPORTS).toBe(800n * SOL);
  });

  it('flags the private page private and the leader page leader', () => {
    expect(presaleFlags('private')).toEqual({ isPrivate: true, isLeader: false });
    expect(presaleFlags('leader')).toEqual({ isPrivate: false, isLeader: true });
    expect(presaleFlags('public')).toEqual({ isPrivate: false, isLeader: false });
  });

  it.each([
    ['public', true],
    ['leader', true],
    ['private', true],
    ['swap', false],
    ['', false],
  ])('isPresaleVariant(%j) is %s', (value, expected) => {
    expect(isPresaleVariant(value)).toBe(expected);
  });

  it.each([
    ['private', true],
    ['vip-2024', true],
    ['presale', false],
    ['leader', false],
    ['Private', false],
    ['a', false],
    ['-x', false],
    ['x'.repeat(33), false],
  ])('private route name %j valid: %s', (name, expected) => {
    expect(isValidPrivateRouteName(name)).toBe(expected);
  });
});
