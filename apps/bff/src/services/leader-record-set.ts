import type { OnChainLeaderRecord } from '@fbt/domain';

/** The leader records of the leader presale as read at one time, looked up without a scan. */
export interface LeaderRecordSet {
  /** Every record, by code (byte order). */
  readonly all: readonly OnChainLeaderRecord[];
  /** The record of `code`, or null when the code is not registered. */
  byCode(code: string): OnChainLeaderRecord | null;
  /** The record at `address`, or null when none of these is there. */
  byAddress(address: string): OnChainLeaderRecord | null;
  /** The records paying `wallet`, by code; empty when none does. */
  byWallet(wallet: string): readonly OnChainLeaderRecord[];
}

/** Orders records by code (byte order). */
export const compareCodes = (a: OnChainLeaderRecord, b: OnChainLeaderRecord): number =>
  a.code < b.code ? -1 : a.code > b.code ? 1 : 0;

const sets = new WeakMap<readonly OnChainLeaderRecord[], LeaderRecordSet>();

/**
 * The {@link LeaderRecordSet} of `records`: indexed once per list (the same list, e.g. one
 * cached value read by every request, is indexed only the first time).
 */
export function leaderRecordSet(records: readonly OnChainLeaderRecord[]): LeaderRecordSet {
  const known = sets.get(records);
  if (known !== undefined) return known;
  const all = [...records].sort(compareCodes);
  const codes = new Map(all.map((record) => [record.code, record]));
  const addresses = new Map(all.map((record) => [record.address, record]));
  const wallets = new Map<string, OnChainLeaderRecord[]>();
  for (const record of all) {
    const paid = wallets.get(record.wallet);
    if (paid === undefined) wallets.set(record.wallet, [record]);
    else paid.push(record);
  }
  const set: LeaderRecordSet = {
    all,
    byCode: (code) => codes.get(code) ?? null,
    byAddress: (address) => addresses.get(address) ?? null,
    byWallet: (wallet) => wallets.get(wallet) ?? [],
  };
  sets.set(records, set);
  return set;
}

/** Identity of a list of records: every field the program changes, in code order. */
export function leaderRecordsKey(records: readonly OnChainLeaderRecord[]): string {
  return leaderRecordSet(records)
    .all.map((record) =>
      [
        record.address,
        record.wallet,
        record.code,
        record.active ? 1 : 0,
        record.volumeLamports,
        record.buys,
        record.earnedLamports,
        record.claimedLamports,
      ].join(':'),
    )
    .join('|');
}
