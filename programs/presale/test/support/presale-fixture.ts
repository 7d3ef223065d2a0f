import type { PublicKey } from '@solana/web3.js';
import { Keypair, SystemProgram } from '@solana/web3.js';
import type { LiteSVM } from 'litesvm';
import { address, lamports as toLamports } from '@solana/kit';
import { FBT_DECIMALS, LAMPORTS_PER_SOL, TOKEN_PRICE_LAMPORTS } from '@fbt/domain';
import {
  buildCreateAssociatedTokenAccountIdempotentInstruction,
  buildCreatePresaleAccountInstruction,
  buildInitializeInstruction,
  findAssociatedTokenAddress,
  findAuthorityAddress,
  PRESALE_ACCOUNT_SIZE,
  TOKEN_PROGRAM_ID,
  type BuyParams,
  type DeliveryTerms,
  type PresaleLimits,
} from '@fbt/presale-client';
import { sendLegacyTransaction, type TransactionOutcome } from './send';
import {
  initializeAccount3,
  initializeMint2,
  initializeMintExtension,
  initializeTokenMetadata,
  mintSpace,
  mintTo,
  tokenMetadataSpace,
  tokenProgramId,
  type MintExtension,
  type TokenMetadataFields,
  type TokenProgramName,
} from './token-instructions';

/** A token account's size: 165 bytes (enough for either program's plain account). */
const TOKEN_ACCOUNT_SIZE = 165;

/** Options of {@link createPresaleFixture}. */
export interface PresaleFixtureOptions {
  readonly svm: LiteSVM;
  readonly programId: PublicKey;
  readonly tokenPrice?: bigint;
  readonly limits?: Partial<PresaleLimits>;
  readonly decimals?: number;
  /** FBT base units minted into the temp token account. */
  readonly supply?: bigint;
  readonly active?: boolean;
  /** Who owns the temp token account before Initialize (default: the seller, so Initialize hands it over). */
  readonly tempOwner?: 'seller' | 'authority';
  /** The presale account's keypair (default: a new one); fixed keys make PDAs reproducible. */
  readonly presaleKeypair?: Keypair;
  /** The mint's token program (default SPL Token). */
  readonly tokenProgram?: TokenProgramName;
  /** Token-2022 only: the mint carries a MetadataPointer to itself and this TokenMetadata. */
  readonly metadata?: TokenMetadataFields;
  /** Initialize's delivery terms (default: none, the 35-byte instant Initialize). */
  readonly terms?: DeliveryTerms;
}

/** A deployed and initialized presale with its keys. */
export interface PresaleFixture {
  readonly programId: PublicKey;
  readonly presale: PublicKey;
  /** The presale account's keypair (it signed CreateAccount and Initialize). */
  readonly presaleKeypair: Keypair;
  readonly seller: Keypair;
  readonly mint: PublicKey;
  /** The mint's token program (SPL Token or Token-2022), and its name. */
  readonly tokenProgram: PublicKey;
  readonly tokenProgramName: TokenProgramName;
  readonly mintAuthority: Keypair;
  readonly tempTokenAccount: PublicKey;
  readonly authority: PublicKey;
  readonly tokenPrice: bigint;
  readonly limits: PresaleLimits;
  readonly decimals: number;
  /** The CreateAccount + Initialize transaction (logs, compute units). */
  readonly initializeOutcome: TransactionOutcome;
  /** BuyParams for `buyer` spending `lamports` on this presale. */
  buyParams(buyer: PublicKey, lamports: bigint): BuyParams;
}

/** Default limits: min 0.1 SOL, max 10 SOL per user, 100 SOL total (the public presale's target). */
export const DEFAULT_TEST_LIMITS: PresaleLimits = {
  minUserBuyable: LAMPORTS_PER_SOL / 10n,
  maxUserBuyable: 10n * LAMPORTS_PER_SOL,
  maxTotalBuyable: 100n * LAMPORTS_PER_SOL,
};

/** Creates a keypair holding `sol` SOL on the local chain. */
export function createFundedKeypair(svm: LiteSVM, sol = 1_000n): Keypair {
  const keypair = Keypair.generate();
  svm.airdrop(address(keypair.publicKey.toBase58()), toLamports(sol * LAMPORTS_PER_SOL));
  return keypair;
}

/** What {@link createTestMint} makes besides a plain SPL Token mint. */
export interface TestMintOptions {
  readonly tokenProgram?: TokenProgramName;
  /** Token-2022 mint extensions, each with `authority` as its authority. */
  readonly extensions?: readonly MintExtension[];
  /** Token-2022: a MetadataPointer to the mint itself and this TokenMetadata. */
  readonly metadata?: TokenMetadataFields;
  readonly freezeAuthority?: PublicKey;
  /** The program a transfer hook extension points at (default: the authority's address). */
  readonly hookProgram?: PublicKey;
}

/** Creates a mint (SPL Token unless told) whose mint authority is `authority`. */
export function createTestMint(
  svm: LiteSVM,
  authority: Keypair,
  decimals: number,
  options: TestMintOptions = {},
): PublicKey {
  const mint = Keypair.generate();
  const program = tokenProgramId(options.tokenProgram ?? 'spl-token');
  const extensions = [...(options.extensions ?? [])];
  if (options.metadata && !extensions.includes('metadataPointer')) {
    extensions.push('metadataPointer');
  }
  const space = mintSpace(extensions);
  const grown = space + (options.metadata ? tokenMetadataSpace(options.metadata) : 0);
  const outcome = sendLegacyTransaction(
    svm,
    [
      SystemProgram.createAccount({
        fromPubkey: authority.publicKey,
        newAccountPubkey: mint.publicKey,
        lamports: Number(svm.minimumBalanceForRentExemption(BigInt(grown))),
        space,
        programId: program,
      }),
      ...extensions.map((extension) =>
        initializeMintExtension(
          extension,
          mint.publicKey,
          authority.publicKey,
          options.hookProgram,
        ),
      ),
      initializeMint2(
        program,
        mint.publicKey,
        decimals,
        authority.publicKey,
        options.freezeAuthority ?? null,
      ),
      ...(options.metadata
        ? [
            initializeTokenMetadata(
              mint.publicKey,
              authority.publicKey,
              authority.publicKey,
              options.metadata,
            ),
          ]
        : []),
    ],
    [authority, mint],
  );
  if (!outcome.ok)
    throw new Error(`create mint failed: ${outcome.error}\n${outcome.logs.join('\n')}`);
  return mint.publicKey;
}

/** Creates a token account of `mint` owned by `owner`, paid by `payer`, holding `amount` (minted by `mintAuthority`). */
export function createTestTokenAccount(
  svm: LiteSVM,
  params: {
    payer: Keypair;
    mint: PublicKey;
    owner: PublicKey;
    mintAuthority?: Keypair;
    amount?: bigint;
    /** The mint's token program (default SPL Token). */
    tokenProgram?: PublicKey;
  },
): PublicKey {
  const program = params.tokenProgram ?? TOKEN_PROGRAM_ID;
  const account = Keypair.generate();
  const instructions = [
    SystemProgram.createAccount({
      fromPubkey: params.payer.publicKey,
      newAccountPubkey: account.publicKey,
      lamports: Number(svm.minimumBalanceForRentExemption(BigInt(TOKEN_ACCOUNT_SIZE))),
      space: TOKEN_ACCOUNT_SIZE,
      programId: program,
    }),
    initializeAccount3(program, account.publicKey, params.mint, params.owner),
  ];
  const signers = [params.payer, account];
  if (params.amount !== undefined && params.amount > 0n && params.mintAuthority) {
    instructions.push(
      mintTo(
        program,
        params.mint,
        account.publicKey,
        params.mintAuthority.publicKey,
        params.amount,
      ),
    );
    if (params.mintAuthority !== params.payer) signers.push(params.mintAuthority);
  }
  const outcome = sendLegacyTransaction(svm, instructions, signers);
  if (!outcome.ok) throw new Error(`create token account failed: ${outcome.error}`);
  return account.publicKey;
}

/**
 * Creates `owner`'s associated token account of `mint` under `tokenProgram` through the real
 * Associated Token Account program (which sizes it for the mint's extensions; on Token-2022 it
 * carries ImmutableOwner), minting `amount` into it when given.
 */
export function createTestAssociatedTokenAccount(
  svm: LiteSVM,
  params: {
    payer: Keypair;
    mint: PublicKey;
    owner: PublicKey;
    tokenProgram: PublicKey;
    mintAuthority?: Keypair;
    amount?: bigint;
  },
): PublicKey {
  const { payer, mint, owner, tokenProgram } = params;
  const account = findAssociatedTokenAddress({
    owner: owner,
    mint: mint,
    tokenProgram: tokenProgram,
  });
  const instructions = [
    buildCreateAssociatedTokenAccountIdempotentInstruction({
      payer: payer.publicKey,
      owner,
      mint,
      tokenProgram,
    }),
  ];
  const signers = [payer];
  if (params.amount !== undefined && params.amount > 0n && params.mintAuthority) {
    instructions.push(
      mintTo(tokenProgram, mint, account, params.mintAuthority.publicKey, params.amount),
    );
    if (params.mintAuthority !== payer) signers.push(params.mintAuthority);
  }
  const outcome = sendLegacyTransaction(svm, instructions, signers);
  if (!outcome.ok) throw new Error(`create associated token account failed: ${outcome.error}`);
  return account;
}

/**
 * Sets up a complete presale on a litesvm chain where the program is already deployed:
 * seller, FBT mint, funded temp token account, presale account, Initialize.
 */
export function createPresaleFixture(options: PresaleFixtureOptions): PresaleFixture {
  const { svm, programId } = options;
  const decimals = options.decimals ?? FBT_DECIMALS;
  const tokenPrice = options.tokenPrice ?? TOKEN_PRICE_LAMPORTS;
  const limits: PresaleLimits = { ...DEFAULT_TEST_LIMITS, ...options.limits };
  const supply = options.supply ?? 100_000_000n * 10n ** BigInt(decimals);
  const seller = createFundedKeypair(svm);
  const tokenProgramName = options.tokenProgram ?? 'spl-token';
  const tokenProgram = tokenProgramId(tokenProgramName);
  const mint = createTestMint(svm, seller, decimals, {
    tokenProgram: tokenProgramName,
    ...(options.metadata ? { metadata: options.metadata } : {}),
  });
  const presale = options.presaleKeypair ?? Keypair.generate();
  const [authority] = findAuthorityAddress(programId, presale.publicKey);
  const tempTokenAccount = createTestTokenAccount(svm, {
    payer: seller,
    mint,
    owner: options.tempOwner === 'authority' ? authority : seller.publicKey,
    mintAuthority: seller,
    amount: supply,
    tokenProgram,
  });
  const outcome = sendLegacyTransaction(
    svm,
    [
      buildCreatePresaleAccountInstruction({
        programId,
        payer: seller.publicKey,
        presale: presale.publicKey,
        lamports: svm.minimumBalanceForRentExemption(BigInt(PRESALE_ACCOUNT_SIZE)),
      }),
      buildInitializeInstruction({
        programId,
        seller: seller.publicKey,
        presale: presale.publicKey,
        tempTokenAccount,
        mint,
        tokenProgram,
        tokenPrice,
        ...limits,
        active: options.active ?? true,
        ...(options.terms ? { terms: options.terms } : {}),
      }),
    ],
    [seller, presale],
  );
  if (!outcome.ok)
    throw new Error(`initialize failed: ${outcome.error}\n${outcome.logs.join('\n')}`);
  return {
    programId,
    presale: presale.publicKey,
    presaleKeypair: presale,
    seller,
    mint,
    tokenProgram,
    tokenProgramName,
    mintAuthority: seller,
    tempTokenAccount,
    authority,
    tokenPrice,
    limits,
    decimals,
    initializeOutcome: outcome,
    buyParams: (buyer, lamports) => ({
      programId,
      presale: presale.publicKey,
      buyer,
      seller: seller.publicKey,
      tempTokenAccount,
      mint,
      tokenProgram,
      lamports,
    }),
  };
}
