import { describe, expect, it } from 'vitest';
import {
  LEADER_REPORT_REJECTION_MESSAGES,
  encodeBase58,
  verifyOnChainLeaderReport,
  type LeaderReportClaim,
  type ObservedTransaction,
  type OnChainLeaderRecord,
} from './index';

let next = 1;
/** Distinct keys (fixed bytes: the domain's tests touch no node:* module). */
const key = (length: number) => {
  const n = next++;
  return encodeBase58(Uint8Array.from({ length }, (_, i) => (n * 37 + i) % 256));
};
const address = () => key(32);
const SOL = 1_000_000_000n;
const LEADER_PRESALE = address();
const WALLET = address();
const RECORD = address();

describe('on-chain leader report verification', () => {
  const record: OnChainLeaderRecord = {
    address: RECORD,
    presale: LEADER_PRESALE,
    wallet: address(),
    code: 'beast42',
    active: true,
    volumeLamports: 0n,
    buys: 0n,
    earnedLamports: 0n,
    claimedLamports: 0n,
  };
  const lamports = 1_234_567_891n;
  const claim: LeaderReportClaim = {
    signature: key(64),
    wallet: WALLET,
    leaderCode: 'beast42',
    lamports,
  };
  const tx: Extract<ObservedTransaction, { status: 'found' }> = {
    status: 'found',
    signature: claim.signature,
    slot: 7,
    blockTime: 1_790_000_000,
    error: null,
    signers: [WALLET],
    buys: [{ presale: LEADER_PRESALE, buyer: WALLET, lamports, leaderRecord: RECORD }],
    lamportDeltas: { [RECORD]: 123_456_789n, [WALLET]: -lamports - 5_000n },
  };

  it('accepts a BuyWith through the record that moved floor(lamports / 10) into it', () => {
    expect(verifyOnChainLeaderReport(claim, tx, LEADER_PRESALE, record)).toEqual({
      ok: true,
      lamports,
      commissionLamports: 123_456_789n,
      slot: 7,
      blockTime: 1_790_000_000,
      record,
    });
  });

  const refusals: [
    string,
    LeaderReportClaim,
    ObservedTransaction,
    OnChainLeaderRecord | null,
    string,
  ][] = [
    [
      'a buy without a record',
      claim,
      { ...tx, buys: [{ presale: LEADER_PRESALE, buyer: WALLET, lamports }] },
      record,
      'LEADER_REPORT__NO_LEADER_RECORD',
    ],
    [
      'a BuyWith naming no record (null)',
      claim,
      { ...tx, buys: [{ presale: LEADER_PRESALE, buyer: WALLET, lamports, leaderRecord: null }] },
      record,
      'LEADER_REPORT__NO_LEADER_RECORD',
    ],
    [
      'a record that is not the program’s (read as null)',
      claim,
      tx,
      null,
      'LEADER_REPORT__INVALID_LEADER_RECORD',
    ],
    [
      'a record of another presale',
      claim,
      tx,
      { ...record, presale: address() },
      'LEADER_REPORT__INVALID_LEADER_RECORD',
    ],
    [
      'another record than the one named',
      claim,
      tx,
      { ...record, address: address() },
      'LEADER_REPORT__INVALID_LEADER_RECORD',
    ],
    [
      'another code than reported',
      { ...claim, leaderCode: 'other77' },
      tx,
      record,
      'LEADER_REPORT__MEMO_MISMATCH',
    ],
    [
      'the leader’s own buy',
      claim,
      tx,
      { ...record, wallet: WALLET },
      'LEADER_REPORT__SELF_REFERRAL',
    ],
    [
      'a record that gained less than the commission',
      claim,
      { ...tx, lamportDeltas: { [RECORD]: 123_456_788n } },
      record,
      'LEADER_REPORT__COMMISSION_NOT_PAID',
    ],
    [
      'no balances to check',
      claim,
      { ...tx, lamportDeltas: undefined },
      record,
      'LEADER_REPORT__COMMISSION_NOT_PAID',
    ],
    [
      'a wrong client-sent commission',
      { ...claim, claimedCommissionLamports: 123_456_790n },
      tx,
      record,
      'LEADER_REPORT__COMMISSION_MISMATCH',
    ],
    [
      'a failed transaction',
      claim,
      { ...tx, error: '{"InstructionError":[0,{"Custom":6036}]}' },
      record,
      'LEADER_REPORT__TX_FAILED',
    ],
    [
      'an inflated amount',
      { ...claim, lamports: 2n * SOL },
      tx,
      record,
      'LEADER_REPORT__AMOUNT_MISMATCH',
    ],
  ];

  it.each(refusals)('refuses %s', (_name, c, observed, r, rejection) => {
    expect(verifyOnChainLeaderReport(c, observed, LEADER_PRESALE, r)).toEqual({
      ok: false,
      rejection,
      retryable: false,
    });
  });

  it('accepts a matching client-sent commission', () => {
    const verdict = verifyOnChainLeaderReport(
      { ...claim, claimedCommissionLamports: 123_456_789n },
      tx,
      LEADER_PRESALE,
      record,
    );
    expect(verdict.ok).toBe(true);
  });

  it('asks for a retry while the transaction is not confirmed', () => {
    expect(
      verifyOnChainLeaderReport(claim, { status: 'not-found' }, LEADER_PRESALE, record),
    ).toEqual({ ok: false, rejection: 'LEADER_REPORT__TX_NOT_FOUND', retryable: true });
  });

  const OTHER_PRESALE = address();
  const OTHER_WALLET = address();
  const purchaseRefusals: [string, LeaderReportClaim, ObservedTransaction, string][] = [
    ['a transaction without a presale buy', claim, { ...tx, buys: [] }, 'NOT_A_PRESALE_BUY'],
    [
      'a buy on another presale',
      claim,
      { ...tx, buys: [{ presale: OTHER_PRESALE, buyer: WALLET, lamports, leaderRecord: RECORD }] },
      'WRONG_PRESALE',
    ],
    [
      'two buys in one transaction',
      claim,
      { ...tx, buys: [...tx.buys, ...tx.buys] },
      'MULTIPLE_BUYS',
    ],
    [
      'a leader buy beside a buy on another presale',
      claim,
      { ...tx, buys: [...tx.buys, { presale: OTHER_PRESALE, buyer: WALLET, lamports }] },
      'MULTIPLE_BUYS',
    ],
    ["another wallet's transaction", { ...claim, wallet: OTHER_WALLET }, tx, 'SIGNER_MISMATCH'],
    ['a buyer that did not sign', claim, { ...tx, signers: [OTHER_WALLET] }, 'SIGNER_MISMATCH'],
  ];

  it.each(purchaseRefusals)('refuses %s', (_name, c, observed, rejection) => {
    expect(verifyOnChainLeaderReport(c, observed, LEADER_PRESALE, record)).toEqual({
      ok: false,
      rejection: `LEADER_REPORT__${rejection}`,
      retryable: false,
    });
  });

  it('has a sentence for every rejection', () => {
    for (const message of Object.values(LEADER_REPORT_REJECTION_MESSAGES)) {
      expect(message).toMatch(/^[A-Z].*\.$/);
    }
  });
});
