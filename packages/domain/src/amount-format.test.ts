import { describe, expect, it } from 'vitest';
import {
  COUNT_AMOUNT,
  FBT_AMOUNT,
  formatAmount,
  formatAmountForInput,
  isDomainError,
  parseTokenAmount,
  SOL_AMOUNT,
  SOL_EXACT_AMOUNT,
  U64_MAX,
  USD_AMOUNT,
  type AmountUnit,
} from './index';

describe('formatAmount: separators of each language', () => {
  it.each([
    [19_654_190_000n, FBT_AMOUNT, '19,654.19', '19.654,19'],
    [19_752_964_182n, FBT_AMOUNT, '19,752.96', '19.752,96'],
    [1_234_500_000n, FBT_AMOUNT, '1,234.5', '1234,5'],
    [12_345_000_000n, FBT_AMOUNT, '12,345', '12.345'],
    [1_500_000_000n, SOL_AMOUNT, '1.5', '1,5'],
    [100_000_000_000_000n, SOL_AMOUNT, '100,000', '100.000'],
    [14_523n, USD_AMOUNT, '145.23', '145,23'],
    [15_000n, USD_AMOUNT, '150.00', '150,00'],
    [123_456_789n, USD_AMOUNT, '1,234,567.89', '1.234.567,89'],
    [50_000n, SOL_EXACT_AMOUNT, '0.00005', '0,00005'],
    [1_234n, COUNT_AMOUNT, '1,234', '1234'],
    [3_766n, COUNT_AMOUNT, '3,766', '3766'],
    [1_234_567n, COUNT_AMOUNT, '1,234,567', '1.234.567'],
  ])('%s with %j: en %j, it %j', (units, unit, en, it) => {
    expect(formatAmount(units, unit, 'en')).toBe(en);
    expect(formatAmount(units, unit, 'it')).toBe(it);
  });
});

describe('formatAmount: places', () => {
  it('rounds toward zero, never up: a balance is never shown as more than it is', () => {
    expect(formatAmount(1_999_999_999n, SOL_AMOUNT, 'en')).toBe('1.999999');
    expect(formatAmount(19_999_999n, FBT_AMOUNT, 'en')).toBe('19.99');
    expect(formatAmount(999n, SOL_AMOUNT, 'en')).toBe('0');
    expect(formatAmount(6_000n, SOL_AMOUNT, 'en')).toBe('0.000006');
    expect(formatAmount(6_999n, SOL_AMOUNT, 'it')).toBe('0,000006');
  });

  it('drops trailing zeros down to the unit minimum', () => {
    expect(formatAmount(250_000_000n, SOL_AMOUNT, 'en')).toBe('0.25');
    expect(formatAmount(20_000_000_000n, FBT_AMOUNT, 'en')).toBe('20,000');
    expect(formatAmount(14_500n, USD_AMOUNT, 'en')).toBe('145.00');
    expect(formatAmount(1_000n, { decimals: 3, minDisplayDecimals: 1 }, 'it')).toBe('1,0');
  });

  it('shows zero as 0 (and 0.00 where places are kept)', () => {
    expect(formatAmount(0n, SOL_AMOUNT, 'en')).toBe('0');
    expect(formatAmount(0n, FBT_AMOUNT, 'it')).toBe('0');
    expect(formatAmount(0n, USD_AMOUNT, 'en')).toBe('0.00');
    expect(formatAmount(0n, USD_AMOUNT, 'it')).toBe('0,00');
  });

  it('keeps a sign, and drops it when nothing shown is left of the amount', () => {
    expect(formatAmount(-1_500_000_000n, SOL_AMOUNT, 'en')).toBe('-1.5');
    expect(formatAmount(-1_234_500_000n, SOL_AMOUNT, 'it')).toBe('-1,2345');
    expect(formatAmount(-1n, SOL_AMOUNT, 'en')).toBe('0');
  });

  it('is exact for huge values (no float on the way)', () => {
    expect(formatAmount(U64_MAX, SOL_AMOUNT, 'en')).toBe('18,446,744,073.709551');
    expect(formatAmount(U64_MAX, FBT_AMOUNT, 'it')).toBe('18.446.744.073.709,55');
    expect(formatAmount(U64_MAX, COUNT_AMOUNT, 'en')).toBe('18,446,744,073,709,551,615');
    expect(formatAmount(10n ** 30n + 1n, { decimals: 9 }, 'en')).toBe(
      '1,000,000,000,000,000,000,000.000000001',
    );
  });

  it.each([0, 1, 2, 3, 4, 5, 6, 7, 8, 9])(
    'with %d decimals, every place is kept by default',
    (decimals) => {
      const units = 1_234_567_891n;
      const unit: AmountUnit = { decimals };
      const digits = units.toString();
      const whole = digits.slice(0, digits.length - decimals);
      const fraction = digits.slice(digits.length - decimals);
      const expectedEn =
        Number(whole).toLocaleString('en-US') + (fraction === '' ? '' : `.${fraction}`);
      expect(formatAmount(units, unit, 'en')).toBe(expectedEn);
      // Read back, the text without its grouping is the same base units.
      const plain = formatAmount(units, unit, 'en').replaceAll(',', '');
      const parsed = parseTokenAmount(plain, decimals);
      expect(parsed.ok && parsed.lamports).toBe(units);
    },
  );

  it('shows no more places than the unit has', () => {
    expect(formatAmount(12_345n, { decimals: 2, displayDecimals: 6 }, 'en')).toBe('123.45');
    expect(formatAmount(12_345n, { decimals: 2, displayDecimals: 0 }, 'en')).toBe('123');
  });

  it.each([
    { decimals: -1 },
    { decimals: 1.5 },
    { decimals: 19 },
    { decimals: 6, displayDecimals: -2 },
    { decimals: 6, minDisplayDecimals: Number.NaN },
  ])('refuses the unit %j', (unit) => {
    expect(() => formatAmount(1n, unit, 'en')).toThrow(
      expect.objectContaining({ code: 'FORMAT__INVALID_DECIMALS' }),
    );
    let thrown: unknown;
    try {
      formatAmount(1n, unit, 'en');
    } catch (error) {
      thrown = error;
    }
    expect(isDomainError(thrown, 'FORMAT__INVALID_DECIMALS')).toBe(true);
  });
});

describe('formatAmountForInput', () => {
  it('writes every place with a dot and no grouping, so it reads back the same', () => {
    expect(formatAmountForInput(1_234_567_891n, SOL_AMOUNT)).toBe('1.234567891');
    expect(formatAmountForInput(19_752_964_182n, FBT_AMOUNT)).toBe('19752.964182');
    expect(formatAmountForInput(0n, FBT_AMOUNT)).toBe('0');
    const parsed = parseTokenAmount(formatAmountForInput(U64_MAX, SOL_AMOUNT), 9);
    expect(parsed.ok && parsed.lamports).toBe(U64_MAX);
  });

  it('refuses a unit with impossible places', () => {
    expect(() => formatAmountForInput(1n, { decimals: 40 })).toThrow(/FORMAT__INVALID_DECIMALS/);
  });
});
