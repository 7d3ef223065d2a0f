import type { TransactionRecord } from './chain-types';
import { computeUnitPriceOf } from './wire-transaction';

/** Slots of fee history reported, as agave's prioritization fee cache keeps. */
const PRIORITIZATION_FEE_SLOTS = 150;

/**
 * getRecentPrioritizationFees: per slot of the last 150, the lowest compute-unit price paid by
 * a transaction that wrote one of `addresses` (any transaction when none are given), 0 for
 * slots without one. Wallets size their priority fee from this.
 */
export function recentPrioritizationFees(
  records: Iterable<TransactionRecord>,
  addresses: string[],
  currentSlot: number,
): { slot: number; prioritizationFee: number }[] {
  const wanted = new Set(addresses);
  const bySlot = new Map<number, bigint>();
  const oldest = currentSlot - PRIORITIZATION_FEE_SLOTS;
  for (const record of records) {
    if (record.slot < oldest) continue;
    if (
      wanted.size > 0 &&
      !record.decoded.accountKeys.some(
        (key, i) => wanted.has(key) && record.decoded.writable[i] === true,
      )
    )
      continue;
    const price = computeUnitPriceOf(record.decoded);
    const current = bySlot.get(record.slot);
    if (current === undefined || price < current) bySlot.set(record.slot, price);
  }
  const out: { slot: number; prioritizationFee: number }[] = [];
  for (let s = Math.max(1, oldest); s <= currentSlot; s++)
    out.push({ slot: s, prioritizationFee: Number(bySlot.get(s) ?? 0n) });
  return out;
}
