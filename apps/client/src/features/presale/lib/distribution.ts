import type { DistributionResponse, PresaleDeliveryView } from '@fbt/domain';

/**
 * Where an at-completion presale's delivery stands, for the 'SOL Target' card: complete and
 * waiting for Finalize; distributing ("N of M" buyers served); vesting (FBT delivered as they
 * unlock, until its end); done; or failed, with the refunds so far. Null while the sale is open
 * and on an instant presale (each buy delivered its FBT).
 */
export type DistributionStatus =
  /** `belowMinimum`: Finalize will fail it (buyers take their SOL back). */
  | { readonly kind: 'awaiting'; readonly belowMinimum?: true }
  | { readonly kind: 'distributing'; readonly done: bigint; readonly total: bigint }
  | { readonly kind: 'vesting'; readonly until: number }
  | { readonly kind: 'done' }
  | { readonly kind: 'failed'; readonly done: bigint; readonly total: bigint };

/** The vesting's end, in unix seconds, while it runs at `nowSeconds`; else null. */
function vestingEnd(delivery: PresaleDeliveryView, nowSeconds: number): number | null {
  if (delivery.vesting.vestingSeconds === 0 || delivery.completedAt === null) return null;
  const end = delivery.completedAt + delivery.vesting.vestingSeconds;
  return nowSeconds < end ? end : null;
}

/** The status from the keeper's live report (`distribution:<variant>`): its phase and counts. */
function fromReport(
  report: DistributionResponse,
  delivery: PresaleDeliveryView,
  nowSeconds: number,
  saleEnded: boolean,
): DistributionStatus | null {
  switch (report.phase) {
    case 'instant':
      return null;
    case 'selling':
      // Read before the window's end, seen after it (by the page's clock): complete.
      return saleEnded ? { kind: 'awaiting' } : null;
    case 'awaiting-finalize':
      return { kind: 'awaiting' };
    case 'distributing':
      return {
        kind: 'distributing',
        done: BigInt(report.buyersServed),
        total: BigInt(report.buyers),
      };
    case 'vesting': {
      // A report read before the vesting's end, seen after it: the account says the rest.
      const until = vestingEnd(delivery, nowSeconds);
      return until === null ? fromAccount(delivery, nowSeconds, false) : { kind: 'vesting', until };
    }
    case 'done':
      return { kind: 'done' };
    case 'failed':
      return fromAccount(delivery, nowSeconds, false);
  }
}

/**
 * The distribution's status at unix time `nowSeconds`: from the keeper's live report when the
 * page has one for this presale at the account's status, else from the presale account's own
 * fields (`buyersDelivered`
 * of `buyerCount`, which count buyers holding every FBT they bought, so a running vesting reads
 * as vesting). `saleEnded`: the window closed (by the page's clock), which completes an open
 * sale.
 */
export function distributionStatus(input: {
  readonly delivery: PresaleDeliveryView;
  readonly nowSeconds: number;
  readonly saleEnded: boolean;
  /** Lamports raised: a complete sale below its minimum raise is said to be so. */
  readonly raised?: bigint;
  readonly report?: DistributionResponse;
}): DistributionStatus | null {
  const status = statusOf(input);
  const below = input.raised !== undefined && input.raised < input.delivery.minimumRaise;
  return status?.kind === 'awaiting' && below ? { kind: 'awaiting', belowMinimum: true } : status;
}

function statusOf(input: {
  readonly delivery: PresaleDeliveryView;
  readonly nowSeconds: number;
  readonly saleEnded: boolean;
  readonly report?: DistributionResponse;
}): DistributionStatus | null {
  const { delivery, nowSeconds } = input;
  if (delivery.mode !== 'at-completion') return null;
  // The report is the keeper's last look; the account is read on every change. A report of
  // another status than the account's is behind it (a look under way), and refunds are the
  // buyers' own (the keeper does not look at a failed sale again): the account says those.
  const report = input.report;
  if (report !== undefined && report.status === delivery.status && delivery.status !== 'failed') {
    return fromReport(report, delivery, nowSeconds, input.saleEnded);
  }
  return fromAccount(delivery, nowSeconds, input.saleEnded);
}

/** The status from the presale account's own fields. */
function fromAccount(
  delivery: PresaleDeliveryView,
  nowSeconds: number,
  saleEnded: boolean,
): DistributionStatus | null {
  switch (delivery.status) {
    case 'open':
      return saleEnded ? { kind: 'awaiting' } : null;
    case 'sold-out':
      return { kind: 'awaiting' };
    case 'failed':
      return { kind: 'failed', done: delivery.buyersRefunded, total: delivery.buyerCount };
    case 'succeeded': {
      if (delivery.buyersDelivered >= delivery.buyerCount) return { kind: 'done' };
      const until = vestingEnd(delivery, nowSeconds);
      if (until !== null) return { kind: 'vesting', until };
      return { kind: 'distributing', done: delivery.buyersDelivered, total: delivery.buyerCount };
    }
  }
}
