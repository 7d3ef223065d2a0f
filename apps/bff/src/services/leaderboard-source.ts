import type {
  Clock,
  LeaderLedger,
  LeaderRecordReader,
  LeaderSummary,
  OnChainLeaderRecord,
} from '@fbt/domain';
import { recordSummary } from './leader-record-summary';

/** Options of {@link createLeaderboardSource}. */
export interface LeaderboardSourceOptions {
  readonly ledger: Pick<LeaderLedger, 'getLeaderboard'>;
  readonly leaderRecords: Pick<LeaderRecordReader, 'listLeaderRecords'>;
  readonly leaderPresale: string;
  /** Whether the leader presale has leader records (then they are the ranking's source). */
  readonly leadersOnChain: () => Promise<boolean>;
  readonly clock: Clock;
  /** How long one read of every record serves the route and the stream (default 5 s). */
  readonly maxAgeMs?: number;
  readonly onChainReadError?: (error: unknown) => void;
}

/** Where the leaderboard comes from. */
export interface LeaderboardSource {
  /** Leaders with at least one buy, by volume (then code, byte order), at most `limit`. */
  getLeaderboard(limit: number): Promise<LeaderSummary[]>;
  /** A leader buy was recorded: the next read goes to the chain again. */
  changed(): void;
}

const byVolumeThenCode = (a: OnChainLeaderRecord, b: OnChainLeaderRecord): number => {
  if (a.volumeLamports !== b.volumeLamports) return a.volumeLamports > b.volumeLamports ? -1 : 1;
  return a.code < b.code ? -1 : a.code > b.code ? 1 : 0;
};

/**
 * The leaderboard: on a leader presale with leader records, the records' on-chain totals
 * (volume, buys, earned commission as the program counted them), read with one
 * `getProgramAccounts` shared by every reader for `maxAgeMs` or until a buy is recorded;
 * otherwise the ledger's verified buys. A chain read that fails falls back to the ledger, which
 * indexes the same buys.
 */
export function createLeaderboardSource(options: LeaderboardSourceOptions): LeaderboardSource {
  const maxAgeMs = options.maxAgeMs ?? 5_000;
  let cached: { at: number; records: Promise<OnChainLeaderRecord[]> } | null = null;
  const records = (): Promise<OnChainLeaderRecord[]> => {
    const now = options.clock.now();
    if (cached !== null && now - cached.at < maxAgeMs) return cached.records;
    const read = options.leaderRecords
      .listLeaderRecords(options.leaderPresale)
      .then((all) => all.filter((record) => record.buys > 0n).sort(byVolumeThenCode));
    const entry = { at: now, records: read };
    cached = entry;
    read.catch(() => {
      if (cached === entry) cached = null;
    });
    return read;
  };
  return {
    async getLeaderboard(limit) {
      if (await options.leadersOnChain().catch(() => false)) {
        try {
          return (await records()).slice(0, limit).map(recordSummary);
        } catch (error) {
          options.onChainReadError?.(error);
        }
      }
      return options.ledger.getLeaderboard(limit);
    },
    changed() {
      cached = null;
    },
  };
}
