import type { DistributionResponse, PresaleDeliveryView } from '@fbt/domain';
import { INSTANT_DELIVERY } from '@fbt/domain';
import { describe, expect, it } from 'vitest';
import { distributionStatus } from './distribution';

const DAY = 86_400;
const COMPLETED = 1_800_000_000;
const SALE: PresaleDeliveryView = {
  ...INSTANT_DELIVERY,
  mode: 'at-completion',
  status: 'succeeded',
  completedAt: COMPLETED,
  buyerCount: 28n,
  buyersDelivered: 3n,
};
const VESTING: PresaleDeliveryView = {
  ...SALE,
  vesting: { unlockedAtCompletionBps: 2_500, cliffSeconds: 0, vestingSeconds: 30 * DAY },
};
const status = (delivery: PresaleDeliveryView, now = COMPLETED, saleEnded = false) =>
  distributionStatus({ delivery, nowSeconds: now, saleEnded });

describe('the distribution on the target card, from the presale account', () => {
  it('says nothing on an instant presale or an open sale', () => {
    expect(status({ ...INSTANT_DELIVERY, buyerCount: 5n })).toBeNull();
    expect(status({ ...SALE, status: 'open', completedAt: null })).toBeNull();
  });

  it('waits for Finalize once sold out or closed', () => {
    expect(status({ ...SALE, status: 'sold-out' })).toEqual({ kind: 'awaiting' });
    expect(status({ ...SALE, status: 'open', completedAt: null }, COMPLETED, true)).toEqual({
      kind: 'awaiting',
    });
  });

  it('counts buyers delivered of all buyers, then is done', () => {
    expect(status(SALE)).toEqual({ kind: 'distributing', done: 3n, total: 28n });
    expect(status({ ...SALE, buyersDelivered: 28n })).toEqual({ kind: 'done' });
    expect(status({ ...SALE, buyerCount: 0n, buyersDelivered: 0n })).toEqual({ kind: 'done' });
  });

  it('reads a running vesting as vesting until its end, then as distributing what is left', () => {
    expect(status(VESTING, COMPLETED + DAY)).toEqual({
      kind: 'vesting',
      until: COMPLETED + 30 * DAY,
    });
    expect(status(VESTING, COMPLETED + 30 * DAY)).toEqual({
      kind: 'distributing',
      done: 3n,
      total: 28n,
    });
  });

  it('says a complete sale below its minimum raise awaits a Finalize that refunds', () => {
    const below = { ...SALE, status: 'sold-out' as const, minimumRaise: 10n };
    expect(
      distributionStatus({ delivery: below, nowSeconds: COMPLETED, saleEnded: false, raised: 9n }),
    ).toEqual({ kind: 'awaiting', belowMinimum: true });
    expect(
      distributionStatus({ delivery: below, nowSeconds: COMPLETED, saleEnded: false, raised: 10n }),
    ).toEqual({ kind: 'awaiting' });
  });

  it('counts refunds of a failed sale', () => {
    expect(status({ ...SALE, status: 'failed', buyersRefunded: 4n })).toEqual({
      kind: 'failed',
      done: 4n,
      total: 28n,
    });
  });
});

describe('the distribution on the target card, from the keeper’s live report', () => {
  const report = (overrides: Partial<DistributionResponse>): DistributionResponse => ({
    variant: 'public',
    address: '11111111111111111111111111111111',
    deliveryMode: 'at-completion',
    status: 'succeeded',
    phase: 'distributing',
    completedAt: COMPLETED,
    buyers: 28,
    buyersServed: 10,
    buyersDelivered: 3,
    buyersUnreachable: 0,
    buyersRefunded: 0,
    raisedLamports: '0',
    minimumRaiseLamports: '0',
    escrowLamports: '0',
    refundedLamports: '0',
    proceedsWithdrawnLamports: '0',
    tokensOwed: '0',
    tokensDelivered: '0',
    vesting: null,
    nextRoundAt: null,
    keeperActive: true,
    fetchedAt: '2027-01-15T08:00:00.000Z',
    stale: false,
    ...overrides,
  });
  const live = (overrides: Partial<DistributionResponse>, delivery = SALE, now = COMPLETED) =>
    distributionStatus({ delivery, nowSeconds: now, saleEnded: false, report: report(overrides) });

  it('takes the buyers served so far over the account’s fully delivered ones', () => {
    expect(live({})).toEqual({ kind: 'distributing', done: 10n, total: 28n });
  });

  it('reads the account when the report is behind it, and a failed sale’s refunds there', () => {
    expect(
      distributionStatus({
        delivery: { ...SALE, status: 'sold-out' },
        nowSeconds: COMPLETED,
        saleEnded: false,
        report: report({ phase: 'selling', status: 'open' }),
      }),
    ).toEqual({ kind: 'awaiting' });
    expect(
      distributionStatus({
        delivery: { ...SALE, status: 'failed', buyersRefunded: 5n },
        nowSeconds: COMPLETED,
        saleEnded: false,
        report: report({ phase: 'failed', status: 'failed', buyers: 28, buyersRefunded: 0 }),
      }),
    ).toEqual({ kind: 'failed', done: 5n, total: 28n });
  });

  it('maps each phase', () => {
    expect(live({ phase: 'selling' })).toBeNull();
    expect(
      distributionStatus({
        delivery: { ...SALE, status: 'open', completedAt: null },
        nowSeconds: COMPLETED,
        saleEnded: true,
        report: report({ phase: 'selling', status: 'open' }),
      }),
    ).toEqual({ kind: 'awaiting' });
    expect(live({ phase: 'awaiting-finalize' })).toEqual({ kind: 'awaiting' });
    expect(live({ phase: 'vesting' }, VESTING, COMPLETED + DAY)).toEqual({
      kind: 'vesting',
      until: COMPLETED + 30 * DAY,
    });
    expect(live({ phase: 'vesting' }, VESTING, COMPLETED + 30 * DAY)).toEqual({
      kind: 'distributing',
      done: 3n,
      total: 28n,
    });
    expect(live({ phase: 'done' })).toEqual({ kind: 'done' });
    expect(
      distributionStatus({
        delivery: { ...SALE, status: 'open', completedAt: null },
        nowSeconds: COMPLETED,
        saleEnded: false,
        report: report({ phase: 'selling', status: 'open' }),
      }),
    ).toBeNull();
  });
});
