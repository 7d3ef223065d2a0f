import { describe, expect, it } from 'vitest';
import { priceCaveat, usdText } from './price-display';

describe('priceCaveat', () => {
  it.each([
    [{ source: 'pyth', stale: false }, null],
    [{ source: 'pyth', stale: true }, 'stale'],
    [{ source: 'fallback', stale: false }, 'fallback'],
    [{ source: 'fallback', stale: true }, 'fallback'],
  ] as const)('%o -> %s', (price, caveat) => {
    expect(priceCaveat(price)).toBe(caveat);
  });
});

describe('usdText', () => {
  it.each([
    ['145.23', '145.23', '145,23'],
    ['150.00', '150.00', '150,00'],
    ['150', '150.00', '150,00'],
    ['1234.5', '1,234.50', '1234,50'],
    ['98765.43', '98,765.43', '98.765,43'],
  ])('%j: en %j, it %j', (usd, en, it) => {
    expect(usdText(usd, 'en')).toBe(en);
    expect(usdText(usd, 'it')).toBe(it);
  });

  it('shows text that is not a two-place decimal as it came', () => {
    expect(usdText('142.375', 'it')).toBe('142.375');
    expect(usdText('n/a', 'en')).toBe('n/a');
  });
});
