import type { PresaleDeliveryView } from '@fbt/domain';

/**
 * Where an at-completion presale's delivery stands, for the 'SOL Target' card: complete and
 * waiting for Finalize; distributing ("N of M" buyers with all their FBT), with a vesting's end
 * while one runs; done; or failed, with the refunds so far. Null while the sale is open and on
 * an instant presale (each buy delivered its FBT).
 */
export type DistributionStatus =
  | { readonly kind: 'awaiting' }
  | {
      readonly kind: 'distributing';
      readonly done: bigint;
      readonly total: bigint;
      /** Unix seconds the vesting ends, while it runs; null without vesting or once ended. */
      readonly vestingUntil: number | null;
    }
  | { readonly kind: 'done' }
  | { readonly kind: 'failed'; readonly done: bigint; readonly total: bigint };

/** "N of M" from elsewhere (a live distribution report) overriding the account's totals. */
export interface DistributionProgress {
  readonly done: bigint;
  readonly total: bigint;
}

/**
 * The distribution's status at unix time `nowSeconds` from the presale account's fields
 * (`buyersDelivered` of `buyerCount`, `buyersRefunded`), or from `progress` when given.
 * `saleEnded`: the window closed (by the page's clock), which completes an open sale.
 */
export function distributionStatus(input: {
  readonly delivery: PresaleDeliveryView;
  readonly nowSeconds: number;
  readonly saleEnded: boolean;
  readonly progress?: DistributionProgress;
}): DistributionStatus | null {
  const { delivery } = input;
  if (delivery.mode !== 'at-completion') return null;
  switch (delivery.status) {
    case 'open':
      return input.saleEnded ? { kind: 'awaiting' } : null;
    case 'sold-out':
      return { kind: 'awaiting' };
    case 'failed':
      return { kind: 'failed', done: delivery.buyersRefunded, total: delivery.buyerCount };
    case 'succeeded': {
      const done = input.progress?.done ?? delivery.buyersDelivered;
      const total = input.progress?.total ?? delivery.buyerCount;
      if (done >= total) return { kind: 'done' };
      const end =
        delivery.vesting.vestingSeconds === 0 || delivery.completedAt === null
          ? null
          : delivery.completedAt + delivery.vesting.vestingSeconds;
      return {
        kind: 'distributing',
        done,
        total,
        vestingUntil: end !== null && input.nowSeconds < end ? end : null,
      };
    }
  }
}
