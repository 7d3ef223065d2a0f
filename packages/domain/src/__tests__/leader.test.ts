import { describe, expect, it } from 'vitest';
import {
  LEADER_REPORT_REJECTION_MESSAGES,
  computeLeaderCommission,
  encodeBase58,
  isValidLeaderCode,
  parseLeaderCodeFromUrl,
  parseLeaderMemo,
  verifyLeaderReport,
  type Leader,
  type LeaderReportClaim,
  type ObservedTransaction,
} from '../index';
import { SOL, SYSTEM_PROGRAM, TOKEN_PROGRAM, WALLET } from './fixtures';

describe('leader codes', () => {
  it.each([
    ['beast42', true],
    ['A_b-9', true],
    ['abc', true],
    ['x'.repeat(32), true],
    ['ab', false],
    ['x'.repeat(33), false],
    ['has space', false],
    ['emoji😀', false],
    ['', false],
  ])('%j is valid: %s', (code, expected) => {
    expect(isValidLeaderCode(code)).toBe(expected);
  });

  it('reads the code out of a leader memo', () => {
    expect(parseLeaderMemo('fbt:leader:beast42')).toBe('beast42');
  });

  it.each(['hello', 'fbt:leader:', 'fbt:leader:a b', 'FBT:LEADER:beast42'])(
    'reads no code from the memo %j',
    (memo) => {
      expect(parseLeaderMemo(memo)).toBeNull();
    },
  );

  it.each([
    ['http://localhost:8080/#/leader?code=beast42', 'beast42'],
    ['https://fbt.example/#/leader?code=beast42&x=1', 'beast42'],
    ['https://fbt.example/?code=beast42#/leader', 'beast42'],
    ['https://fbt.example/#/leader', null],
    ['https://fbt.example/#/leader?code=a%20b', null],
    ['not a url', null],
  ])('reads the code from %s', (href, code) => {
    expect(parseLeaderCodeFromUrl(href)).toBe(code);
  });

  it.each([
    [1n * SOL, 100_000_000n],
    [15n, 1n],
    [9n, 0n],
    [0n, 0n],
    [-10n, 0n],
  ])('commission on %s lamports is %s (10%%, rounded down)', (lamports, commission) => {
    expect(computeLeaderCommission(lamports)).toBe(commission);
  });
});

describe('verifying a leader report against the chain', () => {
  const LEADER_PRESALE = TOKEN_PROGRAM;
  const PUBLIC_PRESALE = SYSTEM_PROGRAM;
  const LEADER_WALLET = encodeBase58(new Uint8Array(32).fill(9));
  const signature = encodeBase58(new Uint8Array(64).fill(3));
  const leader: Leader = { code: 'beast42', wallet: LEADER_WALLET, createdAt: '2026-01-01' };
  const claim: LeaderReportClaim = {
    signature,
    wallet: WALLET,
    leaderCode: 'beast42',
    lamports: 2n * SOL,
  };
  const tx: Extract<ObservedTransaction, { status: 'found' }> = {
    status: 'found',
    signature,
    slot: 42,
    blockTime: 1_700_000_000,
    error: null,
    signers: [WALLET],
    buys: [{ presale: LEADER_PRESALE, buyer: WALLET, lamports: 2n * SOL }],
    memos: ['fbt:leader:beast42'],
  };

  it('accepts a genuine leader buy and computes 10% server-side', () => {
    expect(verifyLeaderReport(claim, tx, LEADER_PRESALE, leader)).toEqual({
      ok: true,
      lamports: 2n * SOL,
      commissionLamports: 200_000_000n,
      slot: 42,
      blockTime: 1_700_000_000,
    });
  });

  it('accepts a matching client-sent commission', () => {
    const verdict = verifyLeaderReport(
      { ...claim, claimedCommissionLamports: 200_000_000n },
      tx,
      LEADER_PRESALE,
      leader,
    );
    expect(verdict.ok).toBe(true);
  });

  it.each<[string, LeaderReportClaim, ObservedTransaction, Leader | null, string]>([
    [
      'an unknown or unconfirmed hash',
      claim,
      { status: 'not-found' },
      leader,
      'LEADER_REPORT__TX_NOT_FOUND',
    ],
    [
      'a failed transaction',
      claim,
      { ...tx, error: '{"InstructionError":[0,{"Custom":6}]}' },
      leader,
      'LEADER_REPORT__TX_FAILED',
    ],
    [
      'a transaction without a presale buy',
      claim,
      { ...tx, buys: [] },
      leader,
      'LEADER_REPORT__NOT_A_PRESALE_BUY',
    ],
    [
      'a buy on the public presale',
      claim,
      { ...tx, buys: [{ presale: PUBLIC_PRESALE, buyer: WALLET, lamports: 2n * SOL }] },
      leader,
      'LEADER_REPORT__WRONG_PRESALE',
    ],
    [
      'two buys in one transaction',
      claim,
      { ...tx, buys: [...tx.buys, ...tx.buys] },
      leader,
      'LEADER_REPORT__MULTIPLE_BUYS',
    ],
    [
      "another wallet's transaction",
      { ...claim, wallet: LEADER_WALLET },
      tx,
      leader,
      'LEADER_REPORT__SIGNER_MISMATCH',
    ],
    [
      'a buyer that did not sign',
      claim,
      { ...tx, signers: [LEADER_WALLET] },
      leader,
      'LEADER_REPORT__SIGNER_MISMATCH',
    ],
    [
      'an inflated amount',
      { ...claim, lamports: 20n * SOL },
      tx,
      leader,
      'LEADER_REPORT__AMOUNT_MISMATCH',
    ],
    ['no memo', claim, { ...tx, memos: [] }, leader, 'LEADER_REPORT__MEMO_MISSING'],
    [
      'an unrelated memo only',
      claim,
      { ...tx, memos: ['gm'] },
      leader,
      'LEADER_REPORT__MEMO_MISSING',
    ],
    [
      "another leader's memo",
      claim,
      { ...tx, memos: ['fbt:leader:other1'] },
      leader,
      'LEADER_REPORT__MEMO_MISMATCH',
    ],
    [
      'two leader memos',
      claim,
      { ...tx, memos: ['fbt:leader:beast42', 'fbt:leader:other1'] },
      leader,
      'LEADER_REPORT__MEMO_MISMATCH',
    ],
    ['an unregistered code', claim, tx, null, 'LEADER_REPORT__UNKNOWN_LEADER'],
    ['a self-referral', claim, tx, { ...leader, wallet: WALLET }, 'LEADER_REPORT__SELF_REFERRAL'],
    [
      'a wrong client-sent commission',
      { ...claim, claimedCommissionLamports: 2n * SOL },
      tx,
      leader,
      'LEADER_REPORT__COMMISSION_MISMATCH',
    ],
  ])('refuses %s', (_name, c, observed, l, rejection) => {
    const verdict = verifyLeaderReport(c, observed, LEADER_PRESALE, l);
    expect(verdict).toEqual({
      ok: false,
      rejection,
      retryable: rejection === 'LEADER_REPORT__TX_NOT_FOUND',
    });
    expect(
      LEADER_REPORT_REJECTION_MESSAGES[rejection as keyof typeof LEADER_REPORT_REJECTION_MESSAGES],
    ).toMatch(/\w/);
  });
});
