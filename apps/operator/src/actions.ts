import { computeTokenAmount, FBT_DECIMALS, FBT_SUPPLY, formatFixed, formatSol } from '@fbt/domain';
import {
  buildCreatePresaleAccountInstruction,
  buildInitializeInstruction,
  buildSetActiveInstruction,
  buildUpdateLimitsInstruction,
  buildWithdrawUnsoldInstruction,
  decodePresaleAccount,
  findAuthorityAddress,
  PRESALE_ACCOUNT_SIZE,
} from '@fbt/presale-client';
import type { PresaleAccount, PresaleLimits } from '@fbt/presale-client';
import {
  ACCOUNT_SIZE,
  AuthorityType,
  createAssociatedTokenAccountIdempotentInstruction,
  createInitializeAccount3Instruction,
  createInitializeMint2Instruction,
  createMintToInstruction,
  createSetAuthorityInstruction,
  createTransferCheckedInstruction,
  getAssociatedTokenAddressSync,
  MINT_SIZE,
  TOKEN_PROGRAM_ID,
  unpackAccount,
  unpackMint,
} from '@solana/spl-token';
import { Keypair, PublicKey, SystemProgram } from '@solana/web3.js';
import type { Connection } from '@solana/web3.js';
import { OperatorError } from './operator-error';
import { sendInstructions } from './send';

/** Result of {@link createFbtMint}. */
export interface CreatedMint {
  mint: PublicKey;
  /** The payer's associated token account holding the whole supply. */
  treasury: PublicKey;
  signature: string;
}

/**
 * Creates the FBT mint (6 decimals), mints the whole supply (100,000,000 FBT by default) to the
 * payer's associated token account and, unless `keepMintAuthority`, revokes the mint authority so
 * the supply is fixed for good.
 */
export async function createFbtMint(options: {
  connection: Connection;
  payer: Keypair;
  decimals?: number;
  /** Whole tokens. */
  supply?: bigint;
  keepMintAuthority?: boolean;
  mintKeypair?: Keypair;
}): Promise<CreatedMint> {
  const { connection, payer } = options;
  const decimals = options.decimals ?? FBT_DECIMALS;
  const supply = (options.supply ?? FBT_SUPPLY) * 10n ** BigInt(decimals);
  const mint = options.mintKeypair ?? Keypair.generate();
  const treasury = getAssociatedTokenAddressSync(mint.publicKey, payer.publicKey);
  const instructions = [
    SystemProgram.createAccount({
      fromPubkey: payer.publicKey,
      newAccountPubkey: mint.publicKey,
      lamports: await connection.getMinimumBalanceForRentExemption(MINT_SIZE),
      space: MINT_SIZE,
      programId: TOKEN_PROGRAM_ID,
    }),
    createInitializeMint2Instruction(mint.publicKey, decimals, payer.publicKey, null),
    createAssociatedTokenAccountIdempotentInstruction(
      payer.publicKey,
      treasury,
      payer.publicKey,
      mint.publicKey,
    ),
    createMintToInstruction(mint.publicKey, treasury, payer.publicKey, supply),
  ];
  if (options.keepMintAuthority !== true) {
    instructions.push(
      createSetAuthorityInstruction(
        mint.publicKey,
        payer.publicKey,
        AuthorityType.MintTokens,
        null,
      ),
    );
  }
  const signature = await sendInstructions(connection, 'create-mint', instructions, [payer, mint]);
  return { mint: mint.publicKey, treasury, signature };
}

/** Result of {@link createPresale}. */
export interface CreatedPresale {
  presale: PublicKey;
  tempTokenAccount: PublicKey;
  authority: PublicKey;
  /** FBT base units moved into the temp token account. */
  fundedTokens: bigint;
  signature: string;
}

/**
 * Creates and initialises a presale in one transaction: a new temp token account funded from
 * the seller's FBT account, the presale state account, and Initialize (which hands the temp
 * account to the program's PDA). By default it funds exactly what `maxTotalBuyable` can buy.
 */
export async function createPresale(options: {
  connection: Connection;
  programId: PublicKey;
  seller: Keypair;
  mint: PublicKey;
  tokenPrice: bigint;
  limits: PresaleLimits;
  /** FBT base units to fund; default: tokens for maxTotalBuyable at tokenPrice. */
  fundTokens?: bigint;
  /** Seller's FBT account to fund from (default: the seller's associated token account). */
  source?: PublicKey;
  active?: boolean;
}): Promise<CreatedPresale> {
  const { connection, programId, seller, mint } = options;
  const mintInfo = await connection.getAccountInfo(mint, 'confirmed');
  if (mintInfo === null)
    throw new OperatorError(`mint ${mint.toBase58()} does not exist on this cluster`);
  const decimals = unpackMint(mint, mintInfo).decimals;
  const fundTokens =
    options.fundTokens ??
    computeTokenAmount(options.limits.maxTotalBuyable, options.tokenPrice, decimals);
  if (fundTokens <= 0n)
    throw new OperatorError(
      'the presale would hold no tokens: raise --max-total-sol or pass --fund-tokens',
      2,
    );
  const source = options.source ?? getAssociatedTokenAddressSync(mint, seller.publicKey);
  const sourceInfo = await connection.getAccountInfo(source, 'confirmed');
  if (sourceInfo === null)
    throw new OperatorError(`seller token account ${source.toBase58()} does not exist`);
  const sourceAccount = unpackAccount(source, sourceInfo);
  if (sourceAccount.amount < fundTokens) {
    throw new OperatorError(
      `seller token account holds ${formatFixed(sourceAccount.amount, decimals)} FBT, the presale needs ${formatFixed(fundTokens, decimals)}`,
    );
  }
  const presale = Keypair.generate();
  const temp = Keypair.generate();
  const [authority] = findAuthorityAddress(programId, presale.publicKey);
  const signature = await sendInstructions(
    connection,
    'create-presale',
    [
      SystemProgram.createAccount({
        fromPubkey: seller.publicKey,
        newAccountPubkey: temp.publicKey,
        lamports: await connection.getMinimumBalanceForRentExemption(ACCOUNT_SIZE),
        space: ACCOUNT_SIZE,
        programId: TOKEN_PROGRAM_ID,
      }),
      createInitializeAccount3Instruction(temp.publicKey, mint, seller.publicKey),
      createTransferCheckedInstruction(
        source,
        mint,
        temp.publicKey,
        seller.publicKey,
        fundTokens,
        decimals,
      ),
      buildCreatePresaleAccountInstruction({
        programId,
        payer: seller.publicKey,
        presale: presale.publicKey,
        lamports: BigInt(await connection.getMinimumBalanceForRentExemption(PRESALE_ACCOUNT_SIZE)),
      }),
      buildInitializeInstruction({
        programId,
        seller: seller.publicKey,
        presale: presale.publicKey,
        tempTokenAccount: temp.publicKey,
        mint,
        tokenPrice: options.tokenPrice,
        ...options.limits,
        active: options.active ?? true,
      }),
    ],
    [seller, temp, presale],
  );
  return {
    presale: presale.publicKey,
    tempTokenAccount: temp.publicKey,
    authority,
    fundedTokens: fundTokens,
    signature,
  };
}

/** Reads and decodes a presale account; a clear error when it is missing or not ours. */
export async function fetchPresale(
  connection: Connection,
  programId: PublicKey,
  presale: PublicKey,
): Promise<PresaleAccount> {
  const info = await connection.getAccountInfo(presale, 'confirmed');
  if (info === null)
    throw new OperatorError(`presale ${presale.toBase58()} does not exist on this cluster`);
  if (!info.owner.equals(programId)) {
    throw new OperatorError(
      `account ${presale.toBase58()} is owned by ${info.owner.toBase58()}, not the presale program ${programId.toBase58()}`,
    );
  }
  try {
    return decodePresaleAccount(info.data);
  } catch (error) {
    throw new OperatorError(
      `account ${presale.toBase58()} is not a presale: ${(error as Error).message}`,
    );
  }
}

/** Pauses or resumes purchases (seller only). */
export async function setPresaleActive(options: {
  connection: Connection;
  programId: PublicKey;
  seller: Keypair;
  presale: PublicKey;
  active: boolean;
}): Promise<string> {
  await fetchPresale(options.connection, options.programId, options.presale);
  return sendInstructions(
    options.connection,
    'set-active',
    [
      buildSetActiveInstruction({
        programId: options.programId,
        seller: options.seller.publicKey,
        presale: options.presale,
        active: options.active,
      }),
    ],
    [options.seller],
  );
}

/** Changes min / max per user / max total (seller only). */
export async function updatePresaleLimits(options: {
  connection: Connection;
  programId: PublicKey;
  seller: Keypair;
  presale: PublicKey;
  limits: PresaleLimits;
}): Promise<string> {
  await fetchPresale(options.connection, options.programId, options.presale);
  return sendInstructions(
    options.connection,
    'update-limits',
    [
      buildUpdateLimitsInstruction({
        programId: options.programId,
        seller: options.seller.publicKey,
        presale: options.presale,
        ...options.limits,
      }),
    ],
    [options.seller],
  );
}

/** Moves every unsold FBT to `destination` (default: the seller's associated token account, created if needed). */
export async function withdrawUnsold(options: {
  connection: Connection;
  programId: PublicKey;
  seller: Keypair;
  presale: PublicKey;
  destination?: PublicKey;
}): Promise<{ signature: string; destination: PublicKey; amount: bigint }> {
  const { connection, programId, seller, presale } = options;
  const state = await fetchPresale(connection, programId, presale);
  const mint = new PublicKey(state.mint);
  const temp = new PublicKey(state.tempTokenAccountPubkey);
  const tempInfo = await connection.getAccountInfo(temp, 'confirmed');
  const amount = tempInfo === null ? 0n : unpackAccount(temp, tempInfo).amount;
  const destination = options.destination ?? getAssociatedTokenAddressSync(mint, seller.publicKey);
  const instructions = [];
  if (options.destination === undefined) {
    instructions.push(
      createAssociatedTokenAccountIdempotentInstruction(
        seller.publicKey,
        destination,
        seller.publicKey,
        mint,
      ),
    );
  }
  instructions.push(
    buildWithdrawUnsoldInstruction({
      programId,
      seller: seller.publicKey,
      presale,
      tempTokenAccount: temp,
      mint,
      destinationTokenAccount: destination,
    }),
  );
  const signature = await sendInstructions(connection, 'withdraw-unsold', instructions, [seller]);
  return { signature, destination, amount };
}

/** A presale's decoded state plus its vault balance, as plain JSON (amounts as strings). */
export async function getPresaleStatus(
  connection: Connection,
  programId: PublicKey,
  presale: PublicKey,
): Promise<Record<string, unknown>> {
  const state = await fetchPresale(connection, programId, presale);
  const temp = new PublicKey(state.tempTokenAccountPubkey);
  const tempInfo = await connection.getAccountInfo(temp, 'confirmed');
  const vault = tempInfo === null ? 0n : unpackAccount(temp, tempInfo).amount;
  const sol = (lamports: bigint) => `${formatSol(lamports)} SOL`;
  return {
    presale: presale.toBase58(),
    programId: programId.toBase58(),
    isInitialized: state.isInitialized,
    isActived: state.isActived,
    sellerPubkey: state.sellerPubkey,
    tempTokenAccountPubkey: state.tempTokenAccountPubkey,
    mint: state.mint,
    tokenPrice: { lamports: state.tokenPrice.toString(), display: sol(state.tokenPrice) },
    minUserBuyable: {
      lamports: state.minUserBuyable.toString(),
      display: sol(state.minUserBuyable),
    },
    maxUserBuyable: {
      lamports: state.maxUserBuyable.toString(),
      display: sol(state.maxUserBuyable),
    },
    maxTotalBuyable: {
      lamports: state.maxTotalBuyable.toString(),
      display: sol(state.maxTotalBuyable),
    },
    currentTotalSold: {
      lamports: state.currentTotalSold.toString(),
      display: sol(state.currentTotalSold),
    },
    tokensSold: {
      baseUnits: state.tokensSold.toString(),
      display: `${formatFixed(state.tokensSold, state.decimals)} FBT`,
    },
    vaultBalance: {
      baseUnits: vault.toString(),
      display: `${formatFixed(vault, state.decimals)} FBT`,
    },
    buyerCount: state.buyerCount.toString(),
  };
}
