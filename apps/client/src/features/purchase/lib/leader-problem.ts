import type { LeaderCodeCheck } from '../api/leader-api';

/** Why the leader page's code cannot be vouched for; none of these blocks the purchase. */
export type LeaderProblem =
  | { readonly kind: 'missing' }
  | { readonly kind: 'unknown'; readonly code: string }
  | { readonly kind: 'unavailable'; readonly code: string }
  /** Registered on chain but suspended by the seller: the program refuses it as leader. */
  | { readonly kind: 'suspended'; readonly code: string }
  /**
   * Known to the ledger but no on-chain record was confirmed (none, or the chain could not be
   * read): the purchase does not name a record, so the program pays the leader nothing.
   */
  | { readonly kind: 'no-record'; readonly code: string };

/**
 * The leader page's problem with its code, or null when the code is registered and active (or
 * while it is being checked). `leaderCode` is null when the link has no valid code; `check` is
 * the answer of `GET /api/v1/leaders/:code`, undefined while pending; `checkFailed` when the
 * request itself failed.
 */
export function leaderProblemOf(
  leaderCode: string | null,
  check: LeaderCodeCheck | undefined,
  checkFailed: boolean,
): LeaderProblem | null {
  if (leaderCode === null) return { kind: 'missing' };
  if (check?.status === 'unknown') return { kind: 'unknown', code: leaderCode };
  if (check?.status === 'error' || checkFailed) return { kind: 'unavailable', code: leaderCode };
  if (check?.status === 'known') {
    if (check.record === undefined) return { kind: 'no-record', code: leaderCode };
    if (check.active === false) return { kind: 'suspended', code: leaderCode };
  }
  return null;
}

/** What a leader-page purchase carries for its code. */
export interface LeaderPurchase {
  /** The code the leader report names after the buy. */
  readonly leaderCode?: string;
  /** The code's active on-chain record: BuyWith names it, so the program pays the leader 10%. */
  readonly leaderRecord?: string;
}

/**
 * What the purchase carries, from the BFF's one answer about the code (no second chain read):
 * an active registered code names its record (the program pays the leader) and is reported; a
 * suspended code carries nothing (the program would refuse its record, and it earns nothing);
 * any other well-formed code makes a plain buy and is reported, as before (the report then says
 * what went wrong); no code, nothing.
 */
export function leaderPurchaseOf(
  leaderCode: string | null | undefined,
  check: LeaderCodeCheck | undefined,
): LeaderPurchase {
  if (leaderCode === null || leaderCode === undefined) return {};
  if (check?.status === 'known' && check.record !== undefined) {
    return check.active === false ? {} : { leaderCode, leaderRecord: check.record };
  }
  return { leaderCode };
}
