import type {
  LeaderBuy,
  LeaderBuyJson,
  LeaderEarningsJson,
  LeaderSummary,
  OnChainLeaderRecord,
} from '@fbt/domain';

/** A recorded leader buy as JSON: lamports as decimal strings (bigint never becomes a float). */
export function buyJson(buy: LeaderBuy): LeaderBuyJson {
  return {
    signature: buy.signature,
    wallet: buy.wallet,
    leaderCode: buy.leaderCode,
    lamports: buy.lamports.toString(),
    commissionLamports: buy.commissionLamports.toString(),
    slot: buy.slot,
    blockTime: buy.blockTime,
    recordedAt: buy.recordedAt,
    source: buy.source,
  };
}

/** A leader's totals as JSON, lamports as decimal strings. */
export function summaryJson(summary: LeaderSummary): {
  code: string;
  buys: number;
  totalLamports: string;
  commissionLamports: string;
} {
  return {
    code: summary.code,
    buys: summary.buys,
    totalLamports: summary.totalLamports.toString(),
    commissionLamports: summary.commissionLamports.toString(),
  };
}

/** A leader record as `GET /api/v1/leaders/by-wallet/:wallet` lists it. */
export function earningsJson(record: OnChainLeaderRecord): LeaderEarningsJson {
  const claimable =
    record.earnedLamports > record.claimedLamports
      ? record.earnedLamports - record.claimedLamports
      : 0n;
  return {
    code: record.code,
    record: record.address,
    presale: record.presale,
    active: record.active,
    volumeLamports: record.volumeLamports.toString(),
    buys: record.buys.toString(),
    earnedLamports: record.earnedLamports.toString(),
    claimedLamports: record.claimedLamports.toString(),
    claimableLamports: claimable.toString(),
  };
}
