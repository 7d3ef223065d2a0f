/**
 * A minimum raise on both builds: every buy's SOL (the seller's 90% and a leader's 10%) waits in
 * the presale account, tracked exactly; buys need an end to the window, which escrowed SOL then
 * keeps from moving later. Reaching the minimum, the seller withdraws the proceeds and leaders
 * claim their commission from the escrow; missing it, every buyer is refunded exactly what they
 * paid (and the record's rent), leaders' commission is void and the seller takes every FBT back.
 */
import { SystemProgram, type Keypair, type PublicKey } from '@solana/web3.js';
import { describe, expect, it } from 'vitest';
import { computeTokenAmount, TOKEN_PRICE_LAMPORTS } from '@fbt/domain';
import {
  buildClaimCommissionInstruction,
  BUYER_RECORD_ACCOUNT_SIZE,
  buildRegisterLeaderInstruction,
  buildSetWindowInstruction,
  buildUpdateLimitsInstruction,
  decodeLeaderRecordAccount,
  findBuyerRecordAddress,
  findLeaderRecordAddress,
  type DeliveryTerms,
} from '@fbt/presale-client';
import { readSvmAccount, readSvmBalance, readSvmTokenAmount } from './support/index';
import { expectRejected, SOL } from './support/attack-helpers';
import { buy, createFundedKeypair, send, SBPF_VERSIONS } from './support/harness';
import {
  claim,
  createAtCompletionSale,
  distribute,
  END,
  fbtOf,
  finalize,
  readPresale,
  readRecord,
  refund,
  sellerParams,
  setNow,
  START,
  stranger,
  vaultBalance,
  withdrawProceeds,
  withdrawUnsold,
  type Sale,
} from './support/distribution';

const MINIMUM = 5n * SOL;
const ESCROW: DeliveryTerms = { mode: 'at-completion', minimumRaise: MINIMUM };
const tokensFor = (lamports: bigint) => computeTokenAmount(lamports, TOKEN_PRICE_LAMPORTS);

/** The presale account's lamports above its rent-exempt minimum. */
function escrowHeld(s: Sale): bigint {
  const account = readSvmAccount(s.svm, s.fixture.presale);
  if (!account) throw new Error('no presale');
  return account.lamports - s.svm.minimumBalanceForRentExemption(BigInt(account.data.length));
}

/** Registers `code` for a new leader wallet; returns the wallet and the record. */
function registerLeader(s: Sale, code: string): { wallet: Keypair; record: PublicKey } {
  const wallet = createFundedKeypair(s.svm, 1n);
  const ix = buildRegisterLeaderInstruction({
    ...sellerParams(s),
    code,
    leaderWallet: wallet.publicKey,
  });
  expect(send(s, [ix], [s.fixture.seller]).error).toBe('');
  const [record] = findLeaderRecordAddress(s.fixture.programId, s.fixture.presale, code);
  return { wallet, record };
}

/** The leader's ClaimCommission, with or without the presale; `payer` pays the fee if given. */
function claimCommission(
  s: Sale,
  leader: { wallet: Keypair; record: PublicKey },
  withPresale: boolean,
  payer?: Keypair,
) {
  const ix = buildClaimCommissionInstruction({
    programId: s.fixture.programId,
    leaderWallet: leader.wallet.publicKey,
    leaderRecord: leader.record,
    ...(withPresale ? { presale: s.fixture.presale } : {}),
  });
  return send(s, [ix], payer ? [payer, leader.wallet] : [leader.wallet]);
}

describe.each(SBPF_VERSIONS)('minimum raise and escrow (sBPF %s)', (version) => {
  it('refuses buys until the window has an end', () => {
    const s = createAtCompletionSale(version, ESCROW, { window: false });
    const buyer = createFundedKeypair(s.svm, 5n);
    expectRejected(buy(s, buyer, SOL), 'SaleEndRequired');
    const start = buildSetWindowInstruction({ ...sellerParams(s), start: START, end: 0n });
    expect(send(s, [start], [s.fixture.seller]).error).toBe('');
    expectRejected(buy(s, buyer, SOL), 'SaleEndRequired');
    const end = buildSetWindowInstruction({ ...sellerParams(s), start: START, end: END });
    expect(send(s, [end], [s.fixture.seller]).error).toBe('');
    expect(buy(s, buyer, SOL).error).toBe('');
  });

  it('holds every buy’s SOL in the presale account, a leader’s share included', () => {
    const s = createAtCompletionSale(version, ESCROW);
    const leader = registerLeader(s, 'escrowed');
    expect(
      decodeLeaderRecordAccount(readSvmAccount(s.svm, leader.record)?.data ?? new Uint8Array())
        .commissionInEscrow,
    ).toBe(true);
    const [a, b] = [createFundedKeypair(s.svm, 20n), createFundedKeypair(s.svm, 20n)];
    const sellerBefore = readSvmBalance(s.svm, s.fixture.seller.publicKey);
    const leaderBefore = readSvmBalance(s.svm, leader.record);
    expect(buy(s, a, SOL).error).toBe('');
    expect(buy(s, b, 3n * SOL + 7n, { leaderRecord: leader.record }).error).toBe('');
    expect(readSvmBalance(s.svm, s.fixture.seller.publicKey)).toBe(sellerBefore);
    expect(readSvmBalance(s.svm, leader.record)).toBe(leaderBefore);
    expect(escrowHeld(s)).toBe(4n * SOL + 7n);
    expect(readPresale(s)).toMatchObject({
      escrowLamports: 4n * SOL + 7n,
      currentTotalSold: 4n * SOL + 7n,
      leaderCommission: (3n * SOL + 7n) / 10n,
      minimumRaise: MINIMUM,
    });
  });

  it('escrows exactly a first buy whose record address a griefer pre-funded', () => {
    const s = createAtCompletionSale(version, ESCROW);
    const buyer = createFundedKeypair(s.svm, 5n);
    const griefer = createFundedKeypair(s.svm, 1n);
    const [record] = findBuyerRecordAddress(
      s.fixture.programId,
      s.fixture.presale,
      buyer.publicKey,
    );
    const grief = SystemProgram.transfer({
      fromPubkey: griefer.publicKey,
      toPubkey: record,
      lamports: Number(s.svm.minimumBalanceForRentExemption(0n)),
    });
    expect(send(s, [grief], [griefer]).error).toBe('');
    expect(buy(s, buyer, SOL).error).toBe('');
    expect(escrowHeld(s)).toBe(SOL);
    expect(readPresale(s).escrowLamports).toBe(SOL);
    expect(readSvmBalance(s.svm, record)).toBe(
      s.svm.minimumBalanceForRentExemption(BigInt(BUYER_RECORD_ACCOUNT_SIZE)),
    );
  });

  it('keeps the window’s end from being removed or moved later once SOL is escrowed', () => {
    const s = createAtCompletionSale(version, ESCROW);
    const window = (start: bigint, end: bigint) =>
      send(s, [buildSetWindowInstruction({ ...sellerParams(s), start, end })], [s.fixture.seller]);
    expect(window(START, END + 3_600n).error).toBe(''); // nothing escrowed yet: free
    expect(buy(s, createFundedKeypair(s.svm, 5n), SOL).error).toBe('');
    expectRejected(window(START, 0n), 'WindowLocked');
    expectRejected(window(0n, 0n), 'WindowLocked');
    expectRejected(window(START, END + 3_601n), 'WindowLocked');
    expect(window(START, END).error).toBe(''); // sooner is allowed
    expect(readPresale(s).saleEnd).toBe(END);
  });

  it('succeeds at the minimum: the seller withdraws the proceeds, the leader the commission', () => {
    const s = createAtCompletionSale(version, ESCROW);
    const leader = registerLeader(s, 'succeeds');
    const [a, b] = [createFundedKeypair(s.svm, 20n), createFundedKeypair(s.svm, 20n)];
    expect(buy(s, a, 2n * SOL).error).toBe('');
    expect(buy(s, b, 3n * SOL, { leaderRecord: leader.record }).error).toBe('');
    expectRejected(withdrawProceeds(s), 'NotFinalized');
    expectRejected(claimCommission(s, leader, true), 'NotFinalized');
    setNow(s, END);
    expect(finalize(s, stranger(s)).error).toBe('');
    expect(readPresale(s).status).toBe('succeeded');
    expectRejected(refund(s, stranger(s), a.publicKey), 'SaleSucceeded');

    const commission = (3n * SOL) / 10n;
    const sellerBefore = readSvmBalance(s.svm, s.fixture.seller.publicKey);
    const keeper = stranger(s); // pays the fees, so the balances show the payouts alone
    expect(withdrawProceeds(s, keeper).error).toBe('');
    expect(readSvmBalance(s.svm, s.fixture.seller.publicKey) - sellerBefore).toBe(
      5n * SOL - commission,
    );
    expectRejected(withdrawProceeds(s), 'NothingToWithdraw');
    expectRejected(claimCommission(s, leader, false), 'CommissionInEscrow');
    const walletBefore = readSvmBalance(s.svm, leader.wallet.publicKey);
    expect(claimCommission(s, leader, true, keeper).error).toBe('');
    expect(readSvmBalance(s.svm, leader.wallet.publicKey) - walletBefore).toBe(commission);
    expectRejected(claimCommission(s, leader, true), 'NothingToClaim');
    expect(escrowHeld(s)).toBe(0n);
    expect(readPresale(s)).toMatchObject({
      escrowLamports: 0n,
      proceedsWithdrawn: 5n * SOL - commission,
    });

    expect(distribute(s, stranger(s), [{ buyer: a.publicKey }, { buyer: b.publicKey }]).error).toBe(
      '',
    );
    expect(fbtOf(s, a.publicKey)).toBe(tokensFor(2n * SOL));
    expect(fbtOf(s, b.publicKey)).toBe(tokensFor(3n * SOL));
  });

  it('fails below the minimum: exact refunds, void commission, every FBT back to the seller', () => {
    const s = createAtCompletionSale(version, ESCROW);
    const leader = registerLeader(s, 'fails');
    const [a, b] = [createFundedKeypair(s.svm, 20n), createFundedKeypair(s.svm, 20n)];
    const paid = { a: 2n * SOL + 11n, b: SOL + 3n };
    expect(buy(s, a, SOL).error).toBe('');
    expect(buy(s, a, paid.a - SOL).error).toBe('');
    expect(buy(s, b, paid.b, { leaderRecord: leader.record }).error).toBe('');
    const supply = vaultBalance(s);
    expectRejected(refund(s, stranger(s), a.publicKey), 'NotFinalized');
    setNow(s, END);
    expect(finalize(s, stranger(s)).error).toBe('');
    expect(readPresale(s)).toMatchObject({ status: 'failed', tokensOwed: 0n });

    const keeper = stranger(s);
    for (const [buyer, amount] of [
      [a, paid.a],
      [b, paid.b],
    ] as const) {
      const before = readSvmBalance(s.svm, buyer.publicKey);
      expect(readRecord(s, buyer.publicKey)?.fbtBuyedAmount).toBe(amount);
      const rent = s.svm.minimumBalanceForRentExemption(BigInt(BUYER_RECORD_ACCOUNT_SIZE));
      expect(refund(s, keeper, buyer.publicKey).error).toBe('');
      expect(readSvmBalance(s.svm, buyer.publicKey) - before).toBe(amount + rent);
      expect(readRecord(s, buyer.publicKey)).toBeNull();
      expectRejected(refund(s, keeper, buyer.publicKey), 'InvalidBuyerRecord');
    }
    expect(escrowHeld(s)).toBe(0n);
    expect(readPresale(s)).toMatchObject({
      escrowLamports: 0n,
      refundedLamports: paid.a + paid.b,
      buyersRefunded: 2n,
    });
    expectRejected(claimCommission(s, leader, true), 'SaleFailed');
    expectRejected(withdrawProceeds(s), 'SaleFailed');
    expectRejected(claim(s, a), 'SaleFailed');
    expectRejected(distribute(s, keeper, [{ buyer: b.publicKey }]), 'SaleFailed');
    const { outcome, destination } = withdrawUnsold(s);
    expect(outcome.error).toBe('');
    expect(readSvmTokenAmount(s.svm, destination)).toBe(supply);
    expect(vaultBalance(s)).toBe(0n);
  });

  it('fixes a completed sale’s limits and window, and keeps the minimum within reach', () => {
    const s = createAtCompletionSale(version, ESCROW);
    const limits = (maxTotalBuyable: bigint) =>
      send(
        s,
        [
          buildUpdateLimitsInstruction({
            ...sellerParams(s),
            minUserBuyable: SOL / 10n,
            maxUserBuyable: 10n * SOL,
            maxTotalBuyable,
          }),
        ],
        [s.fixture.seller],
      );
    expectRejected(limits(MINIMUM - 1n), 'InvalidMinimumRaise');
    expect(buy(s, createFundedKeypair(s.svm, 20n), 6n * SOL).error).toBe('');
    expect(limits(6n * SOL).error).toBe(''); // sells it out: complete from now
    expect(readPresale(s)).toMatchObject({ status: 'sold-out', completedAt: START });
    expectRejected(limits(7n * SOL), 'SaleCompleted');
    const window = buildSetWindowInstruction({ ...sellerParams(s), start: START, end: END - 1n });
    expectRejected(send(s, [window], [s.fixture.seller]), 'SaleCompleted');
    expect(finalize(s, stranger(s)).error).toBe('');
    expect(readPresale(s).status).toBe('succeeded');
  });
});
