import type { DistributionPresale } from '@fbt/distribution';
import { INSTANT_DELIVERY_FIELDS } from '@fbt/presale-client';
import { describe, expect, it } from 'vitest';
import { NOW, presaleAccount, SOL } from '../../test/support/keeper-chain';
import { isSettled, toDistributionStatus, type BuyerCounts } from './distribution-status';

const FBT_EACH = 20_000_000_000n;

/** A presale of 5 buyers, complete since 10 s and finalized as succeeded (at completion). */
const presale = (overrides: Partial<DistributionPresale> = {}) =>
  presaleAccount({ status: 'succeeded', ...overrides });

/** The phase of `account` and whether the keeper stops looking at it (its last look's counts). */
function settled(account: DistributionPresale, counts: BuyerCounts | null = null) {
  const status = toDistributionStatus({
    variant: 'public',
    presale: account,
    now: NOW,
    counts,
    roundSeconds: 60n,
    keeperActive: true,
  });
  return { phase: status.phase, settled: isSettled(status) };
}

describe('a settled presale (never looked at again)', () => {
  it('is an instant presale', () => {
    expect(settled(presale({ ...INSTANT_DELIVERY_FIELDS }))).toEqual({
      phase: 'instant',
      settled: true,
    });
  });

  it('is a failed sale only once every buyer is refunded: until then a Refund changes its report', () => {
    const failed = { status: 'failed', tokensOwed: 0n } as const;
    expect(settled(presale({ ...failed, buyersRefunded: 0n }))).toEqual({
      phase: 'failed',
      settled: false,
    });
    expect(settled(presale({ ...failed, buyersRefunded: 4n }))).toEqual({
      phase: 'failed',
      settled: false,
    });
    expect(settled(presale({ ...failed, buyersRefunded: 5n }))).toEqual({
      phase: 'failed',
      settled: true,
    });
  });

  it('is a done sale only once nobody is left to a Claim', () => {
    const oneLeft = presale({ buyersDelivered: 4n, tokensDelivered: 4n * FBT_EACH });
    expect(settled(oneLeft, { served: 4n, unreachable: 1n })).toEqual({
      phase: 'done',
      settled: false,
    });
    const all = presale({ buyersDelivered: 5n, tokensDelivered: 5n * FBT_EACH, tokensOwed: 0n });
    expect(settled(all)).toEqual({ phase: 'done', settled: true });
  });

  it('is never a sale still selling or distributing', () => {
    const open = presale({
      status: 'open',
      completedAt: 0n,
      currentTotalSold: SOL,
      saleEnd: NOW + 60n,
    });
    expect(settled(open)).toEqual({ phase: 'selling', settled: false });
    expect(settled(presale(), { served: 2n, unreachable: 0n })).toEqual({
      phase: 'distributing',
      settled: false,
    });
  });
});
