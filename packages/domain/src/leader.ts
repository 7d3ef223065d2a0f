/**
 * Leader commission in basis points of the amount bought (10%): a leader buy pays the leader
 * `floor(lamports * LEADER_COMMISSION_BPS / BPS_PER_WHOLE)` and the seller the rest. The program
 * (c/presale.h) and its IDL state the same two numbers; a test keeps them equal.
 */
export const LEADER_COMMISSION_BPS = 1_000n;
/** Basis points in a whole (100%). */
export const BPS_PER_WHOLE = 10_000n;

/** Shortest leader code, in characters (the program refuses shorter codes too). */
export const LEADER_CODE_MIN_LENGTH = 3;
/** Longest leader code, in characters: the leader record holds 32 bytes of code. */
export const LEADER_CODE_MAX_LENGTH = 32;
/** The characters a leader code may use, as a regular-expression class body (URL-safe). */
export const LEADER_CODE_CHARACTERS = 'A-Za-z0-9_-';
/** A whole leader code: 3 to 32 characters of `A-Z a-z 0-9 _ -`. */
export const LEADER_CODE_PATTERN = new RegExp(
  `^[${LEADER_CODE_CHARACTERS}]{${LEADER_CODE_MIN_LENGTH},${LEADER_CODE_MAX_LENGTH}}$`,
);

/**
 * True for a well-formed leader code: 3 to 32 characters of letters, digits, `_` or `-`
 * ({@link LEADER_CODE_PATTERN}). (Whether the code is registered is the chain's business: its
 * leader record.)
 */
export function isValidLeaderCode(code: string): boolean {
  return typeof code === 'string' && LEADER_CODE_PATTERN.test(code);
}

/**
 * The leader's commission (the legacy report's solsClaimable): 10% of the lamports bought,
 * rounded down so the product never promises more than it owes.
 *
 * @example
 * computeLeaderCommission(1_000_000_000n); // 100_000_000n
 */
export function computeLeaderCommission(lamports: bigint): bigint {
  if (lamports <= 0n) return 0n;
  return (lamports * LEADER_COMMISSION_BPS) / BPS_PER_WHOLE;
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
