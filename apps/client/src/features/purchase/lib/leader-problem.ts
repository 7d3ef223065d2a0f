import type { LeaderCodeCheck } from '../api/leader-api';

/** Why the leader page's code cannot be vouched for; none of these blocks the purchase. */
export type LeaderProblem =
  | { readonly kind: 'missing' }
  | { readonly kind: 'unknown'; readonly code: string }
  | { readonly kind: 'unavailable'; readonly code: string };

/**
 * The leader page's problem with its code, or null when the code is registered (or while it is
 * being checked). `leaderCode` is null when the link has no valid code; `check` is the answer
 * of `GET /api/v1/leaders/:code`, undefined while pending; `checkFailed` when the request
 * itself failed.
 */
export function leaderProblemOf(
  leaderCode: string | null,
  check: LeaderCodeCheck | undefined,
  checkFailed: boolean,
): LeaderProblem | null {
  if (leaderCode === null) return { kind: 'missing' };
  if (check?.status === 'unknown') return { kind: 'unknown', code: leaderCode };
  if (check?.status === 'error' || checkFailed) return { kind: 'unavailable', code: leaderCode };
  return null;
}

/**
 * The code the purchase carries: a well-formed code rides in the memo and is reported even when
 * it is unknown or unverified (the report then says what went wrong); no code, no memo.
 */
export function leaderCodeToSend(leaderCode: string | null | undefined): string | undefined {
  return leaderCode === null || leaderCode === undefined ? undefined : leaderCode;
}
