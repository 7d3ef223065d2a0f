import { computeLeaderCommission, parseLeaderMemo } from './leader';
import type { Leader, ObservedBuy, ObservedTransaction, OnChainLeaderRecord } from './ports';

/** Why a leader report is refused. Stable codes; the BFF maps them to HTTP statuses. */
export type LeaderReportRejection =
  | 'LEADER_REPORT__TX_NOT_FOUND'
  | 'LEADER_REPORT__TX_FAILED'
  | 'LEADER_REPORT__NOT_A_PRESALE_BUY'
  | 'LEADER_REPORT__WRONG_PRESALE'
  | 'LEADER_REPORT__MULTIPLE_BUYS'
  | 'LEADER_REPORT__SIGNER_MISMATCH'
  | 'LEADER_REPORT__AMOUNT_MISMATCH'
  | 'LEADER_REPORT__MEMO_MISSING'
  | 'LEADER_REPORT__MEMO_MISMATCH'
  | 'LEADER_REPORT__UNKNOWN_LEADER'
  | 'LEADER_REPORT__SELF_REFERRAL'
  | 'LEADER_REPORT__COMMISSION_MISMATCH'
  | 'LEADER_REPORT__NO_LEADER_RECORD'
  | 'LEADER_REPORT__INVALID_LEADER_RECORD'
  | 'LEADER_REPORT__COMMISSION_NOT_PAID';

/** Human-readable text for each rejection (logged, and shown after the spec's warning line). */
export const LEADER_REPORT_REJECTION_MESSAGES: Record<LeaderReportRejection, string> = {
  LEADER_REPORT__TX_NOT_FOUND: 'The transaction is not confirmed yet; retry shortly.',
  LEADER_REPORT__TX_FAILED: 'The transaction failed on chain.',
  LEADER_REPORT__NOT_A_PRESALE_BUY: 'The transaction is not a presale purchase.',
  LEADER_REPORT__WRONG_PRESALE: 'The purchase was not made on the leader presale.',
  LEADER_REPORT__MULTIPLE_BUYS: 'The transaction contains more than one purchase.',
  LEADER_REPORT__SIGNER_MISMATCH: 'The purchase was not made by the reported wallet.',
  LEADER_REPORT__AMOUNT_MISMATCH: 'The reported amount does not match the purchase.',
  LEADER_REPORT__MEMO_MISSING: 'The purchase carries no leader code.',
  LEADER_REPORT__MEMO_MISMATCH: 'The purchase was made with a different leader code.',
  LEADER_REPORT__UNKNOWN_LEADER: 'The leader code is not registered.',
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

/** The verdict on a report. */
export type LeaderReportVerdict =
  | {
      readonly ok: true;
      readonly lamports: bigint;
      readonly commissionLamports: bigint;
      readonly slot: number;
      readonly blockTime: number | null;
    }
  | { readonly ok: false; readonly rejection: LeaderReportRejection; readonly retryable: boolean };

function reject(rejection: LeaderReportRejection): LeaderReportVerdict & { ok: false } {
  return { ok: false, rejection, retryable: rejection === 'LEADER_REPORT__TX_NOT_FOUND' };
}

/**
 * The checks every leader report shares: the transaction succeeded and holds exactly one
 * purchase, on the leader presale, made (and signed) by `wallet` for exactly the reported
 * lamports. Returns that purchase, or the first rejection.
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

type FoundTransaction = Extract<ObservedTransaction, { status: 'found' }>;

/**
 * Decides whether a leader report may be recorded, from the transaction as fetched from the
 * chain — never from what the client says. The transaction must have succeeded, contain
 * exactly one Buy of our program on the leader presale, be made by `wallet`, move exactly the
 * reported lamports, and carry the memo `fbt:leader:<code>`; the code must be registered and
 * must not belong to the buyer. The commission is computed here (10%); a client-sent figure is
 * only compared.
 *
 * @param leader the registered leader for `claim.leaderCode`, or `null` when unknown.
 */
export function verifyLeaderReport(
  claim: LeaderReportClaim,
  observed: ObservedTransaction,
  leaderPresale: string,
  leader: Leader | null,
): LeaderReportVerdict {
  const purchase = checkPurchase(claim, observed, leaderPresale);
  if (!purchase.ok) return purchase;
  const { buy } = purchase;

  const codes = purchase.observed.memos
    .map(parseLeaderMemo)
    .filter((code): code is string => code !== null);
  if (codes.length === 0) return reject('LEADER_REPORT__MEMO_MISSING');
  if (codes.length > 1 || codes[0] !== claim.leaderCode) {
    return reject('LEADER_REPORT__MEMO_MISMATCH');
  }
  if (leader === null || leader.code !== claim.leaderCode) {
    return reject('LEADER_REPORT__UNKNOWN_LEADER');
  }
  if (leader.wallet === claim.wallet) return reject('LEADER_REPORT__SELF_REFERRAL');

  return accept(claim, purchase.observed, buy.lamports, computeLeaderCommission(buy.lamports));
}

/** The verdict for a verified purchase: accepted, unless the client's commission differs. */
function accept(
  claim: LeaderReportClaim,
  observed: FoundTransaction,
  lamports: bigint,
  commissionLamports: bigint,
): LeaderReportVerdict {
  if (
    claim.claimedCommissionLamports !== undefined &&
    claim.claimedCommissionLamports !== commissionLamports
  ) {
    return reject('LEADER_REPORT__COMMISSION_MISMATCH');
  }
  return {
    ok: true,
    lamports,
    commissionLamports,
    slot: observed.slot,
    blockTime: observed.blockTime,
  };
}

/**
 * Decides whether a leader report may be recorded on a leader presale whose leaders are on
 * chain: the purchase (see the shared checks of {@link verifyLeaderReport}) must be a BuyWith
 * naming a leader record (a memo alone earns nothing: the program paid no one), that record
 * must be a leader record of the leader presale as read from chain (`record`, `null` when the
 * account is missing or not the program's record), for the reported code, not owned by the
 * buyer, and the transaction must have moved exactly the commission into it. The commission is
 * the program's (`floor(lamports / 10)`), checked against the lamports the record gained; a
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
  return accept(claim, purchase.observed, buy.lamports, commissionLamports);
}
