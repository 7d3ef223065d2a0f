import {
  createApproveInstruction,
  getAssociatedTokenAddressSync,
  TOKEN_2022_PROGRAM_ID,
} from '@solana/spl-token';
import type { PublicKey } from '@solana/web3.js';
import {
  Keypair,
  SystemProgram,
  SYSVAR_CLOCK_PUBKEY,
  TransactionInstruction,
  type AccountMeta,
} from '@solana/web3.js';
import { Rent } from 'litesvm';
import { describe, expect, it } from 'vitest';
import { LAMPORTS_PER_SOL } from '@fbt/domain';
import {
  buildBuyInstruction,
  buildBuyInstructions,
  buildCreatePresaleAccountInstruction,
  buildInitializeInstruction,
  buildSetActiveInstruction,
  buildUpdateLimitsInstruction,
  buildWithdrawUnsoldInstruction,
  decodePresaleError,
  findBuyerRecordAddress,
  MEMO_PROGRAM_ID,
  PRESALE_ACCOUNT_SIZE,
  PRESALE_ERRORS,
  type PresaleErrorName,
} from '@fbt/presale-client';
import {
  createPresaleFixture,
  createTestMint,
  createTestTokenAccount,
  readSvmAccount,
  readSvmBalance,
  writeSvmAccount,
  type TransactionOutcome,
} from '../src/testing/index';
import {
  buy,
  createFundedKeypair,
  createPresale,
  send,
  SBPF_VERSIONS,
  type ShippedVersion,
} from './harness';

const SOL = LAMPORTS_PER_SOL;
const U64_MAX = 0xffff_ffff_ffff_ffffn;

type Scenario = ReturnType<typeof createPresale>;

/** Replaces account `index` of an instruction. */
function withAccount(
  ix: TransactionInstruction,
  index: number,
  meta: Partial<AccountMeta>,
): TransactionInstruction {
  const keys = ix.keys.map((key, i) => (i === index ? { ...key, ...meta } : key));
  return new TransactionInstruction({ programId: ix.programId, keys, data: ix.data });
}

function codeOf(name: PresaleErrorName): number {
  const entry = Object.entries(PRESALE_ERRORS).find(([, value]) => value.name === name);
  if (!entry) throw new Error(`unknown error ${name}`);
  return Number(entry[0]);
}

function expectRejected(outcome: TransactionOutcome, name: PresaleErrorName): void {
  expect(outcome.ok, `expected ${name}, transaction succeeded`).toBe(false);
  expect({ code: outcome.customCode, name: outcome.presaleError?.name }).toEqual({
    code: codeOf(name),
    name,
  });
  // The client finds the same error in the chain's real logs and in litesvm's error text.
  expect(decodePresaleError(undefined, outcome.logs)?.name).toBe(name);
  expect(decodePresaleError(outcome.error)?.name).toBe(name);
}

/** A ready buyer (ATA already created) and the plain Buy instruction for `lamports`. */
function prepareBuyer(s: Scenario, lamports = SOL): { buyer: Keypair; ix: TransactionInstruction } {
  const buyer = createFundedKeypair(s.svm, 100n);
  const ata = getAssociatedTokenAddressSync(s.fixture.mint, buyer.publicKey);
  const [createAta] = buildBuyInstructions({
    ...s.fixture.buyParams(buyer.publicKey, 0n),
    createBuyerTokenAccount: true,
  });
  if (!createAta) throw new Error('no ATA instruction');
  expect(send(s, [createAta], [buyer]).error).toBe('');
  return {
    buyer,
    ix: buildBuyInstruction({
      ...s.fixture.buyParams(buyer.publicKey, lamports),
      buyerTokenAccount: ata,
    }),
  };
}

interface Attack {
  readonly name: string;
  readonly expected: PresaleErrorName;
  readonly run: (s: Scenario, version: ShippedVersion) => TransactionOutcome;
}

const attacks: readonly Attack[] = [
  {
    name: 'spending a victim’s SOL without their signature',
    expected: 'MissingSigner',
    run: (s) => {
      const { ix } = prepareBuyer(s);
      const attacker = createFundedKeypair(s.svm, 1n);
      return send(s, [withAccount(ix, 0, { isSigner: false })], [attacker]);
    },
  },
  {
    name: 'a fake presale account owned by another program',
    expected: 'PresaleWrongOwner',
    run: (s) => {
      const { buyer, ix } = prepareBuyer(s);
      const fake = Keypair.generate().publicKey;
      const real = readSvmAccount(s.svm, s.fixture.presale);
      writeSvmAccount(s.svm, fake, {
        data: real?.data ?? new Uint8Array(),
        owner: Keypair.generate().publicKey,
      });
      return send(s, [withAccount(ix, 1, { pubkey: fake })], [buyer]);
    },
  },
  {
    name: 'an uninitialized program-owned presale account',
    expected: 'NotInitialized',
    run: (s) => {
      const { buyer, ix } = prepareBuyer(s);
      const blank = Keypair.generate().publicKey;
      writeSvmAccount(s.svm, blank, {
        data: new Uint8Array(PRESALE_ACCOUNT_SIZE),
        owner: s.fixture.programId,
      });
      return send(s, [withAccount(ix, 1, { pubkey: blank })], [buyer]);
    },
  },
  {
    name: 'a program-owned account of the wrong size as the presale',
    expected: 'PresaleInvalid',
    run: (s) => {
      const { buyer, ix } = prepareBuyer(s);
      const odd = Keypair.generate().publicKey;
      const real = readSvmAccount(s.svm, s.fixture.presale)?.data ?? new Uint8Array();
      writeSvmAccount(s.svm, odd, {
        data: Uint8Array.from([...real, 0]),
        owner: s.fixture.programId,
      });
      return send(s, [withAccount(ix, 1, { pubkey: odd })], [buyer]);
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
    name: 'a substituted temp token account (attacker’s own FBT account)',
    expected: 'WrongTempTokenAccount',
    run: (s) => {
      const { buyer, ix } = prepareBuyer(s);
      const other = createTestTokenAccount(s.svm, {
        payer: buyer,
        mint: s.fixture.mint,
        owner: buyer.publicKey,
      });
      return send(s, [withAccount(ix, 3, { pubkey: other })], [buyer]);
    },
  },
  {
    name: 'a wrong seller receiving the SOL',
    expected: 'NotSeller',
    run: (s) => {
      const { buyer, ix } = prepareBuyer(s);
      return send(s, [withAccount(ix, 2, { pubkey: Keypair.generate().publicKey })], [buyer]);
    },
  },
  {
    name: 'a wrong mint',
    expected: 'WrongMint',
    run: (s) => {
      const { buyer, ix } = prepareBuyer(s);
      const otherMint = createTestMint(s.svm, buyer, 6);
      return send(s, [withAccount(ix, 7, { pubkey: otherMint })], [buyer]);
    },
  },
  {
    name: 'a buyer token account of another mint',
    expected: 'InvalidTokenAccount',
    run: (s) => {
      const { buyer, ix } = prepareBuyer(s);
      const otherMint = createTestMint(s.svm, buyer, 6);
      const account = createTestTokenAccount(s.svm, {
        payer: buyer,
        mint: otherMint,
        owner: buyer.publicKey,
      });
      return send(s, [withAccount(ix, 4, { pubkey: account })], [buyer]);
    },
  },
  {
    name: 'a buyer token account owned by someone else',
    expected: 'InvalidTokenAccount',
    run: (s) => {
      const { buyer, ix } = prepareBuyer(s);
      const account = createTestTokenAccount(s.svm, {
        payer: buyer,
        mint: s.fixture.mint,
        owner: Keypair.generate().publicKey,
      });
      return send(s, [withAccount(ix, 4, { pubkey: account })], [buyer]);
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
  {
    name: 'a fake token program',
    expected: 'WrongTokenProgram',
    run: (s) => {
      const { buyer, ix } = prepareBuyer(s);
      return send(s, [withAccount(ix, 8, { pubkey: MEMO_PROGRAM_ID })], [buyer]);
    },
  },
  {
    name: 'a fake system program',
    expected: 'WrongSystemProgram',
    run: (s) => {
      const { buyer, ix } = prepareBuyer(s);
      return send(s, [withAccount(ix, 9, { pubkey: MEMO_PROGRAM_ID })], [buyer]);
    },
  },
  {
    name: 'a wrong sysvar in the rent slot',
    expected: 'WrongRentSysvar',
    run: (s) => {
      const { buyer, ix } = prepareBuyer(s);
      return send(s, [withAccount(ix, 10, { pubkey: SYSVAR_CLOCK_PUBKEY })], [buyer]);
    },
  },
  {
    name: 'a wrong vault authority',
    expected: 'WrongAuthority',
    run: (s) => {
      const { buyer, ix } = prepareBuyer(s);
      return send(s, [withAccount(ix, 6, { pubkey: Keypair.generate().publicKey })], [buyer]);
    },
  },
  {
    name: 'duplicate accounts (the vault passed as the buyer token account)',
    expected: 'DuplicateAccount',
    run: (s) => {
      const { buyer, ix } = prepareBuyer(s);
      return send(s, [withAccount(ix, 4, { pubkey: s.fixture.tempTokenAccount })], [buyer]);
    },
  },
  {
    name: 'a missing account (10 instead of 11)',
    expected: 'WrongAccountCount',
    run: (s) => {
      const { buyer, ix } = prepareBuyer(s);
      return send(
        s,
        [
          new TransactionInstruction({
            programId: ix.programId,
            keys: ix.keys.slice(0, 10),
            data: ix.data,
          }),
        ],
        [buyer],
      );
    },
  },
  {
    name: 'a read-only presale account',
    expected: 'NotWritable',
    run: (s) => {
      const { buyer, ix } = prepareBuyer(s);
      return send(s, [withAccount(ix, 1, { isWritable: false })], [buyer]);
    },
  },
  {
    name: 'malformed instruction data (unknown tag, wrong length)',
    expected: 'InvalidInstruction',
    run: (s) => {
      const { buyer, ix } = prepareBuyer(s);
      const unknown = send(
        s,
        [new TransactionInstruction({ ...ix, data: Buffer.from([9]) })],
        [buyer],
      );
      expect(unknown.presaleError?.name).toBe('InvalidInstruction');
      return send(
        s,
        [new TransactionInstruction({ ...ix, data: Buffer.concat([ix.data, Buffer.from([0])]) })],
        [buyer],
      );
    },
  },
  {
    name: 're-initializing a live presale (to reset its totals)',
    expected: 'AlreadyInitialized',
    run: (s) => {
      const { fixture } = s;
      return send(
        s,
        [
          buildInitializeInstruction({
            programId: fixture.programId,
            seller: fixture.seller.publicKey,
            presale: fixture.presale,
            tempTokenAccount: fixture.tempTokenAccount,
            mint: fixture.mint,
            tokenPrice: 1n,
            ...fixture.limits,
          }),
        ],
        [fixture.seller, fixture.presaleKeypair],
      );
    },
  },
  {
    name: 'a non-seller pausing the presale',
    expected: 'NotSeller',
    run: (s) => {
      const attacker = createFundedKeypair(s.svm, 1n);
      return send(
        s,
        [
          buildSetActiveInstruction({
            programId: s.fixture.programId,
            seller: attacker.publicKey,
            presale: s.fixture.presale,
            active: false,
          }),
        ],
        [attacker],
      );
    },
  },
  {
    name: 'a non-seller changing the limits',
    expected: 'NotSeller',
    run: (s) => {
      const attacker = createFundedKeypair(s.svm, 1n);
      return send(
        s,
        [
          buildUpdateLimitsInstruction({
            programId: s.fixture.programId,
            seller: attacker.publicKey,
            presale: s.fixture.presale,
            minUserBuyable: 1n,
            maxUserBuyable: U64_MAX,
            maxTotalBuyable: U64_MAX,
          }),
        ],
        [attacker],
      );
    },
  },
  {
    name: 'a non-seller withdrawing the unsold tokens',
    expected: 'NotSeller',
    run: (s) => {
      const attacker = createFundedKeypair(s.svm, 1n);
      const loot = createTestTokenAccount(s.svm, {
        payer: attacker,
        mint: s.fixture.mint,
        owner: attacker.publicKey,
      });
      const pause = buildSetActiveInstruction({
        programId: s.fixture.programId,
        seller: s.fixture.seller.publicKey,
        presale: s.fixture.presale,
        active: false,
      });
      expect(send(s, [pause], [s.fixture.seller]).error).toBe('');
      return send(
        s,
        [
          buildWithdrawUnsoldInstruction({
            programId: s.fixture.programId,
            seller: attacker.publicKey,
            presale: s.fixture.presale,
            tempTokenAccount: s.fixture.tempTokenAccount,
            mint: s.fixture.mint,
            destinationTokenAccount: loot,
          }),
        ],
        [attacker],
      );
    },
  },
  {
    name: 'an admin call naming the seller without the seller’s signature',
    expected: 'MissingSigner',
    run: (s) => {
      const attacker = createFundedKeypair(s.svm, 1n);
      const ix = buildSetActiveInstruction({
        programId: s.fixture.programId,
        seller: s.fixture.seller.publicKey,
        presale: s.fixture.presale,
        active: false,
      });
      return send(s, [withAccount(ix, 0, { isSigner: false })], [attacker]);
    },
  },
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
  {
    name: 'draining a vault that holds fewer tokens than the purchase',
    expected: 'InsufficientTokens',
    run: (s) => {
      const poor = createPresaleFixture({
        svm: s.svm,
        programId: s.fixture.programId,
        supply: 1_000_000n,
      });
      return buy({ ...s, fixture: poor }, createFundedKeypair(s.svm, 10n), SOL);
    },
  },
];

const initAttacks: readonly Attack[] = [
  {
    name: 'initializing with a temp account that has a delegate (seller could drain it later)',
    expected: 'TempTokenAccountUnsafe',
    run: (s) => initWith(s, { delegate: true }),
  },
  {
    name: 'initializing with someone else’s token account as the vault',
    expected: 'WrongTempTokenAccount',
    run: (s) => initWith(s, { tempOwner: Keypair.generate().publicKey }),
  },
  {
    name: 'initializing with a wrong authority bump',
    expected: 'WrongAuthority',
    run: (s) => initWith(s, { badBump: true }),
  },
  {
    name: 'initializing with a minimum that buys zero tokens',
    expected: 'InvalidLimits',
    run: (s) => initWith(s, { minUserBuyable: 1n, tokenPrice: 2_000_000n }), // 1 * 10^6 / 2e6 = 0
  },
  {
    name: 'initializing with a zero price',
    expected: 'InvalidPrice',
    run: (s) => initWith(s, { tokenPrice: 0n }),
  },
  {
    name: 'hijacking another seller’s created but uninitialized presale account',
    expected: 'MissingSigner',
    run: (s) => initWith(s, { presaleSigns: false }),
  },
  {
    name: 'initializing with a mint of more than 9 decimals',
    expected: 'InvalidMint',
    run: (s) => initWith(s, { decimals: 10 }),
  },
  {
    name: 'initializing with Token-2022 in the token-program slot',
    expected: 'WrongTokenProgram',
    run: (s) => initWith(s, { tokenProgram: TOKEN_2022_PROGRAM_ID }),
  },
];

function initWith(
  s: Scenario,
  options: {
    delegate?: boolean;
    tempOwner?: PublicKey;
    badBump?: boolean;
    minUserBuyable?: bigint;
    tokenPrice?: bigint;
    tokenProgram?: PublicKey;
    presaleSigns?: boolean;
    decimals?: number;
  },
): TransactionOutcome {
  const seller = createFundedKeypair(s.svm, 10n);
  const mint = createTestMint(s.svm, seller, options.decimals ?? 6);
  const temp = createTestTokenAccount(s.svm, {
    payer: seller,
    mint,
    owner: options.tempOwner ?? seller.publicKey,
    mintAuthority: seller,
    amount: 10n ** 12n,
  });
  if (options.delegate) {
    expect(
      send(s, [createApproveInstruction(temp, seller.publicKey, seller.publicKey, 1n)], [seller])
        .error,
    ).toBe('');
  }
  const presale = Keypair.generate();
  let init = buildInitializeInstruction({
    programId: s.fixture.programId,
    seller: seller.publicKey,
    presale: presale.publicKey,
    tempTokenAccount: temp,
    mint,
    tokenPrice: options.tokenPrice ?? 50_000n,
    minUserBuyable: options.minUserBuyable ?? SOL / 10n,
    maxUserBuyable: 10n * SOL,
    maxTotalBuyable: 100n * SOL,
  });
  if (options.tokenProgram) init = withAccount(init, 5, { pubkey: options.tokenProgram });
  if (options.badBump) {
    const data = Buffer.from(init.data);
    data[33] = ((data[33] ?? 0) + 1) % 256;
    init = new TransactionInstruction({ ...init, data });
  }
  const create = buildCreatePresaleAccountInstruction({
    programId: s.fixture.programId,
    payer: seller.publicKey,
    presale: presale.publicKey,
    lamports: s.svm.minimumBalanceForRentExemption(BigInt(PRESALE_ACCOUNT_SIZE)),
  });
  if (options.presaleSigns === false) {
    // The account was created on its own; someone else then tries to initialize it.
    expect(send(s, [create], [seller, presale]).error).toBe('');
    const attacker = createFundedKeypair(s.svm, 1n);
    const hijack = withAccount(withAccount(init, 1, { isSigner: false }), 0, {
      pubkey: attacker.publicKey,
    });
    return send(s, [hijack], [attacker]);
  }
  return send(s, [create, init], [seller, presale]);
}

describe.each(SBPF_VERSIONS)('security (sBPF %s)', (version) => {
  it.each([...attacks, ...initAttacks])('rejects $name with $expected', ({ run, expected }) => {
    const scenario = createPresale(version);
    expectRejected(run(scenario, version), expected);
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
    expect(account?.lamports).toBe(s.svm.minimumBalanceForRentExemption(88n));
  });

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
