import { PRESALE_V2_ACCOUNT_SIZE } from './sale-rules';

/**
 * What the presale program (layout version 2) counts on a presale account besides the base
 * layout's lamports taken: the buyer records it created and the lamports its buys paid to leader
 * records. Read by the BFF from the same account bytes as the presale state, for `/metrics`.
 */
export interface PresaleTotals {
  /** Buyer records created: each wallet that bought at least once. */
  readonly buyerCount: bigint;
  /** Lamports the presale's buys paid to leader records (the leaders' commission). */
  readonly leaderCommission: bigint;
}

/** Offsets of the totals in a version-2 presale account (mirrors programs/presale/c/presale.h). */
export const PRESALE_TOTAL_OFFSETS = {
  buyerCount: 184,
  leaderCommission: 280,
} as const;

/**
 * Decodes the totals of a presale account, or `null` for an account shorter than version 2
 * (the 106-byte base layout or a version-1 account of 192 bytes): such an account does not
 * count its leader commission.
 *
 * @example decodePresaleTotals(accountData)?.buyerCount // 42n
 */
export function decodePresaleTotals(bytes: Uint8Array): PresaleTotals | null {
  if (bytes.length < PRESALE_V2_ACCOUNT_SIZE) return null;
  const view = new DataView(bytes.buffer, bytes.byteOffset, bytes.byteLength);
  return {
    buyerCount: view.getBigUint64(PRESALE_TOTAL_OFFSETS.buyerCount, true),
    leaderCommission: view.getBigUint64(PRESALE_TOTAL_OFFSETS.leaderCommission, true),
  };
}
