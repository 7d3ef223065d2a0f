import type { LeaderSummary, OnChainLeaderRecord } from '@fbt/domain';

/**
 * A leader record's totals as the ledger's summary shape (leaderboard, leader detail): volume
 * and earned commission as the program counted them. `buys` is a JSON number there; a count
 * of buys never nears 2^53.
 */
export function recordSummary(record: OnChainLeaderRecord): LeaderSummary {
  return {
    code: record.code,
    buys: Number(record.buys),
    totalLamports: record.volumeLamports,
    commissionLamports: record.earnedLamports,
  };
}
