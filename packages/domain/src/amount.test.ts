import { describe, expect, it } from 'vitest';
import {
  checkBuyAmount,
  formatFixed,
  formatSol,
  estimateTokenUnits,
  parseSolAmount,
  solToLamports,
  type AmountError,
  type AmountValidationInput,
} from './index';
import { SOL, presale } from '../test/support/fixtures';

/** The amount check's error, or null when it accepts the amount. */
function amountErrorOf(input: AmountValidationInput): AmountError | null {
  const checked = checkBuyAmount(input);
  return checked.ok ? null : checked.error;
}

describe('reading a typed SOL amount', () => {
  it.each([
    ['1', 1_000_000_000n],
    ['1.5', 1_500_000_000n],
    ['0.1', 100_000_000n],
    ['.5', 500_000_000n],
    ['1.', 1_000_000_000n],
    ['  2.25  ', 2_250_000_000n],
    ['0.000000001', 1n],
    ['0', 0n],
    ['007', 7_000_000_000n],
    ['18446744073.709551615', 0xffff_ffff_ffff_ffffn],
  ])('reads %j as %s lamports', (text, lamports) => {
    expect(parseSolAmount(text)).toEqual({ ok: true, lamports });
  });

  it.each([
    ['', 'AMOUNT__EMPTY'],
    ['   ', 'AMOUNT__EMPTY'],
    ['-1', 'AMOUNT__NEGATIVE'],
    ['-0.5', 'AMOUNT__NEGATIVE'],
    ['-abc', 'AMOUNT__NOT_A_NUMBER'],
    ['abc', 'AMOUNT__NOT_A_NUMBER'],
    ['NaN', 'AMOUNT__NOT_A_NUMBER'],
    ['Infinity', 'AMOUNT__NOT_A_NUMBER'],
    ['.', 'AMOUNT__NOT_A_NUMBER'],
    ['1.2.3', 'AMOUNT__NOT_A_NUMBER'],
    ['1,5', 'AMOUNT__NOT_A_NUMBER'],
    ['0x10', 'AMOUNT__NOT_A_NUMBER'],
    ['1e3', 'AMOUNT__EXPONENT'],
    ['1.5E-2', 'AMOUNT__EXPONENT'],
    ['e5', 'AMOUNT__EXPONENT'],
    ['0.0000000001', 'AMOUNT__TOO_MANY_DECIMALS'],
    ['18446744073.709551616', 'AMOUNT__OUT_OF_RANGE'],
    ['99999999999999999999', 'AMOUNT__OUT_OF_RANGE'],
  ])('refuses %j with %s', (text, code) => {
    expect(parseSolAmount(text)).toEqual({ ok: false, code });
  });
});

describe('formatting', () => {
  it.each([
    [0n, {}, '0'],
    [1n, {}, '0.000000001'],
    [100_000_000n, {}, '0.1'],
    [1_500_000_000n, {}, '1.5'],
    [100n * SOL, {}, '100'],
    [9_123_456_789n, { maxFractionDigits: 5 }, '9.12345'],
    [9_999_999_999n, { maxFractionDigits: 5 }, '9.99999'],
    [9_000_000_000n, { maxFractionDigits: 5 }, '9'],
  ])('formatSol(%s, %j) is %j', (lamports, options, text) => {
    expect(formatSol(lamports, options)).toBe(text);
  });

  it('keeps a minimum of fraction digits when asked', () => {
    expect(formatFixed(20_000_000_000n, 6, { minFractionDigits: 4, maxFractionDigits: 4 })).toBe(
      '20000.0000',
    );
    expect(formatFixed(-1_500_000n, 6)).toBe('-1.5');
  });

  it('converts whole SOL display targets to lamports', () => {
    expect(solToLamports(100)).toBe(100n * SOL);
    expect(solToLamports(800n)).toBe(800n * SOL);
  });
});

describe('the amount field', () => {
  const state = presale({ minUserBuyable: SOL / 10n, maxUserBuyable: 10n * SOL });

  describe('messages come in the order they are checked', () => {
    it.each([
      ['an empty field', '', 0n, 'Amount field is empty'],
      ['an empty field even when at the limit', '', 10n * SOL, 'Amount field is empty'],
      ['a user at the maximum', '1', 10n * SOL, 'You already exceed buyable limit'],
      [
        'a user whose remainder is below the minimum',
        '0.05',
        9_950_000_000n,
        'You already exceed buyable limit',
      ],
      ['an amount above the remaining allowance', '11', 0n, 'Amount too high. Max 10 SOL'],
      [
        'an amount above a partial remainder',
        '5',
        7_123_456_789n,
        'Amount too high. Max 2.87654 SOL',
      ],
      ['an amount below the minimum', '0.05', 0n, 'Amount too low. Min 0.1 SOL'],
      ['zero', '0', 0n, 'Amount too low. Min 0.1 SOL'],
    ])('when %s → %j', (_name, input, bought, message) => {
      expect(amountErrorOf({ input, state, boughtLamports: bought })?.message).toBe(message);
    });

    it('gives the figures of its messages as params, for a translated UI', () => {
      expect(amountErrorOf({ input: '0.05', state, boughtLamports: 0n })).toEqual({
        code: 'AMOUNT__TOO_LOW',
        params: { min: '0.1' },
        message: 'Amount too low. Min 0.1 SOL',
      });
      expect(amountErrorOf({ input: '5', state, boughtLamports: 7_123_456_789n })?.params).toEqual({
        max: '2.87654',
      });
      expect(amountErrorOf({ input: '', state, boughtLamports: 0n })?.params).toEqual({});
    });
  });

  it('truncates the remaining maximum so the figure shown is always accepted', () => {
    const error = amountErrorOf({ input: '9', state, boughtLamports: 1_000_000_001n });
    expect(error?.message).toBe('Amount too high. Max 8.99999 SOL');
    expect(error?.params).toEqual({ max: '8.99999' });
    expect(amountErrorOf({ input: '8.99999', state, boughtLamports: 1_000_000_001n })).toBeNull();
  });

  it('caps the maximum by what is left in the whole presale', () => {
    const nearlyFull = presale({ maxTotalBuyable: 100n * SOL, currentTotalSold: 98n * SOL });
    expect(amountErrorOf({ input: '3', state: nearlyFull, boughtLamports: 0n })?.message).toBe(
      'Amount too high. Max 2 SOL',
    );
  });

  it.each([
    ['abc', 'AMOUNT__NOT_A_NUMBER', 'Amount must be a number'],
    ['-1', 'AMOUNT__NEGATIVE', 'Amount cannot be negative'],
    ['1e2', 'AMOUNT__EXPONENT', 'Enter the amount as a plain decimal number'],
    ['0.1234567891', 'AMOUNT__TOO_MANY_DECIMALS', 'Amount can have at most 9 decimals'],
    ['99999999999999999999', 'AMOUNT__OUT_OF_RANGE', 'Amount is too large'],
  ])('explains text that is not an amount: %j', (input, code, message) => {
    expect(amountErrorOf({ input, state, boughtLamports: 0n })).toEqual({
      code,
      params: {},
      message,
    });
  });

  it.each([
    ['0.1', 100_000_000n],
    ['1', SOL],
    ['10', 10n * SOL],
    ['2.5', 2_500_000_000n],
    [' 0.123456789 ', 123_456_789n],
  ])('accepts %j as %s lamports', (input, lamports) => {
    expect(amountErrorOf({ input, state, boughtLamports: 0n })).toBeNull();
    expect(checkBuyAmount({ input, state, boughtLamports: 0n })).toEqual({ ok: true, lamports });
  });

  it('accepts exactly what is left for a wallet that already bought', () => {
    expect(checkBuyAmount({ input: '2.87654', state, boughtLamports: 7_123_456_789n })).toEqual({
      ok: true,
      lamports: 2_876_540_000n,
    });
  });

  it('refuses with the error and no lamports', () => {
    expect(checkBuyAmount({ input: '11', state, boughtLamports: 0n })).toEqual({
      ok: false,
      error: {
        code: 'AMOUNT__TOO_HIGH',
        params: { max: '10' },
        message: 'Amount too high. Max 10 SOL',
      },
    });
  });
});

describe('the estimate line', () => {
  it.each([
    ['1', 20_000_000_000n],
    ['0.1', 2_000_000_000n],
    ['0.00000001', 200n],
    ['0.000000001', 20n],
    ['2.5', 50_000_000_000n],
  ])('%j SOL → %s FBT base units', (input, tokens) => {
    const parsed = parseSolAmount(input);
    if (!parsed.ok) throw new Error(`not an amount: ${input}`);
    expect(estimateTokenUnits(parsed, 50_000n)).toBe(tokens);
  });

  it('uses the advertised 0.00005 SOL before the chain has answered', () => {
    expect(estimateTokenUnits({ ok: true, lamports: SOL }, 0n)).toBe(20_000_000_000n);
  });

  it('shows nothing while the amount has an error', () => {
    const state = presale({ minUserBuyable: SOL / 10n, maxUserBuyable: 10n * SOL });
    expect(
      estimateTokenUnits(
        { ok: false, error: { code: 'AMOUNT__TOO_LOW', params: {}, message: 'x' } },
        50_000n,
      ),
    ).toBeNull();
    expect(
      estimateTokenUnits(checkBuyAmount({ input: 'abc', state, boughtLamports: 0n }), 50_000n),
    ).toBeNull();
  });
});
