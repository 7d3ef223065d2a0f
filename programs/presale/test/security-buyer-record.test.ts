/**
 * The buyer record, at its seeded address (createAccountWithSeed: base = the presale's authority
 * PDA, seed = the hex of the buyer key's first 16 bytes): another buyer's record, the buyer's
 * record from another presale, any other address (the PDA older builds used, another seed or
 * base, a fresh key) and presale accounts in its slot (type confusion) are refused, so a buyer
 * has one record and the per-user maximum holds; BuyWith's former wire format (with a bump byte)
 * is refused. Nobody but the program can create the record: the System program refuses to
 * create, allocate or assign at its address without the authority's signature, and an account
 * already there that is not an empty System account is refused. An unsupported rent threshold
 * refuses the first purchase that would create it; lamports sent to its address beforehand
 * cannot block that first purchase.
 */
import { createHash } from 'node:crypto';
import {
  Keypair,
  PublicKey,
  SystemProgram,
  TransactionInstruction,
  type AccountMeta,
} from '@solana/web3.js';
import { Rent } from 'litesvm';
import { expect, it } from 'vitest';
import {
  buildBuyWithInstruction,
  BUYER_RECORD_ACCOUNT_SIZE,
  buyerRecordSeed,
  findAuthorityAddress,
  findBuyerRecordAddress,
} from '@fbt/presale-client';
import { createPresaleFixture, readSvmAccount, writeSvmAccount } from './support/index';
import {
  describeAttacks,
  prepareBuyer,
  SOL,
  withAccount,
  type Attack,
  type Scenario,
} from './support/attack-helpers';
import { buy, createFundedKeypair, createPresale, send } from './support/harness';

/** createAccountWithSeed's address, computed here from its definition. */
const seededAddress = (base: PublicKey, seed: string, owner: PublicKey): PublicKey =>
  new PublicKey(
    createHash('sha256').update(base.toBytes()).update(seed).update(owner.toBytes()).digest(),
  );

/** The PDA ["buyer", presale, buyer] that builds before the seeded record used. */
const formerRecordPda = (s: Scenario, buyer: PublicKey): PublicKey =>
  PublicKey.findProgramAddressSync(
    [new TextEncoder().encode('buyer'), s.fixture.presale.toBytes(), buyer.toBytes()],
    s.fixture.programId,
  )[0];

const authorityOf = (s: Scenario): PublicKey =>
  findAuthorityAddress(s.fixture.programId, s.fixture.presale)[0];

/** A first Buy naming `record` as the buyer record. */
function firstBuyAt(s: Scenario, record: (buyer: PublicKey) => PublicKey) {
  const { buyer, ix } = prepareBuyer(s);
  return send(s, [withAccount(ix, 5, { pubkey: record(buyer.publicKey) })], [buyer]);
}

/** A second first-purchase for a buyer who already has a record, at another address. */
function secondRecord(s: Scenario, record: (buyer: PublicKey) => PublicKey) {
  const { buyer, ix } = prepareBuyer(s);
  expect(send(s, [ix], [buyer]).error).toBe('');
  const again = buildBuyWithInstruction(s.fixture.buyParams(buyer.publicKey, SOL));
  return send(s, [withAccount(again, 5, { pubkey: record(buyer.publicKey) })], [buyer]);
}

/** A crafted account at the buyer's record address, then the buyer's first purchase. */
function firstBuyOverCrafted(s: Scenario, data: Uint8Array, owner: PublicKey) {
  const { buyer, ix } = prepareBuyer(s);
  const [record] = findBuyerRecordAddress(s.fixture.programId, s.fixture.presale, buyer.publicKey);
  writeSvmAccount(s.svm, record, { data, owner });
  return send(s, [ix], [buyer]);
}

const attacks: readonly Attack[] = [
  {
    name: 'a second record for a buyer at the PDA older builds used',
    expected: 'InvalidBuyerRecord',
    run: (s) => secondRecord(s, (buyer) => formerRecordPda(s, buyer)),
  },
  {
    name: 'a second record for a buyer at the authority’s address of another seed (full key hex)',
    expected: 'InvalidBuyerRecord',
    run: (s) =>
      secondRecord(s, (buyer) =>
        seededAddress(
          authorityOf(s),
          Buffer.from(buyer.toBytes().subarray(16)).toString('hex'),
          s.fixture.programId,
        ),
      ),
  },
  {
    name: 'a second record for a buyer at the same seed under the buyer’s own base',
    expected: 'InvalidBuyerRecord',
    run: (s) =>
      secondRecord(s, (buyer) => seededAddress(buyer, buyerRecordSeed(buyer), s.fixture.programId)),
  },
  {
    name: 'a first purchase at the seed’s address under another presale’s authority',
    expected: 'InvalidBuyerRecord',
    run: (s) => {
      const other = createPresaleFixture({ svm: s.svm, programId: s.fixture.programId });
      const [otherAuthority] = findAuthorityAddress(s.fixture.programId, other.presale);
      return firstBuyAt(s, (buyer) =>
        seededAddress(otherAuthority, buyerRecordSeed(buyer), s.fixture.programId),
      );
    },
  },
  {
    name: 'a BuyWith in the former wire format (a record bump byte before the proof count)',
    expected: 'InvalidInstruction',
    run: (s) => {
      const { buyer } = prepareBuyer(s);
      const ix = buildBuyWithInstruction(s.fixture.buyParams(buyer.publicKey, SOL));
      const data = Buffer.concat([ix.data.subarray(0, 9), Buffer.from([255, 0])]);
      return send(s, [new TransactionInstruction({ ...ix, data })], [buyer]);
    },
  },
  {
    name: 'an account owned by another program already at the record address',
    expected: 'InvalidBuyerRecord',
    run: (s) => firstBuyOverCrafted(s, new Uint8Array(96), Keypair.generate().publicKey),
  },
  {
    name: 'a System account holding data already at the record address',
    expected: 'InvalidBuyerRecord',
    run: (s) => firstBuyOverCrafted(s, new Uint8Array(8), SystemProgram.programId),
  },
  {
    name: 'an empty account of this program already at the record address (kind 0)',
    expected: 'InvalidBuyerRecord',
    run: (s) => firstBuyOverCrafted(s, new Uint8Array(96), s.fixture.programId),
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
    name: 'the buyer record of another buyer in a BuyWith',
    expected: 'InvalidBuyerRecord',
    run: (s) => {
      const victim = createFundedKeypair(s.svm, 10n);
      expect(buy(s, victim, SOL).error).toBe('');
      const [victimRecord] = findBuyerRecordAddress(
        s.fixture.programId,
        s.fixture.presale,
        victim.publicKey,
      );
      const { buyer } = prepareBuyer(s);
      const ix = buildBuyWithInstruction(s.fixture.buyParams(buyer.publicKey, SOL));
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
    name: 'a fresh keypair address as the buyer record',
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

/** A System instruction with the base's signer flag cleared (a PDA's signature cannot be forged). */
const unsignedBase = (ix: TransactionInstruction, base: PublicKey): TransactionInstruction =>
  new TransactionInstruction({
    ...ix,
    keys: ix.keys.map((key): AccountMeta =>
      key.pubkey.equals(base) ? { ...key, isSigner: false } : key,
    ),
  });

describeAttacks(attacks, (version) => {
  it('lets no one but the program create, allocate or assign a buyer’s record address', () => {
    const s = createPresale(version);
    const { buyer, ix } = prepareBuyer(s);
    const attacker = createFundedKeypair(s.svm, 10n);
    const { programId, presale } = s.fixture;
    const [record] = findBuyerRecordAddress(programId, presale, buyer.publicKey);
    const authority = authorityOf(s);
    const seed = buyerRecordSeed(buyer.publicKey);
    expect(seededAddress(authority, seed, programId).equals(record)).toBe(true);
    const withSeed = { basePubkey: authority, seed, programId };
    const attempts = [
      SystemProgram.createAccountWithSeed({
        ...withSeed,
        fromPubkey: attacker.publicKey,
        newAccountPubkey: record,
        lamports: Number(s.svm.minimumBalanceForRentExemption(96n)),
        space: BUYER_RECORD_ACCOUNT_SIZE,
      }),
      SystemProgram.allocate({
        ...withSeed,
        accountPubkey: record,
        space: BUYER_RECORD_ACCOUNT_SIZE,
      }),
      SystemProgram.assign({ ...withSeed, accountPubkey: record }),
    ];
    for (const attempt of attempts) {
      const outcome = send(s, [unsignedBase(attempt, authority)], [attacker]);
      expect(outcome.ok).toBe(false);
      expect(outcome.error).toContain('MissingRequiredSignature');
    }
    expect(readSvmAccount(s.svm, record)).toBeNull();
    expect(send(s, [ix], [buyer]).error).toBe('');
    expect(readSvmAccount(s.svm, record)?.owner).toBe(programId.toBase58());
  });

  it('creates the record of a pre-funded address with BuyWith too', () => {
    const s = createPresale(version);
    const { buyer } = prepareBuyer(s);
    const griefer = createFundedKeypair(s.svm, 1n);
    const [record] = findBuyerRecordAddress(
      s.fixture.programId,
      s.fixture.presale,
      buyer.publicKey,
    );
    const transfer = SystemProgram.transfer({
      fromPubkey: griefer.publicKey,
      toPubkey: record,
      lamports: Number(s.svm.minimumBalanceForRentExemption(0n)),
    });
    expect(send(s, [transfer], [griefer]).error).toBe('');
    const ix = buildBuyWithInstruction(s.fixture.buyParams(buyer.publicKey, SOL));
    expect(send(s, [ix], [buyer]).error).toBe('');
    const account = readSvmAccount(s.svm, record);
    expect(account?.owner).toBe(s.fixture.programId.toBase58());
    expect(account?.data.length).toBe(BUYER_RECORD_ACCOUNT_SIZE);
    expect(account?.lamports).toBe(
      s.svm.minimumBalanceForRentExemption(BigInt(BUYER_RECORD_ACCOUNT_SIZE)),
    );
  });

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
