import type { PresaleAccount } from '@fbt/presale-client';

/** What {@link saleCompletion} reads of a presale. */
export type CompletionFields = Pick<
  PresaleAccount,
  | 'deliveryMode'
  | 'status'
  | 'currentTotalSold'
  | 'minUserBuyable'
  | 'maxTotalBuyable'
  | 'saleEnd'
  | 'minimumRaise'
>;

/** Where a presale stands toward its completion, by the cluster's time `now` (unix seconds). */
export interface SaleCompletion {
  /** No further buy can succeed: sold out (the program's rule), or the window has ended. */
  readonly complete: boolean;
  /** At completion, complete and not finalized: Finalize would succeed now. */
  readonly needsFinalize: boolean;
  /** What Finalize would decide: the minimum raise (if any) is reached. */
  readonly wouldSucceed: boolean;
}

/**
 * The program's completion rule: sold out when `currentTotalSold + minUserBuyable >
 * maxTotalBuyable` (or the status already says so), else complete once `saleEnd` is set and
 * `now ≥ saleEnd`. Finalize is due on an at-completion presale that is complete and still open
 * or sold out.
 */
export function saleCompletion(presale: CompletionFields, now: bigint): SaleCompletion {
  const soldOut =
    presale.status !== 'open' ||
    presale.currentTotalSold + presale.minUserBuyable > presale.maxTotalBuyable;
  const ended = presale.saleEnd !== 0n && now >= presale.saleEnd;
  const complete = soldOut || ended;
  return {
    complete,
    needsFinalize:
      presale.deliveryMode === 'at-completion' &&
      complete &&
      (presale.status === 'open' || presale.status === 'sold-out'),
    wouldSucceed: presale.currentTotalSold >= presale.minimumRaise,
  };
}
