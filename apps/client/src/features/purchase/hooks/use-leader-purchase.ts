import { LEADER_CODE_UNREAD, type PageLeaderCode } from '../../../lib/use-leader-code';
import { useLeaderCodeCheck } from '../api/leader-api';
import {
  leaderProblemOf,
  leaderPurchaseOf,
  type LeaderProblem,
  type LeaderPurchase,
} from '../lib/leader-problem';

/** The leader page's code as the purchase box uses it; nothing on the other pages. */
export interface LeaderSide {
  /** The box is on the leader page (its code may still be missing or malformed). */
  readonly isLeaderPage: boolean;
  /** A well-formed code is being checked with the BFF (Send waits: the answer names its record). */
  readonly checking: boolean;
  /** What is wrong with the code, said in the box and asked about before Send; null: nothing. */
  readonly problem: LeaderProblem | null;
  /** What the purchase carries for the code (its record, and the report afterwards). */
  readonly purchase: LeaderPurchase;
  /** The active registered code whose leader this purchase pays, once known; else null. */
  readonly payingCode: string | null;
}

/**
 * Checks the leader page's code (`pageCode`: undefined off the leader page, null when the link
 * has none or a malformed one; not read yet, it counts as being checked, so Send waits). On the
 * leader page an unknown or unverifiable code never blocks the purchase (the buy itself does not
 * depend on it); it is said, asked once more before Send, and the report afterwards says the rest.
 */
export function useLeaderPurchase(pageCode: PageLeaderCode): LeaderSide {
  const check = useLeaderCodeCheck(typeof pageCode === 'string' ? pageCode : null);
  if (pageCode === LEADER_CODE_UNREAD) {
    return { isLeaderPage: true, checking: true, problem: null, purchase: {}, payingCode: null };
  }
  const leaderCode = pageCode;
  const isLeaderPage = leaderCode !== undefined;
  const purchase = isLeaderPage ? leaderPurchaseOf(leaderCode, check.data) : {};
  return {
    isLeaderPage,
    checking: leaderCode !== undefined && leaderCode !== null && check.isPending,
    problem: isLeaderPage ? leaderProblemOf(leaderCode, check.data, check.isError) : null,
    purchase,
    payingCode: purchase.leaderRecord !== undefined ? (purchase.leaderCode ?? null) : null,
  };
}
