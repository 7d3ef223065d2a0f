/**
 * The two token programs: Initialize refuses every Token-2022 mint extension that could take or
 * trap buyers' tokens (each with its own code), any other extension not judged safe, and a
 * freeze authority on a mint of either program; every instruction refuses a token program that
 * is not the mint's, and token accounts or mints of the other program (or forged with the
 * right bytes under another owner).
 */
import { Keypair, PublicKey, SystemProgram } from '@solana/web3.js';
import {
  buildCreatePresaleAccountInstruction,
  buildInitializeInstruction,
  buildSetActiveInstruction,
  buildWithdrawUnsoldInstruction,
  findAuthorityAddress,
  PRESALE_ACCOUNT_SIZE,
  TOKEN_2022_PROGRAM_ID,
  TOKEN_PROGRAM_ID,
} from '@fbt/presale-client';
import {
  createTestAssociatedTokenAccount,
  createTestMint,
  createTestTokenAccount,
  readSvmAccount,
  tokenProgramId,
  writeSvmAccount,
  type MintExtension,
  type TestMintOptions,
  type TransactionOutcome,
} from './support/index';
import {
  BOTH_TOKEN_PROGRAMS,
  describeAttacks,
  prepareBuyer,
  SOL,
  withAccount,
  type Attack,
  type Scenario,
} from './support/attack-helpers';
import { createFundedKeypair, send } from './support/harness';

const METADATA = {
  name: 'Frustrated Beast Token',
  symbol: 'FBT',
  uri: 'https://fbt.test/fbt.json',
};

/**
 * Initialize on the scenario's chain with a new mint made as told (Token-2022 unless told), the
 * vault being the authority PDA's associated token account (the Associated Token Account
 * program sizes it for the mint's extensions). `tokenProgram` replaces the token-program slot.
 */
function initializeWithMint(
  s: Scenario,
  mintOptions: TestMintOptions,
  tokenProgram?: PublicKey,
): TransactionOutcome {
  const seller = createFundedKeypair(s.svm, 10n);
  const programName = mintOptions.tokenProgram ?? 'token-2022';
  const mint = createTestMint(s.svm, seller, 6, { ...mintOptions, tokenProgram: programName });
  const presale = Keypair.generate();
  const [authority] = findAuthorityAddress(s.fixture.programId, presale.publicKey);
  const vault = createTestAssociatedTokenAccount(s.svm, {
    payer: seller,
    mint,
    owner: authority,
    tokenProgram: tokenProgramId(programName),
  });
  return send(
    s,
    [
      buildCreatePresaleAccountInstruction({
        programId: s.fixture.programId,
        payer: seller.publicKey,
        presale: presale.publicKey,
        lamports: s.svm.minimumBalanceForRentExemption(BigInt(PRESALE_ACCOUNT_SIZE)),
      }),
      buildInitializeInstruction({
        programId: s.fixture.programId,
        seller: seller.publicKey,
        presale: presale.publicKey,
        tempTokenAccount: vault,
        mint,
        tokenProgram: tokenProgram ?? tokenProgramId(programName),
        tokenPrice: 50_000n,
        minUserBuyable: SOL / 10n,
        maxUserBuyable: 10n * SOL,
        maxTotalBuyable: 100n * SOL,
      }),
    ],
    [seller, presale],
  );
}

const refusedExtension = (
  extension: MintExtension,
  expected: Attack['expected'],
  why: string,
  extra: TestMintOptions = {},
): Attack => ({
  name: `a Token-2022 mint with ${extension} (${why})`,
  expected,
  run: (s) => initializeWithMint(s, { extensions: [extension], ...extra }),
});

/** A Token-2022 account whose bytes copy `source` but whose owner is `owner`. */
function forgedCopy(s: Scenario, source: PublicKey, owner: PublicKey): PublicKey {
  const forged = Keypair.generate().publicKey;
  writeSvmAccount(s.svm, forged, {
    data: readSvmAccount(s.svm, source)?.data ?? new Uint8Array(),
    owner,
  });
  return forged;
}

/**
 * Initialize of a new presale whose mint is a forged account holding `data` under `owner`,
 * naming `tokenProgram` (the vault is the scenario's: the mint is checked first).
 */
function initializeWithForgedMint(
  s: Scenario,
  data: Uint8Array,
  owner: PublicKey,
  tokenProgram: PublicKey,
): TransactionOutcome {
  const { fixture } = s;
  const mint = Keypair.generate().publicKey;
  writeSvmAccount(s.svm, mint, { data, owner });
  const presale = Keypair.generate();
  return send(
    s,
    [
      buildCreatePresaleAccountInstruction({
        programId: fixture.programId,
        payer: fixture.seller.publicKey,
        presale: presale.publicKey,
        lamports: s.svm.minimumBalanceForRentExemption(BigInt(PRESALE_ACCOUNT_SIZE)),
      }),
      buildInitializeInstruction({
        programId: fixture.programId,
        seller: fixture.seller.publicKey,
        presale: presale.publicKey,
        tempTokenAccount: fixture.tempTokenAccount,
        mint,
        tokenProgram,
        tokenPrice: 50_000n,
        ...fixture.limits,
      }),
    ],
    [fixture.seller, presale],
  );
}

/** The scenario's (SPL Token) mint bytes, with Token-2022's extension area after them. */
function extendedMintBytes(s: Scenario, accountType: number, tlv: readonly number[]): Uint8Array {
  const base = readSvmAccount(s.svm, s.fixture.mint)?.data ?? new Uint8Array(82);
  const data = new Uint8Array(166 + tlv.length);
  data.set(base.subarray(0, 82));
  data[165] = accountType;
  data.set(tlv, 166);
  return data;
}

/** The other token program than the scenario's. */
const otherProgram = (s: Scenario): PublicKey =>
  s.fixture.tokenProgram.equals(TOKEN_PROGRAM_ID) ? TOKEN_2022_PROGRAM_ID : TOKEN_PROGRAM_ID;

/** WithdrawUnsold of a paused presale to a seller's account, with `edit` applied to it. */
function withdraw(
  s: Scenario,
  edit: (ix: ReturnType<typeof buildWithdrawUnsoldInstruction>) => typeof ix = (ix) => ix,
): TransactionOutcome {
  const { fixture } = s;
  const destination = createTestTokenAccount(s.svm, {
    payer: fixture.seller,
    mint: fixture.mint,
    owner: fixture.seller.publicKey,
    tokenProgram: fixture.tokenProgram,
  });
  const seller = { programId: fixture.programId, seller: fixture.seller.publicKey };
  return send(
    s,
    [
      buildSetActiveInstruction({ ...seller, presale: fixture.presale, active: false }),
      edit(
        buildWithdrawUnsoldInstruction({
          ...seller,
          presale: fixture.presale,
          tempTokenAccount: fixture.tempTokenAccount,
          mint: fixture.mint,
          tokenProgram: fixture.tokenProgram,
          destinationTokenAccount: destination,
        }),
      ),
    ],
    [fixture.seller],
  );
}

/** Attacks on Initialize with a mint of a given shape (run on the scenario's chain). */
const mintAttacks: readonly Attack[] = [
  refusedExtension('transferFee', 'MintTransferFee', 'buyers would receive less than sold'),
  refusedExtension('transferHook', 'MintTransferHook', 'another program runs on each transfer'),
  refusedExtension('permanentDelegate', 'MintPermanentDelegate', 'it could take bought tokens'),
  refusedExtension(
    'defaultAccountStateFrozen',
    'MintDefaultAccountState',
    'buyers’ accounts start frozen',
    { freezeAuthority: Keypair.generate().publicKey },
  ),
  refusedExtension('nonTransferable', 'MintNonTransferable', 'bought tokens could never move'),
  refusedExtension('pausable', 'MintPausable', 'its authority can stop every transfer'),
  refusedExtension(
    'mintCloseAuthority',
    'MintUnsupportedExtension',
    'a closed mint could be re-created with other extensions',
  ),
  refusedExtension(
    'interestBearing',
    'MintUnsupportedExtension',
    'wallets would show an amount that changes',
  ),
  {
    name: 'a Token-2022 mint with metadata and, after it, a transfer fee',
    expected: 'MintTransferFee',
    run: (s) => initializeWithMint(s, { metadata: METADATA, extensions: ['transferFee'] }),
  },
  {
    name: 'an SPL Token mint whose freeze authority is still set',
    expected: 'MintFreezeAuthority',
    run: (s) =>
      initializeWithMint(s, {
        tokenProgram: 'spl-token',
        freezeAuthority: Keypair.generate().publicKey,
      }),
  },
  {
    name: 'a Token-2022 mint with metadata whose freeze authority is still set',
    expected: 'MintFreezeAuthority',
    run: (s) =>
      initializeWithMint(s, { metadata: METADATA, freezeAuthority: Keypair.generate().publicKey }),
  },
  {
    name: 'a Token-2022 mint with SPL Token in the token-program slot',
    expected: 'WrongTokenProgram',
    run: (s) => initializeWithMint(s, { metadata: METADATA }, TOKEN_PROGRAM_ID),
  },
  {
    name: 'a mint owned by neither token program (its bytes copied under the System program)',
    expected: 'InvalidMint',
    run: (s) =>
      initializeWithForgedMint(
        s,
        readSvmAccount(s.svm, s.fixture.mint)?.data ?? new Uint8Array(),
        SystemProgram.programId,
        TOKEN_PROGRAM_ID,
      ),
  },
  {
    name: 'an SPL Token mint one byte longer than a mint',
    expected: 'InvalidMint',
    run: (s) =>
      initializeWithForgedMint(
        s,
        Uint8Array.from([...(readSvmAccount(s.svm, s.fixture.mint)?.data ?? []), 0]),
        TOKEN_PROGRAM_ID,
        TOKEN_PROGRAM_ID,
      ),
  },
  {
    name: 'a Token-2022 account whose type byte says token account, as the mint',
    expected: 'InvalidMint',
    run: (s) =>
      initializeWithForgedMint(
        s,
        extendedMintBytes(s, 2, [7, 0, 0, 0]),
        TOKEN_2022_PROGRAM_ID,
        TOKEN_2022_PROGRAM_ID,
      ),
  },
  {
    name: 'a Token-2022 mint whose extension entry runs past its data',
    expected: 'InvalidMint',
    run: (s) =>
      initializeWithForgedMint(
        s,
        extendedMintBytes(s, 1, [18, 0, 64, 0, ...new Array<number>(10).fill(0)]),
        TOKEN_2022_PROGRAM_ID,
        TOKEN_2022_PROGRAM_ID,
      ),
  },
  {
    name: 'a Token-2022 mint with an extension type no release defines yet',
    expected: 'MintUnsupportedExtension',
    run: (s) =>
      initializeWithForgedMint(
        s,
        extendedMintBytes(s, 1, [0xe7, 0x03, 0, 0]),
        TOKEN_2022_PROGRAM_ID,
        TOKEN_2022_PROGRAM_ID,
      ),
  },
];

/** Attacks on a live presale of either token program. */
const tokenProgramAttacks: readonly Attack[] = [
  {
    name: 'a buy naming the other token program',
    expected: 'WrongTokenProgram',
    run: (s) => {
      const { buyer, ix } = prepareBuyer(s);
      return send(s, [withAccount(ix, 8, { pubkey: otherProgram(s) })], [buyer]);
    },
  },
  {
    name: 'a buyer token account of the other token program (forged with the right bytes)',
    expected: 'InvalidTokenAccount',
    run: (s) => {
      const { buyer, ix } = prepareBuyer(s);
      const real = ix.keys[4]?.pubkey ?? PublicKey.default;
      const forged = forgedCopy(s, real, otherProgram(s));
      return send(s, [withAccount(ix, 4, { pubkey: forged })], [buyer]);
    },
  },
  {
    name: 'a buyer token account forged under the System program',
    expected: 'InvalidTokenAccount',
    run: (s) => {
      const { buyer, ix } = prepareBuyer(s);
      const real = ix.keys[4]?.pubkey ?? PublicKey.default;
      const forged = forgedCopy(s, real, SystemProgram.programId);
      return send(s, [withAccount(ix, 4, { pubkey: forged })], [buyer]);
    },
  },
  {
    name: 'a new presale whose vault is an account of the other token program (forged bytes)',
    expected: 'WrongTempTokenAccount',
    run: (s) => {
      const { fixture } = s;
      const presale = Keypair.generate();
      const [authority] = findAuthorityAddress(fixture.programId, presale.publicKey);
      const real = createTestTokenAccount(s.svm, {
        payer: fixture.seller,
        mint: fixture.mint,
        owner: authority,
        tokenProgram: fixture.tokenProgram,
      });
      return send(
        s,
        [
          buildCreatePresaleAccountInstruction({
            programId: fixture.programId,
            payer: fixture.seller.publicKey,
            presale: presale.publicKey,
            lamports: s.svm.minimumBalanceForRentExemption(BigInt(PRESALE_ACCOUNT_SIZE)),
          }),
          buildInitializeInstruction({
            programId: fixture.programId,
            seller: fixture.seller.publicKey,
            presale: presale.publicKey,
            tempTokenAccount: forgedCopy(s, real, otherProgram(s)),
            mint: fixture.mint,
            tokenProgram: fixture.tokenProgram,
            tokenPrice: 50_000n,
            ...fixture.limits,
          }),
        ],
        [fixture.seller, presale],
      );
    },
  },
  {
    name: 'a withdrawal naming the other token program',
    expected: 'WrongTokenProgram',
    run: (s) => withdraw(s, (ix) => withAccount(ix, 6, { pubkey: otherProgram(s) })),
  },
  {
    name: 'a withdrawal to an account of the other token program (forged with the right bytes)',
    expected: 'InvalidTokenAccount',
    run: (s) =>
      withdraw(s, (ix) => {
        const real = ix.keys[3]?.pubkey ?? PublicKey.default;
        return withAccount(ix, 3, { pubkey: forgedCopy(s, real, otherProgram(s)) });
      }),
  },
];

describeAttacks(mintAttacks);
describeAttacks(tokenProgramAttacks, undefined, { tokenPrograms: BOTH_TOKEN_PROGRAMS });
