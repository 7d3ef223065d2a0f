/** First wait before reading the buyer's record again after a failure. */
export const BOUGHT_RETRY_FIRST_MS = 1_000;
/** Longest wait between two attempts. */
export const BOUGHT_RETRY_MAX_MS = 30_000;

/**
 * Wait before retry number `failureCount` (1 = after the first failure): 1 s, 2 s, 4 s … up to
 * 30 s, and never giving up, so Send is not left disabled for the 5 minutes of the next poll.
 */
export function boughtRetryDelayMs(failureCount: number): number {
  const exponent = Math.max(0, failureCount - 1);
  return Math.min(BOUGHT_RETRY_FIRST_MS * 2 ** exponent, BOUGHT_RETRY_MAX_MS);
}
