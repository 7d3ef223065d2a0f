import { describe, expect, it } from 'vitest';
import { saleCompletion, type CompletionFields } from './completion';

const SOL = 1_000_000_000n;
const presale = (overrides: Partial<CompletionFields> = {}): CompletionFields => ({
  deliveryMode: 'at-completion',
  status: 'open',
  currentTotalSold: 40n * SOL,
  minUserBuyable: SOL / 10n,
  maxTotalBuyable: 100n * SOL,
  saleEnd: 0n,
  minimumRaise: 0n,
  ...overrides,
});

describe('sale completion', () => {
  it('is not complete while a buy can still succeed and the window is open', () => {
    expect(saleCompletion(presale({ saleEnd: 2_000n }), 1_999n)).toEqual({
      complete: false,
      needsFinalize: false,
      wouldSucceed: true,
    });
  });

  it('completes when the smallest buy no longer fits (the program rule)', () => {
    const nearlyFull = presale({ currentTotalSold: 100n * SOL - SOL / 10n + 1n });
    expect(saleCompletion(nearlyFull, 0n)).toMatchObject({ complete: true, needsFinalize: true });
    expect(saleCompletion(presale({ status: 'sold-out' }), 0n).needsFinalize).toBe(true);
  });

  it('completes at the window end, and would fail below the minimum raise', () => {
    const ended = presale({ saleEnd: 2_000n, minimumRaise: 50n * SOL });
    expect(saleCompletion(ended, 2_000n)).toEqual({
      complete: true,
      needsFinalize: true,
      wouldSucceed: false,
    });
  });

  it('needs no Finalize once finalized, nor on an instant presale', () => {
    expect(saleCompletion(presale({ status: 'succeeded' }), 0n).needsFinalize).toBe(false);
    expect(saleCompletion(presale({ status: 'failed' }), 0n).needsFinalize).toBe(false);
    const instantSoldOut = presale({ deliveryMode: 'instant', currentTotalSold: 100n * SOL });
    expect(saleCompletion(instantSoldOut, 0n)).toMatchObject({
      complete: true,
      needsFinalize: false,
    });
  });
});
