import type { TransactionRecord } from './chain-types';

/** Slots of history answered without `searchTransactionHistory` (the status cache). */
const STATUS_CACHE_SLOTS = 300;

/**
 * Every landed transaction, by signature and by each account it mentions. The chain never
 * forgets (there are no snapshots to prune to), so these are the whole history. Members are
 * plain closures, so the chain hands them out detached.
 */
export interface TransactionIndex {
  add: (record: TransactionRecord) => void;
  get: (signature: string) => TransactionRecord | undefined;
  has: (signature: string) => boolean;
  count: () => number;
  /** Transactions that mention `addr`, newest first. */
  forAddress: (addr: string) => TransactionRecord[];
  /** Every record, in landing order. */
  all: () => Iterable<TransactionRecord>;
}

/** An empty index; replay and live execution fill it through `add`. */
export function createTransactionIndex(): TransactionIndex {
  const records = new Map<string, TransactionRecord>();
  const byAddress = new Map<string, TransactionRecord[]>();
  return {
    add: (record) => {
      records.set(record.signature, record);
      for (const key of new Set(record.decoded.accountKeys)) {
        let list = byAddress.get(key);
        if (list === undefined) {
          list = [];
          byAddress.set(key, list);
        }
        list.push(record);
      }
    },
    get: (signature) => records.get(signature),
    has: (signature) => records.has(signature),
    count: () => records.size,
    forAddress: (addr) => [...(byAddress.get(addr) ?? [])].reverse(),
    all: () => records.values(),
  };
}

/**
 * Whether `record` is still in the status cache at `currentSlot`: getSignatureStatuses answers
 * older transactions only when asked to search the history, as a real node does.
 */
export function isInStatusCache(record: TransactionRecord, currentSlot: number): boolean {
  return record.slot >= currentSlot - STATUS_CACHE_SLOTS;
}
