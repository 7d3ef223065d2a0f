import { computeLeaderCommission } from './leader';
import type { ObservedBuy, ObservedTransaction, OnChainLeaderRecord } from './ports';

/** Why a leader report is refused. Stable codes; the BFF maps them to HTTP statuses. */
export type LeaderReportRejection =
  | 'LEADER_REPORT__TX_NOT_FOUND'
  | 'LEADER_REPORT__TX_FAILED'
  | 'LEADER_REPORT__NOT_A_PRESALE_BUY'
  | 'LEADER_REPORT__WRONG_PRESALE'
  | 'LEADER_REPORT__MULTIPLE_BUYS'
  | 'LEADER_REPORT__SIGNER_MISMATCH'
  | 'LEADER_REPORT__AMOUNT_MISMATCH'
  | 'LEADER_REPORT__MEMO_MISMATCH'
  | 'LEADER_REPORT__SELF_REFERRAL'
  | 'LEADER_REPORT__COMMISSION_MISMATCH'
  | 'LEADER_REPORT__NO_LEADER_RECORD'
  | 'LEADER_REPORT__INVALID_LEADER_RECORD'
  | 'LEADER_REPORT__COMMISSION_NOT_PAID';

/** Human-readable text for each rejection (logged, and shown after the 'Warning' dialog's line). */
export const LEADER_REPORT_REJECTION_MESSAGES: Record<LeaderReportRejection, string> = {
  LEADER_REPORT__TX_NOT_FOUND: 'The transaction is not confirmed yet; retry shortly.',
  LEADER_REPORT__TX_FAILED: 'The transaction failed on chain.',
  LEADER_REPORT__NOT_A_PRESALE_BUY: 'The transaction is not a presale purchase.',
  LEADER_REPORT__WRONG_PRESALE: 'The purchase was not made on the leader presale.',
  LEADER_REPORT__MULTIPLE_BUYS: 'The transaction contains more than one purchase.',
  LEADER_REPORT__SIGNER_MISMATCH: 'The purchase was not made by the reported wallet.',
  LEADER_REPORT__AMOUNT_MISMATCH: 'The reported amount does not match the purchase.',
  LEADER_REPORT__MEMO_MISMATCH: 'The purchase was made with a different leader code.',
  LEADER_REPORT__SELF_REFERRAL: 'A leader cannot earn commission on their own purchase.',
  LEADER_REPORT__COMMISSION_MISMATCH: 'The reported commission is not 10% of the amount.',
  LEADER_REPORT__NO_LEADER_RECORD:
    "The purchase names no leader record; this presale's leaders earn only through their on-chain record.",
  LEADER_REPORT__INVALID_LEADER_RECORD:
    'The purchase names an account that is not a leader record of the leader presale.',
  LEADER_REPORT__COMMISSION_NOT_PAID:
    'The leader record did not receive the commission of this purchase.',
};

/** A report to check, lamports already parsed. */
export interface LeaderReportClaim {
  readonly signature: string;
  readonly wallet: string;
  readonly leaderCode: string;
  readonly lamports: bigint;
  readonly claimedCommissionLamports?: bigint;
}

/** The verdict on a report: accepted with the record the program paid, or why not. */
export type LeaderReportVerdict =
  | {
      readonly ok: true;
      readonly lamports: bigint;
      readonly commissionLamports: bigint;
      readonly slot: number;
      readonly blockTime: number | null;
      /** The leader record the buy named and paid (its code is the report's). */
      readonly record: OnChainLeaderRecord;
    }
  | { readonly ok: false; readonly rejection: LeaderReportRejection; readonly retryable: boolean };

type FoundTransaction = Extract<ObservedTransaction, { status: 'found' }>;

function reject(rejection: LeaderReportRejection): LeaderReportVerdict & { ok: false } {
  return { ok: false, rejection, retryable: rejection === 'LEADER_REPORT__TX_NOT_FOUND' };
}

/**
 * The purchase a report is about: the transaction succeeded and holds exactly one purchase, on
 * the leader presale, made (and signed) by `wallet` for exactly the reported lamports. Returns
 * that purchase, or the first rejection.
 */
function checkPurchase(
  claim: LeaderReportClaim,
  observed: ObservedTransaction,
  leaderPresale: string,
):
  | { readonly ok: true; readonly buy: ObservedBuy; readonly observed: FoundTransaction }
  | (LeaderReportVerdict & { ok: false }) {
  if (observed.status === 'not-found') return reject('LEADER_REPORT__TX_NOT_FOUND');
  if (observed.error !== null) return reject('LEADER_REPORT__TX_FAILED');
  if (observed.buys.length === 0) return reject('LEADER_REPORT__NOT_A_PRESALE_BUY');
  const leaderBuys = observed.buys.filter((buy) => buy.presale === leaderPresale);
  if (leaderBuys.length === 0) return reject('LEADER_REPORT__WRONG_PRESALE');
  if (observed.buys.length > 1) return reject('LEADER_REPORT__MULTIPLE_BUYS');
  const buy = leaderBuys[0];
  if (buy === undefined) return reject('LEADER_REPORT__WRONG_PRESALE');
  if (buy.buyer !== claim.wallet || !observed.signers.includes(claim.wallet)) {
    return reject('LEADER_REPORT__SIGNER_MISMATCH');
  }
  if (buy.lamports !== claim.lamports) return reject('LEADER_REPORT__AMOUNT_MISMATCH');
  return { ok: true, buy, observed };
}

/**
 * Decides whether a leader report may be recorded, from the transaction as fetched from the
 * chain and the leader record as read from it — never from what the client says. The
 * transaction must have succeeded and hold exactly one purchase, on the leader presale, made
 * and signed by `wallet` for exactly the reported lamports. That purchase must be a BuyWith
 * naming a leader record (a buy through no record earns nothing: the program paid no one), and
 * that record must be a leader record of the leader presale (`record`, `null` when the account
 * is missing or not the program's record), for the reported code, not paying the buyer, and
 * the transaction must have moved exactly the commission into it. The commission is the
 * program's (`floor(lamports / 10)`), checked against the lamports the record gained; a
 * client-sent figure is only compared.
 */
export function verifyOnChainLeaderReport(
  claim: LeaderReportClaim,
  observed: ObservedTransaction,
  leaderPresale: string,
  record: OnChainLeaderRecord | null,
): LeaderReportVerdict {
  const purchase = checkPurchase(claim, observed, leaderPresale);
  if (!purchase.ok) return purchase;
  const { buy } = purchase;
  if (buy.leaderRecord === undefined || buy.leaderRecord === null) {
    return reject('LEADER_REPORT__NO_LEADER_RECORD');
  }
  if (record === null || record.address !== buy.leaderRecord || record.presale !== leaderPresale) {
    return reject('LEADER_REPORT__INVALID_LEADER_RECORD');
  }
  if (record.code !== claim.leaderCode) return reject('LEADER_REPORT__MEMO_MISMATCH');
  if (record.wallet === claim.wallet) return reject('LEADER_REPORT__SELF_REFERRAL');
  // The program pays the record floor(lamports / 10), the seller the rest: the same 10%.
  const commissionLamports = computeLeaderCommission(buy.lamports);
  if (purchase.observed.lamportDeltas?.[record.address] !== commissionLamports) {
    return reject('LEADER_REPORT__COMMISSION_NOT_PAID');
  }
  if (
    claim.claimedCommissionLamports !== undefined &&
    claim.claimedCommissionLamports !== commissionLamports
  ) {
    return reject('LEADER_REPORT__COMMISSION_MISMATCH');
  }
  return {
    ok: true,
    lamports: buy.lamports,
    commissionLamports,
    slot: purchase.observed.slot,
    blockTime: purchase.observed.blockTime,
    record,
  };
}
