import type {
  LeaderBuy,
  LeaderLedger,
  LeaderReportClaim,
  LeaderReportRejection,
  ObservedBuy,
  ObservedTransaction,
  OnChainLeaderRecord,
} from '@fbt/domain';
import { LEADER_REPORT_REJECTION_MESSAGES, verifyOnChainLeaderReport } from '@fbt/domain';

/** What became of a leader buy, reported or found by the indexer. */
export type LeaderReportOutcome =
  | { readonly kind: 'recorded' | 'already-recorded'; readonly buy: LeaderBuy }
  | {
      readonly kind: 'rejected';
      readonly code: LeaderReportRejection;
      readonly message: string;
      /** True when the same report may succeed later (the transaction is not confirmed yet). */
      readonly retryable: boolean;
    }
  | { readonly kind: 'unavailable'; readonly message: string };

export function rejected(code: LeaderReportRejection, retryable = false): LeaderReportOutcome {
  return { kind: 'rejected', code, message: LEADER_REPORT_REJECTION_MESSAGES[code], retryable };
}

/** Compares a replayed report with the stored row: the first verified report wins. */
export function compareWithStored(
  claim: LeaderReportClaim,
  stored: LeaderBuy,
): LeaderReportOutcome {
  if (stored.wallet !== claim.wallet) return rejected('LEADER_REPORT__SIGNER_MISMATCH');
  if (stored.lamports !== claim.lamports) return rejected('LEADER_REPORT__AMOUNT_MISMATCH');
  if (stored.leaderCode !== claim.leaderCode) return rejected('LEADER_REPORT__MEMO_MISMATCH');
  if (
    claim.claimedCommissionLamports !== undefined &&
    claim.claimedCommissionLamports !== stored.commissionLamports
  ) {
    return rejected('LEADER_REPORT__COMMISSION_MISMATCH');
  }
  return { kind: 'already-recorded', buy: stored };
}

/** The leader presale's purchase in a successful transaction, when it holds exactly one. */
export function leaderPurchaseIn(
  observed: ObservedTransaction,
  leaderPresale: string,
): ObservedBuy | undefined {
  if (observed.status !== 'found' || observed.error !== null) return undefined;
  const buys = observed.buys.filter((buy) => buy.presale === leaderPresale);
  return buys.length === 1 ? buys[0] : undefined;
}

/**
 * Checks a leader buy against the chain (the transaction, and `record` as read at the address
 * its purchase names, `null` when there is none) and indexes it: the record's leader, then the
 * buy with the code, wallet and commission the chain shows. Idempotent by signature: a buy
 * already there is compared with the claim.
 */
export async function indexLeaderBuy(
  ledger: Pick<LeaderLedger, 'indexLeader' | 'recordBuy'>,
  leaderPresale: string,
  claim: LeaderReportClaim,
  observed: ObservedTransaction,
  record: OnChainLeaderRecord | null,
  source: LeaderBuy['source'],
): Promise<LeaderReportOutcome> {
  const verdict = verifyOnChainLeaderReport(claim, observed, leaderPresale, record);
  if (!verdict.ok) return rejected(verdict.rejection, verdict.retryable);
  const paid = verdict.record;
  await ledger.indexLeader({ code: paid.code, wallet: paid.wallet, record: paid.address });
  const { inserted, buy } = await ledger.recordBuy({
    signature: claim.signature,
    wallet: claim.wallet,
    leaderCode: paid.code,
    lamports: verdict.lamports,
    commissionLamports: verdict.commissionLamports,
    record: paid.address,
    slot: verdict.slot,
    blockTime: verdict.blockTime,
    source,
  });
  return inserted ? { kind: 'recorded', buy } : compareWithStored(claim, buy);
}
