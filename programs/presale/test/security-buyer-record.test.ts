/**
 * The buyer record PDA: another buyer's record, the buyer's record from another presale, a
 * non-PDA address and presale accounts in its slot (type confusion) are refused; an unsupported
 * rent threshold refuses the first purchase that would create it; lamports sent to its address
 * beforehand cannot block that first purchase.
 */
import { Keypair, SystemProgram } from '@solana/web3.js';
import { Rent } from 'litesvm';
import { expect, it } from 'vitest';
import { findBuyerRecordAddress } from '@fbt/presale-client';
import { createPresaleFixture, readSvmAccount } from '../src/testing/index';
import { describeAttacks, prepareBuyer, SOL, withAccount, type Attack } from './attack-helpers';
import { buy, createFundedKeypair, createPresale, send } from './harness';

const attacks: readonly Attack[] = [
  {
    name: 'a first purchase on a cluster whose rent threshold is not 1.0 or 2.0',
    expected: 'UnsupportedRent',
    run: (s) => {
      const { buyer, ix } = prepareBuyer(s);
      s.svm.setRent(new Rent(4_640n, 1.5, 50));
      return send(s, [ix], [buyer]);
    },
  },
  {
    name: 'the buyer record of another buyer',
    expected: 'InvalidBuyerRecord',
    run: (s) => {
      const victim = createFundedKeypair(s.svm, 10n);
      expect(buy(s, victim, SOL).error).toBe('');
      const [victimRecord] = findBuyerRecordAddress(
        s.fixture.programId,
        s.fixture.presale,
        victim.publicKey,
      );
      const { buyer, ix } = prepareBuyer(s);
      return send(s, [withAccount(ix, 5, { pubkey: victimRecord })], [buyer]);
    },
  },
  {
    name: 'the buyer’s own record from another presale',
    expected: 'InvalidBuyerRecord',
    run: (s) => {
      const { buyer, ix } = prepareBuyer(s);
      const other = createPresaleFixture({ svm: s.svm, programId: s.fixture.programId });
      const otherChain = { ...s, fixture: other };
      expect(buy(otherChain, buyer, SOL).error).toBe('');
      const [otherRecord] = findBuyerRecordAddress(
        s.fixture.programId,
        other.presale,
        buyer.publicKey,
      );
      return send(s, [withAccount(ix, 5, { pubkey: otherRecord })], [buyer]);
    },
  },
  {
    name: 'a fresh non-PDA address as the buyer record',
    expected: 'InvalidBuyerRecord',
    run: (s) => {
      const { buyer, ix } = prepareBuyer(s);
      return send(s, [withAccount(ix, 5, { pubkey: Keypair.generate().publicKey })], [buyer]);
    },
  },
  {
    name: 'the presale account itself as the buyer record (type confusion)',
    expected: 'DuplicateAccount',
    run: (s) => {
      const { buyer, ix } = prepareBuyer(s);
      return send(s, [withAccount(ix, 5, { pubkey: s.fixture.presale })], [buyer]);
    },
  },
  {
    name: 'another presale account as the buyer record (type confusion)',
    expected: 'InvalidBuyerRecord',
    run: (s) => {
      const { buyer, ix } = prepareBuyer(s);
      const other = createPresaleFixture({ svm: s.svm, programId: s.fixture.programId });
      return send(s, [withAccount(ix, 5, { pubkey: other.presale })], [buyer]);
    },
  },
];

describeAttacks(attacks, (version) => {
  it('cannot be blocked by lamports sent to a buyer’s record address before the first purchase', () => {
    const s = createPresale(version);
    const buyer = createFundedKeypair(s.svm, 10n);
    const griefer = createFundedKeypair(s.svm, 1n);
    const [record] = findBuyerRecordAddress(
      s.fixture.programId,
      s.fixture.presale,
      buyer.publicKey,
    );
    const griefLamports = Number(s.svm.minimumBalanceForRentExemption(0n));
    expect(
      send(
        s,
        [
          SystemProgram.transfer({
            fromPubkey: griefer.publicKey,
            toPubkey: record,
            lamports: griefLamports,
          }),
        ],
        [griefer],
      ).error,
    ).toBe('');
    expect(buy(s, buyer, SOL).error).toBe('');
    const account = readSvmAccount(s.svm, record);
    expect(account?.owner).toBe(s.fixture.programId.toBase58());
    expect(account?.lamports).toBe(s.svm.minimumBalanceForRentExemption(88n));
  });
});
