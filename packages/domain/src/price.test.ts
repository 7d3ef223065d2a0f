import { describe, expect, it } from 'vitest';
import { FALLBACK_SOL_USD, assessPythPrice, formatUsdFromPyth, isDomainError } from './index';

describe('USD price from Pyth', () => {
  it.each([
    [14_237_512_345n, -8, '142.38'],
    [14_237_499_999n, -8, '142.37'],
    [14_237_500_000n, -8, '142.38'],
    [1n, -8, '0.00'],
    [500_000n, -8, '0.01'],
    [0n, -8, '0.00'],
    [-14_237_500_000n, -8, '-142.38'],
    [142n, 0, '142.00'],
    [15n, 1, '150.00'],
    [14237n, -2, '142.37'],
  ])('%s × 10^%s → %j', (price, expo, usd) => {
    expect(formatUsdFromPyth(price, expo)).toBe(usd);
  });

  it('has a fallback constant that formats', () => {
    expect(formatUsdFromPyth(FALLBACK_SOL_USD.price, FALLBACK_SOL_USD.expo)).toBe('150.00');
  });

  it.each([0.5, 19, -19, Number.NaN])('refuses exponent %s', (expo) => {
    try {
      formatUsdFromPyth(1n, expo);
      expect.unreachable();
    } catch (error) {
      expect(isDomainError(error, 'PRICE__INVALID_EXPONENT')).toBe(true);
    }
  });

  describe('quote checks', () => {
    const quote = { price: 15_000_000_000n, expo: -8, conf: 10_000_000n, publishTime: 1_000 };
    it.each([
      ['a fresh, tight quote', quote, 1_030, null],
      ['a quote exactly 60 s old', quote, 1_060, null],
      ['a quote 61 s old', quote, 1_061, 'STALE'],
      ['a quote with a 2% interval', { ...quote, conf: 300_000_000n }, 1_000, null],
      ['a quote with a wider interval', { ...quote, conf: 300_000_001n }, 1_000, 'LOW_CONFIDENCE'],
      ['a zero price', { ...quote, price: 0n }, 1_000, 'NON_POSITIVE'],
    ])('%s → %s', (_name, q, now, problem) => {
      expect(assessPythPrice(q, now)).toBe(problem);
    });
  });
});
