/**
 * Delivery at completion without a minimum raise, on both builds: buys keep the FBT owed in the
 * vault while the SOL moves at once; the sale completes when it sells out or its window ends;
 * Finalize (anyone) fixes it; Distribute (anyone, 28 buyers in one version-0 transaction) and
 * Claim (the buyer) move what the vesting has unlocked, at every boundary of the schedule; the
 * seller takes back only what is not owed; instant presales refuse all of it.
 */
import { getAssociatedTokenAddressSync } from '@solana/spl-token';
import { TransactionInstruction } from '@solana/web3.js';
import { describe, expect, it } from 'vitest';
import { computeTokenAmount, TOKEN_PRICE_LAMPORTS } from '@fbt/domain';
import {
  buildDistributeInstruction,
  findLeaderRecordAddress,
  buildRegisterLeaderInstruction,
  MAX_DISTRIBUTE_BUYERS,
  unlockedTokens,
  type DeliveryTerms,
} from '@fbt/presale-client';
import {
  createLookupTable,
  readSvmBalance,
  readSvmTokenAmount,
  sendVersionedTransaction,
} from './support/index';
import { expectRejected, SOL } from './support/attack-helpers';
import { buy, createFundedKeypair, createPresale, send, SBPF_VERSIONS } from './support/harness';
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
  setNow,
  START,
  stranger,
  vaultBalance,
  withdrawProceeds,
  withdrawUnsold,
} from './support/distribution';

const AT_COMPLETION: DeliveryTerms = { mode: 'at-completion' };
const tokensFor = (lamports: bigint) => computeTokenAmount(lamports, TOKEN_PRICE_LAMPORTS);

describe.each(SBPF_VERSIONS)('delivery at completion (sBPF %s)', (version) => {
  it('keeps a buy’s FBT owed in the vault and pays the seller at once', () => {
    const s = createAtCompletionSale(version, AT_COMPLETION);
    const buyer = createFundedKeypair(s.svm, 20n);
    const vaultBefore = vaultBalance(s);
    const sellerBefore = readSvmBalance(s.svm, s.fixture.seller.publicKey);
    expect(buy(s, buyer, 2n * SOL).error).toBe('');
    expect(buy(s, buyer, SOL).error).toBe('');
    expect(fbtOf(s, buyer.publicKey)).toBe(0n);
    expect(vaultBalance(s)).toBe(vaultBefore);
    expect(readSvmBalance(s.svm, s.fixture.seller.publicKey) - sellerBefore).toBe(3n * SOL);
    expect(readRecord(s, buyer.publicKey)).toMatchObject({
      version: 3,
      fbtBuyedAmount: 3n * SOL,
      tokensReceived: tokensFor(3n * SOL),
      tokensDelivered: 0n,
    });
    expect(readPresale(s)).toMatchObject({
      deliveryMode: 'at-completion',
      status: 'open',
      tokensSold: tokensFor(3n * SOL),
      tokensOwed: tokensFor(3n * SOL),
      escrowLamports: 0n,
    });
  });

  it('completes at the window’s end: Finalize by anyone, once, and no buy after it', () => {
    const s = createAtCompletionSale(version, AT_COMPLETION);
    const buyer = createFundedKeypair(s.svm, 20n);
    const keeper = stranger(s);
    expect(buy(s, buyer, SOL).error).toBe('');
    setNow(s, END - 1n);
    expectRejected(finalize(s, keeper), 'SaleNotComplete');
    setNow(s, END + 500n);
    expect(finalize(s, keeper).error).toBe('');
    expect(readPresale(s)).toMatchObject({ status: 'succeeded', completedAt: END });
    expectRejected(finalize(s, keeper), 'AlreadyFinalized');
    expectRejected(buy(s, buyer, SOL), 'AlreadyFinalized');
  });

  it('completes when a buy sells it out, the vesting counted from that buy', () => {
    const limits = { maxUserBuyable: 2n * SOL, maxTotalBuyable: 3n * SOL };
    const s = createAtCompletionSale(version, AT_COMPLETION, { limits });
    const [a, b] = [createFundedKeypair(s.svm, 20n), createFundedKeypair(s.svm, 20n)];
    expect(buy(s, a, 2n * SOL).error).toBe('');
    setNow(s, START + 100n);
    expect(buy(s, b, SOL - SOL / 20n).error).toBe('');
    expect(readPresale(s)).toMatchObject({ status: 'sold-out', completedAt: START + 100n });
    expectRejected(buy(s, b, SOL / 10n), 'SoldOut');
    setNow(s, START + 5_000n);
    expect(finalize(s, stranger(s)).error).toBe('');
    expect(readPresale(s)).toMatchObject({ status: 'succeeded', completedAt: START + 100n });
  });

  it('distributes to 28 buyers in one version-0 transaction, then again moves nothing', () => {
    const s = createAtCompletionSale(version, AT_COMPLETION);
    const buyers = Array.from({ length: MAX_DISTRIBUTE_BUYERS }, () =>
      createFundedKeypair(s.svm, 5n),
    );
    buyers.forEach((buyer, i) => {
      expect(buy(s, buyer, SOL / 10n + BigInt(i) * 1_000_000n).error).toBe('');
    });
    setNow(s, END);
    const keeper = stranger(s);
    expect(finalize(s, keeper).error).toBe('');
    const targets = buyers.map((buyer) => ({ buyer: buyer.publicKey }));
    const ix = buildDistributeInstruction({
      programId: s.fixture.programId,
      presale: s.fixture.presale,
      tempTokenAccount: s.fixture.tempTokenAccount,
      mint: s.fixture.mint,
      buyers: targets,
    });
    const table = createLookupTable(
      s.svm,
      keeper,
      ix.keys.map((meta) => meta.pubkey),
    );
    const vaultBefore = vaultBalance(s);
    const sent = sendVersionedTransaction(s.svm, [ix], [keeper], [table]);
    expect(sent.error).toBe('');
    expect(sent.size).toBeLessThanOrEqual(1_232);
    let total = 0n;
    buyers.forEach((buyer, i) => {
      const bought = tokensFor(SOL / 10n + BigInt(i) * 1_000_000n);
      expect(fbtOf(s, buyer.publicKey)).toBe(bought);
      expect(readRecord(s, buyer.publicKey)?.tokensDelivered).toBe(bought);
      total += bought;
    });
    expect(vaultBefore - vaultBalance(s)).toBe(total);
    expect(readPresale(s)).toMatchObject({
      tokensOwed: 0n,
      tokensDelivered: total,
      buyersDelivered: BigInt(MAX_DISTRIBUTE_BUYERS),
      buyerCount: BigInt(MAX_DISTRIBUTE_BUYERS),
    });
    expect(sendVersionedTransaction(s.svm, [ix], [keeper], [table]).error).toBe('');
    expect(vaultBalance(s)).toBe(vaultBefore - total);
    expect(readPresale(s).buyersDelivered).toBe(BigInt(MAX_DISTRIBUTE_BUYERS));
  });

  it('refuses a 29th buyer (the deserializer’s capacity) and an odd pair', () => {
    const s = createAtCompletionSale(version, AT_COMPLETION);
    const buyer = createFundedKeypair(s.svm, 5n);
    expect(buy(s, buyer, SOL).error).toBe('');
    setNow(s, END);
    expect(finalize(s, buyer).error).toBe('');
    const base = buildDistributeInstruction({
      programId: s.fixture.programId,
      presale: s.fixture.presale,
      tempTokenAccount: s.fixture.tempTokenAccount,
      mint: s.fixture.mint,
      buyers: [{ buyer: buyer.publicKey }],
    });
    const pair = base.keys.slice(5);
    const withKeys = (keys: typeof base.keys) =>
      new TransactionInstruction({ programId: base.programId, keys, data: base.data });
    const many = withKeys([
      ...base.keys.slice(0, 5),
      ...Array.from({ length: 29 }, () => pair).flat(),
    ]);
    const table = createLookupTable(
      s.svm,
      buyer,
      base.keys.map((meta) => meta.pubkey),
    );
    expectRejected(sendVersionedTransaction(s.svm, [many], [buyer], [table]), 'WrongAccountCount');
    const odd = withKeys(base.keys.slice(0, 6));
    expectRejected(send(s, [odd], [buyer]), 'WrongAccountCount');
    expect(fbtOf(s, buyer.publicKey)).toBe(0n);
  });

  it('lets a buyer claim alone, and refuses a claim with nothing due', () => {
    const s = createAtCompletionSale(version, AT_COMPLETION);
    const buyer = createFundedKeypair(s.svm, 5n);
    expect(buy(s, buyer, SOL).error).toBe('');
    expectRejected(claim(s, buyer), 'NotFinalized');
    setNow(s, END);
    expect(finalize(s, buyer).error).toBe('');
    expect(claim(s, buyer).error).toBe('');
    expect(fbtOf(s, buyer.publicKey)).toBe(tokensFor(SOL));
    expectRejected(claim(s, buyer), 'NothingDue');
    expect(readPresale(s)).toMatchObject({ buyersDelivered: 1n, tokensOwed: 0n });
  });

  it('unlocks a vesting schedule exactly at every boundary, by Claim and by Distribute', () => {
    const vesting = { unlockedAtCompletionBps: 2_500, cliffSeconds: 1_000, vestingSeconds: 10_000 };
    const s = createAtCompletionSale(version, { mode: 'at-completion', vesting });
    const [claimer, waiter] = [createFundedKeypair(s.svm, 5n), createFundedKeypair(s.svm, 5n)];
    const lamports = SOL + 333_333n; // a bought amount that does not divide evenly
    expect(buy(s, claimer, lamports).error).toBe('');
    expect(buy(s, waiter, lamports).error).toBe('');
    const bought = tokensFor(lamports);
    setNow(s, END);
    expect(finalize(s, claimer).error).toBe('');
    const presale = readPresale(s);
    const expected = (at: bigint) => unlockedTokens(presale, bought, at);
    const steps: [bigint, bigint][] = [
      [END, (bought * 2_500n) / 10_000n], // at completion
      [END + 999n, (bought * 2_500n) / 10_000n], // the second before the cliff
      [
        END + 1_000n,
        (bought * 2_500n) / 10_000n + ((bought - (bought * 2_500n) / 10_000n) * 1_000n) / 10_000n,
      ],
      [END + 5_000n, expected(END + 5_000n)], // midway
      [END + 9_999n, expected(END + 9_999n)], // the second before the end
      [END + 10_000n, bought], // the end
      [END + 99_999n, bought], // long after
    ];
    let previous = 0n;
    for (const [at, unlocked] of steps) {
      setNow(s, at);
      expect(expected(at)).toBe(unlocked);
      const outcome = claim(s, claimer);
      if (unlocked === previous) expectRejected(outcome, 'NothingDue');
      else expect(outcome.error).toBe('');
      expect(fbtOf(s, claimer.publicKey)).toBe(unlocked);
      expect(readRecord(s, claimer.publicKey)?.tokensDelivered).toBe(unlocked);
      previous = unlocked;
    }
    // The other buyer waited: one Distribute midway, one at the end.
    setNow(s, END + 5_000n);
    expect(distribute(s, claimer, [{ buyer: waiter.publicKey }]).error).toBe('');
    expect(fbtOf(s, waiter.publicKey)).toBe(expected(END + 5_000n));
    setNow(s, END + 10_000n);
    expect(distribute(s, claimer, [{ buyer: waiter.publicKey }]).error).toBe('');
    expect(fbtOf(s, waiter.publicKey)).toBe(bought);
    expect(readPresale(s)).toMatchObject({ tokensOwed: 0n, buyersDelivered: 2n });
  });

  it('gives the seller back only the unsold FBT, after Finalize', () => {
    const s = createAtCompletionSale(version, AT_COMPLETION);
    const buyer = createFundedKeypair(s.svm, 5n);
    expect(buy(s, buyer, SOL).error).toBe('');
    expectRejected(withdrawUnsold(s).outcome, 'NotFinalized');
    setNow(s, END);
    expect(finalize(s, buyer).error).toBe('');
    const owed = tokensFor(SOL);
    const before = vaultBalance(s);
    const { outcome, destination } = withdrawUnsold(s);
    expect(outcome.error).toBe('');
    expect(readSvmTokenAmount(s.svm, destination)).toBe(before - owed);
    expect(vaultBalance(s)).toBe(owed);
    expect(withdrawUnsold(s).outcome.error).toBe(''); // nothing left to take: moves nothing
    expect(vaultBalance(s)).toBe(owed);
    expect(claim(s, buyer).error).toBe('');
    expect(fbtOf(s, buyer.publicKey)).toBe(owed);
    expect(vaultBalance(s)).toBe(0n);
  });

  it('pays a leader’s commission at buy time when there is no minimum raise', () => {
    const s = createAtCompletionSale(version, AT_COMPLETION);
    const leader = createFundedKeypair(s.svm, 1n);
    const register = buildRegisterLeaderInstruction({
      programId: s.fixture.programId,
      seller: s.fixture.seller.publicKey,
      presale: s.fixture.presale,
      code: 'nominimum',
      leaderWallet: leader.publicKey,
    });
    expect(send(s, [register], [s.fixture.seller]).error).toBe('');
    const [record] = findLeaderRecordAddress(s.fixture.programId, s.fixture.presale, 'nominimum');
    const recordBefore = readSvmBalance(s.svm, record);
    const buyer = createFundedKeypair(s.svm, 5n);
    expect(buy(s, buyer, SOL, { leaderRecord: record }).error).toBe('');
    expect(readSvmBalance(s.svm, record) - recordBefore).toBe(SOL / 10n);
    expect(readPresale(s)).toMatchObject({ escrowLamports: 0n, leaderCommission: SOL / 10n });
  });

  it('leaves instant presales as they were: no completion, no escrow', () => {
    const s = createPresale(version, { limits: { maxTotalBuyable: SOL, maxUserBuyable: SOL } });
    const buyer = createFundedKeypair(s.svm, 5n);
    expect(buy(s, buyer, SOL).error).toBe('');
    expect(fbtOf(s, buyer.publicKey)).toBe(tokensFor(SOL));
    expect(readPresale(s)).toMatchObject({
      deliveryMode: 'instant',
      status: 'open',
      tokensOwed: 0n,
      tokensDelivered: 0n,
      completedAt: 0n,
    });
    expect(readRecord(s, buyer.publicKey)?.tokensDelivered).toBe(0n);
    const anyone = stranger(s);
    expectRejected(finalize(s, anyone), 'NotAtCompletion');
    expectRejected(distribute(s, anyone, [{ buyer: buyer.publicKey }]), 'NotAtCompletion');
    expectRejected(claim(s, buyer), 'NotAtCompletion');
    expectRejected(refund(s, anyone, buyer.publicKey), 'NoEscrow');
    expectRejected(withdrawProceeds(s), 'NoEscrow');
    const ata = getAssociatedTokenAddressSync(s.fixture.mint, buyer.publicKey);
    expect(readSvmTokenAmount(s.svm, ata)).toBe(tokensFor(SOL));
  });
});
