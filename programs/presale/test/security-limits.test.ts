/**
 * Amounts and limits on Buy: zero, u64::MAX and below-minimum amounts, overflow of a buyer's
 * total or of the token amount, buying while paused, past the per-user or total maximum and
 * after selling out are all refused; a refused purchase changes nothing but the fee.
 */
import { expect, it } from 'vitest';
import {
  buildSetActiveInstruction,
  buildUpdateLimitsInstruction,
  findBuyerRecordAddress,
} from '@fbt/presale-client';
import {
  createPresaleFixture,
  readSvmAccount,
  readSvmBalance,
  writeSvmAccount,
} from './support/index';
import {
  describeAttacks,
  expectRejected,
  prepareBuyer,
  SOL,
  U64_MAX,
  type Attack,
} from './support/attack-helpers';
import { buy, createFundedKeypair, createPresale, send } from './support/harness';

const attacks: readonly Attack[] = [
  {
    name: 'a zero amount',
    expected: 'ZeroAmount',
    run: (s) => {
      const { buyer, ix } = prepareBuyer(s, 0n);
      return send(s, [ix], [buyer]);
    },
  },
  {
    name: 'a u64::MAX amount',
    expected: 'ExceedsTotalMaximum',
    run: (s) => {
      const { buyer, ix } = prepareBuyer(s, U64_MAX);
      return send(s, [ix], [buyer]);
    },
  },
  {
    name: 'an amount below the minimum',
    expected: 'BelowMinimum',
    run: (s) => {
      const { buyer, ix } = prepareBuyer(s, s.fixture.limits.minUserBuyable - 1n);
      return send(s, [ix], [buyer]);
    },
  },
  {
    name: 'overflowing a buyer’s total (crafted record near u64::MAX)',
    expected: 'ArithmeticOverflow',
    run: (s) => {
      const { fixture } = s;
      const raise = buildUpdateLimitsInstruction({
        programId: fixture.programId,
        seller: fixture.seller.publicKey,
        presale: fixture.presale,
        minUserBuyable: SOL,
        maxUserBuyable: U64_MAX,
        maxTotalBuyable: U64_MAX,
      });
      expect(send(s, [raise], [fixture.seller]).error).toBe('');
      const buyer = createFundedKeypair(s.svm, 100n);
      expect(buy(s, buyer, SOL).error).toBe('');
      const [record] = findBuyerRecordAddress(fixture.programId, fixture.presale, buyer.publicKey);
      const data = Uint8Array.from(readSvmAccount(s.svm, record)?.data ?? []);
      new DataView(data.buffer).setBigUint64(0, U64_MAX - SOL / 2n, true);
      writeSvmAccount(s.svm, record, { data, owner: fixture.programId });
      return buy(s, buyer, SOL);
    },
  },
  {
    name: 'overflowing the token amount (price 1 lamport, 9 decimals, huge purchase)',
    expected: 'ArithmeticOverflow',
    run: (s) => {
      const cheap = createPresaleFixture({
        svm: s.svm,
        programId: s.fixture.programId,
        tokenPrice: 1n,
        decimals: 9,
        limits: { minUserBuyable: 1n, maxUserBuyable: U64_MAX, maxTotalBuyable: U64_MAX },
      });
      const whale = createFundedKeypair(s.svm, 100_000n);
      return buy({ ...s, fixture: cheap }, whale, 20_000n * SOL);
    },
  },
  {
    name: 'buying while the presale is paused',
    expected: 'PresaleInactive',
    run: (s) => {
      const pause = buildSetActiveInstruction({
        programId: s.fixture.programId,
        seller: s.fixture.seller.publicKey,
        presale: s.fixture.presale,
        active: false,
      });
      expect(send(s, [pause], [s.fixture.seller]).error).toBe('');
      const { buyer, ix } = prepareBuyer(s);
      return send(s, [ix], [buyer]);
    },
  },
  {
    name: 'exceeding the per-user maximum across several transactions',
    expected: 'ExceedsUserMaximum',
    run: (s) => {
      const buyer = createFundedKeypair(s.svm, 100n);
      expect(buy(s, buyer, 4n * SOL).error).toBe('');
      expect(buy(s, buyer, 5n * SOL).error).toBe('');
      return buy(s, buyer, 1n * SOL + 1n);
    },
  },
  {
    name: 'exceeding the total maximum',
    expected: 'ExceedsTotalMaximum',
    run: (s) => {
      const { fixture } = s;
      const shrink = buildUpdateLimitsInstruction({
        programId: fixture.programId,
        seller: fixture.seller.publicKey,
        presale: fixture.presale,
        minUserBuyable: SOL / 10n,
        maxUserBuyable: 10n * SOL,
        maxTotalBuyable: 12n * SOL,
      });
      expect(send(s, [shrink], [fixture.seller]).error).toBe('');
      expect(buy(s, createFundedKeypair(s.svm, 20n), 10n * SOL).error).toBe('');
      return buy(s, createFundedKeypair(s.svm, 20n), 2n * SOL + 1n);
    },
  },
  {
    name: 'buying after the presale sold out',
    expected: 'SoldOut',
    run: (s) => {
      const { fixture } = s;
      const shrink = buildUpdateLimitsInstruction({
        programId: fixture.programId,
        seller: fixture.seller.publicKey,
        presale: fixture.presale,
        minUserBuyable: SOL,
        maxUserBuyable: 10n * SOL,
        maxTotalBuyable: 10n * SOL + SOL / 2n,
      });
      expect(send(s, [shrink], [fixture.seller]).error).toBe('');
      expect(buy(s, createFundedKeypair(s.svm, 20n), 10n * SOL).error).toBe('');
      // 0.5 SOL left < 1 SOL minimum: sold out even for an amount that would fit
      return buy(s, createFundedKeypair(s.svm, 20n), SOL / 2n);
    },
  },
];

describeAttacks(attacks, (version) => {
  it('keeps nothing of a rejected purchase: balances, vault and state are unchanged but the fee', () => {
    const s = createPresale(version);
    const { buyer, ix } = prepareBuyer(s, 11n * SOL);
    const snapshot = () => ({
      buyer: readSvmBalance(s.svm, buyer.publicKey),
      seller: readSvmBalance(s.svm, s.fixture.seller.publicKey),
      vault: readSvmAccount(s.svm, s.fixture.tempTokenAccount)?.data.slice(),
      presale: readSvmAccount(s.svm, s.fixture.presale)?.data.slice(),
    });
    const before = snapshot();
    expectRejected(send(s, [ix], [buyer]), 'ExceedsUserMaximum');
    const after = snapshot();
    expect(after).toEqual({ ...before, buyer: before.buyer - 5_000n });
  });
});
