/**
 * The sale rules the presale program (layout version 2) keeps after the 106-byte base layout:
 * the sale window, the allowlist root and how many leader records the presale has. Read by the
 * BFF from the same account bytes as the presale state, so one read gives the page both.
 */

/** Size of a version-2 presale account; version 3 (408 bytes) keeps these rules where they were. */
export const PRESALE_V2_ACCOUNT_SIZE = 288;

/** Offsets of the rules in a version-2 presale account (mirrors programs/presale/c/presale.h). */
export const PRESALE_SALE_RULE_OFFSETS = {
  saleStart: 192,
  saleEnd: 200,
  allowlistRoot: 208,
  leaderCount: 272,
} as const;

/** What the program enforces on a buy besides the base layout's limits (per user, in total). */
export interface PresaleSaleRules {
  /**
   * Unix seconds from which buys are accepted (inclusive), or `null` for no start. The program
   * accepts a buy at chain time `now` when `start <= now < end`.
   */
  readonly saleStart: number | null;
  /** Unix seconds from which buys are refused (SaleEnded), or `null` for no end. */
  readonly saleEnd: number | null;
  /** The allowlist's Merkle root as 64 lowercase hex digits, or `null` for an open sale. */
  readonly allowlistRoot: string | null;
  /** Leader records registered on this presale (RegisterLeader). */
  readonly leaderCount: bigint;
}

/** No window, no allowlist, no leaders: what an account without the version-2 fields means. */
export const OPEN_SALE_RULES: PresaleSaleRules = Object.freeze({
  saleStart: null,
  saleEnd: null,
  allowlistRoot: null,
  leaderCount: 0n,
});

const hex = (bytes: Uint8Array): string =>
  Array.from(bytes, (byte) => byte.toString(16).padStart(2, '0')).join('');

/** A stored i64 bound: 0 means none; any other value as a number of unix seconds. */
function bound(value: bigint): number | null {
  return value === 0n ? null : Number(value);
}

/**
 * Decodes the sale rules of a presale account. An account shorter than version 2 (the 106-byte
 * base layout, or a version-1 account of 192) has none: {@link OPEN_SALE_RULES}.
 *
 * @example decodePresaleSaleRules(accountData).allowlistRoot // null: anyone may buy
 */
export function decodePresaleSaleRules(bytes: Uint8Array): PresaleSaleRules {
  if (bytes.length < PRESALE_V2_ACCOUNT_SIZE) return OPEN_SALE_RULES;
  const view = new DataView(bytes.buffer, bytes.byteOffset, bytes.byteLength);
  const o = PRESALE_SALE_RULE_OFFSETS;
  const root = bytes.subarray(o.allowlistRoot, o.allowlistRoot + 32);
  return {
    saleStart: bound(view.getBigInt64(o.saleStart, true)),
    saleEnd: bound(view.getBigInt64(o.saleEnd, true)),
    allowlistRoot: root.every((byte) => byte === 0) ? null : hex(root),
    leaderCount: view.getBigUint64(o.leaderCount, true),
  };
}
