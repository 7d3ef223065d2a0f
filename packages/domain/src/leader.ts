/** Prefix of the SPL Memo older leader buys carried: `fbt:leader:<code>` (read, never written). */
const LEADER_MEMO_PREFIX = 'fbt:leader:';

/** Leader commission in basis points of the amount bought (10%). */
export const LEADER_COMMISSION_BPS = 1_000n;

const LEADER_CODE_PATTERN = /^[A-Za-z0-9_-]{3,32}$/;

/**
 * True for a well-formed leader code: 3 to 32 characters of letters, digits, `_` or `-`.
 * (Whether the code is registered is the ledger's business.)
 */
export function isValidLeaderCode(code: string): boolean {
  return typeof code === 'string' && LEADER_CODE_PATTERN.test(code);
}

/**
 * Reads the leader code out of a memo text; `null` when the memo is not a well-formed leader memo.
 *
 * @example
 * parseLeaderMemo('fbt:leader:beast42'); // 'beast42'
 * parseLeaderMemo('hello'); // null
 */
export function parseLeaderMemo(memo: string): string | null {
  if (!memo.startsWith(LEADER_MEMO_PREFIX)) return null;
  const code = memo.slice(LEADER_MEMO_PREFIX.length);
  return isValidLeaderCode(code) ? code : null;
}

/**
 * The leader's commission (the spec's solsClaimable): 10% of the lamports bought, rounded down
 * so the product never promises more than it owes.
 *
 * @example
 * computeLeaderCommission(1_000_000_000n); // 100_000_000n
 */
export function computeLeaderCommission(lamports: bigint): bigint {
  if (lamports <= 0n) return 0n;
  return (lamports * LEADER_COMMISSION_BPS) / 10_000n;
}

/**
 * Reads a leader code from the page address: the query string after the hash route
 * (`#/leader?code=beast42`) or, for links shared without the hash, the page query string.
 * `null` when absent or malformed.
 */
export function parseLeaderCodeFromUrl(href: string): string | null {
  let url: URL;
  try {
    url = new URL(href);
  } catch {
    return null;
  }
  const hashQuery = url.hash.includes('?') ? url.hash.slice(url.hash.indexOf('?') + 1) : '';
  const candidates = [new URLSearchParams(hashQuery).get('code'), url.searchParams.get('code')];
  for (const candidate of candidates) {
    if (candidate !== null && isValidLeaderCode(candidate)) return candidate;
  }
  return null;
}
