/**
 * The buyer record PDA: another buyer's record, the buyer's record from another presale, a
 * non-PDA address and presale accounts in its slot (type confusion) are refused; an unsupported
 * rent threshold refuses the first purchase that would create it; lamports sent to its address
 * beforehand cannot block that first purchase. BuyWith names the record's bump: a valid but
 * non-canonical bump (a second record for the same buyer, to pass the per-user maximum again)
 * and a bump that does not match the address are refused.
 */
import { Keypair, PublicKey, SystemProgram, TransactionInstruction } from '@solana/web3.js';
import { Rent } from 'litesvm';
import { expect, it } from 'vitest';
import {
  buildBuyWithInstruction,
  BUYER_RECORD_ACCOUNT_SIZE,
  BUYER_RECORD_SEED,
  findBuyerRecordAddress,
} from '@fbt/presale-client';
import { createPresaleFixture, readSvmAccount } from './support/index';
import {
  describeAttacks,
  prepareBuyer,
  SOL,
  withAccount,
  type Attack,
} from './support/attack-helpers';
import { buy, createFundedKeypair, createPresale, send } from './support/harness';

/** A valid buyer-record address below the canonical bump, with its bump. */
function nonCanonicalRecord(
  programId: PublicKey,
  presale: PublicKey,
  buyer: PublicKey,
): [PublicKey, number] {
  const [, canonical] = findBuyerRecordAddress(programId, presale, buyer);
  const seeds = [new TextEncoder().encode(BUYER_RECORD_SEED), presale.toBytes(), buyer.toBytes()];
  for (let bump = canonical - 1; bump >= 0; bump--) {
    try {
      return [PublicKey.createProgramAddressSync([...seeds, Uint8Array.of(bump)], programId), bump];
    } catch {
      // on the curve: not a program address, try the next bump
    }
  }
  throw new Error('no non-canonical bump');
}

const attacks: readonly Attack[] = [
  {
    name: 'a BuyWith naming a valid non-canonical record bump (a second record for the buyer)',
    expected: 'InvalidBump',
    run: (s) => {
      const { buyer } = prepareBuyer(s);
      const ix = buildBuyWithInstruction(s.fixture.buyParams(buyer.publicKey, SOL));
      const [address, bump] = nonCanonicalRecord(
        s.fixture.programId,
        s.fixture.presale,
        buyer.publicKey,
      );
      const data = Buffer.from(ix.data);
      data[9] = bump;
      const forged = withAccount(new TransactionInstruction({ ...ix, data }), 5, {
        pubkey: address,
      });
      return send(s, [forged], [buyer]);
    },
  },
  {
    name: 'a BuyWith whose bump does not match the record address',
    expected: 'InvalidBuyerRecord',
    run: (s) => {
      const { buyer } = prepareBuyer(s);
      const ix = buildBuyWithInstruction(s.fixture.buyParams(buyer.publicKey, SOL));
      const data = Buffer.from(ix.data);
      data[9] = ((data[9] ?? 0) + 255) % 256;
      return send(s, [new TransactionInstruction({ ...ix, data })], [buyer]);
    },
  },
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
    expect(account?.lamports).toBe(
      s.svm.minimumBalanceForRentExemption(BigInt(BUYER_RECORD_ACCOUNT_SIZE)),
    );
  });
});
