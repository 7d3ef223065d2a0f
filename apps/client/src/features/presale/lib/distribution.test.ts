import type { PresaleDeliveryView } from '@fbt/domain';
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
const status = (delivery: PresaleDeliveryView, now = COMPLETED, saleEnded = false) =>
  distributionStatus({ delivery, nowSeconds: now, saleEnded });

describe('the distribution on the target card', () => {
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
    expect(status(SALE)).toEqual({
      kind: 'distributing',
      done: 3n,
      total: 28n,
      vestingUntil: null,
    });
    expect(status({ ...SALE, buyersDelivered: 28n })).toEqual({ kind: 'done' });
    expect(status({ ...SALE, buyerCount: 0n, buyersDelivered: 0n })).toEqual({ kind: 'done' });
  });

  it('names the vesting’s end while it runs', () => {
    const vesting = {
      ...SALE,
      vesting: { unlockedAtCompletionBps: 2_500, cliffSeconds: 0, vestingSeconds: 30 * DAY },
    };
    expect(status(vesting, COMPLETED + DAY)).toMatchObject({
      kind: 'distributing',
      vestingUntil: COMPLETED + 30 * DAY,
    });
    expect(status(vesting, COMPLETED + 30 * DAY)).toMatchObject({ vestingUntil: null });
  });

  it('takes a live "N of M" over the account’s figures', () => {
    expect(
      distributionStatus({
        delivery: SALE,
        nowSeconds: COMPLETED,
        saleEnded: false,
        progress: { done: 10n, total: 28n },
      }),
    ).toMatchObject({ kind: 'distributing', done: 10n, total: 28n });
  });

  it('counts refunds of a failed sale', () => {
    expect(status({ ...SALE, status: 'failed', buyersRefunded: 4n })).toEqual({
      kind: 'failed',
      done: 4n,
      total: 28n,
    });
  });
});
