import type { LeaderBuy, LeaderBuyJson, LeaderSummary } from '@fbt/domain';

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
