import type { LeaderLedger, LeaderSummary, OnChainLeaderRecord } from '@fbt/domain';
import { compareCodes, type LeaderRecordSet } from './leader-record-set';
import { recordSummary } from './leader-record-summary';

/** Options of {@link createLeaderboardSource}. */
export interface LeaderboardSourceOptions {
  readonly ledger: Pick<LeaderLedger, 'getLeaderboard'>;
  /** The leader records as this instance knows them (the `leaders` topic), or null. */
  readonly records: () => Promise<LeaderRecordSet | null>;
  /** Whether the leader presale has leader records (then they are the ranking's source). */
  readonly leadersOnChain: () => boolean;
}

/** Where the leaderboard comes from. */
export interface LeaderboardSource {
  /** Leaders with at least one buy, by volume (then code, byte order), at most `limit`. */
  getLeaderboard(limit: number): Promise<LeaderSummary[]>;
}

const byVolumeThenCode = (a: OnChainLeaderRecord, b: OnChainLeaderRecord): number => {
  if (a.volumeLamports !== b.volumeLamports) return a.volumeLamports > b.volumeLamports ? -1 : 1;
  return compareCodes(a, b);
};

const rankings = new WeakMap<LeaderRecordSet, readonly OnChainLeaderRecord[]>();

/** The records with at least one buy, ranked (once per set of records). */
function ranked(set: LeaderRecordSet): readonly OnChainLeaderRecord[] {
  let ranking = rankings.get(set);
  if (ranking === undefined) {
    ranking = set.all.filter((record) => record.buys > 0n).sort(byVolumeThenCode);
    rankings.set(set, ranking);
  }
  return ranking;
}

/**
 * The leaderboard: on a leader presale with leader records, the records' on-chain totals
 * (volume, buys, earned commission as the program counted them) as the `leaders` topic holds
 * them, ranked once per change of the records (no chain read of its own); otherwise, and while
 * the records could never be read, the ledger's verified buys.
 */
export function createLeaderboardSource(options: LeaderboardSourceOptions): LeaderboardSource {
  return {
    async getLeaderboard(limit) {
      if (options.leadersOnChain()) {
        const set = await options.records();
        if (set !== null) return ranked(set).slice(0, limit).map(recordSummary);
      }
      return options.ledger.getLeaderboard(limit);
    },
  };
}
