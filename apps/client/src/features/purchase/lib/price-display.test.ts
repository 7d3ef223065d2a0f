import { describe, expect, it } from 'vitest';
import { priceCaveat } from './price-display';

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
