import { Buffer } from 'buffer';
import { PublicKey, SystemProgram, TransactionInstruction } from '@solana/web3.js';
import type { AccountInfoSource } from './accounts';
import { r, w } from './encoding';

/** SPL Token, the classic token program (the default wherever a token program is optional). */
export const TOKEN_PROGRAM_ID = new PublicKey('TokenkegQfeZyiNwAJbNbGKPFXCWuBvf9Ss623VQ5DA');
/** Token-2022 (Token Extensions). */
export const TOKEN_2022_PROGRAM_ID = new PublicKey('TokenzQdBNbLqP5VEhdkAS6EPFLC1PHnBqCXEpPxuEb');
/** The Associated Token Account program: one canonical token account per owner, mint and program. */
export const ASSOCIATED_TOKEN_PROGRAM_ID = new PublicKey(
  'ATokenGPvbdGVxr1b2hvZbsiqW5xWH25efTNsLJA8knL',
);

/** The token programs the presale sells from: SPL Token and Token-2022. */
export const TOKEN_PROGRAM_IDS: readonly PublicKey[] = [TOKEN_PROGRAM_ID, TOKEN_2022_PROGRAM_ID];

/** `key` is SPL Token or Token-2022. */
export function isTokenProgram(key: PublicKey): boolean {
  return TOKEN_PROGRAM_IDS.some((program) => program.equals(key));
}

/**
 * The associated token account of `owner` for `mint` under `tokenProgram` (the mint's owner):
 * the PDA ["owner", tokenProgram, mint] of the Associated Token Account program. The same
 * owner and mint give a different address under each token program.
 */
export function findAssociatedTokenAddress(
  owner: PublicKey,
  mint: PublicKey,
  tokenProgram: PublicKey = TOKEN_PROGRAM_ID,
): PublicKey {
  return PublicKey.findProgramAddressSync(
    [owner.toBytes(), tokenProgram.toBytes(), mint.toBytes()],
    ASSOCIATED_TOKEN_PROGRAM_ID,
  )[0];
}

/** Inputs of {@link buildCreateAssociatedTokenAccountIdempotentInstruction}. */
export interface CreateAssociatedTokenAccountParams {
  readonly payer: PublicKey;
  readonly owner: PublicKey;
  readonly mint: PublicKey;
  /** The mint's token program (default SPL Token). */
  readonly tokenProgram?: PublicKey;
  /** The address, when already derived ({@link findAssociatedTokenAddress}). */
  readonly associatedToken?: PublicKey;
}

/**
 * The Associated Token Account program's CreateIdempotent (instruction 1): creates the owner's
 * associated token account of the mint under its token program, and succeeds without change
 * when it already exists. Accounts: payer [s, w], account [w], owner, mint, System, token program.
 */
export function buildCreateAssociatedTokenAccountIdempotentInstruction(
  params: CreateAssociatedTokenAccountParams,
): TransactionInstruction {
  const tokenProgram = params.tokenProgram ?? TOKEN_PROGRAM_ID;
  const account =
    params.associatedToken ?? findAssociatedTokenAddress(params.owner, params.mint, tokenProgram);
  return new TransactionInstruction({
    programId: ASSOCIATED_TOKEN_PROGRAM_ID,
    keys: [
      w(params.payer, true),
      w(account),
      r(params.owner),
      r(params.mint),
      r(SystemProgram.programId),
      r(tokenProgram),
    ],
    data: Buffer.from([1]),
  });
}

/** Thrown when a mint's account is missing or owned by neither token program. */
export class MintTokenProgramError extends Error {
  constructor(mint: PublicKey, owner: PublicKey | null) {
    super(
      owner === null
        ? `mint ${mint.toBase58()} does not exist`
        : `mint ${mint.toBase58()} is owned by ${owner.toBase58()}, neither SPL Token nor Token-2022`,
    );
    this.name = 'MintTokenProgramError';
  }
}

/** The token program of `mint`: the owner of its account, SPL Token or Token-2022. */
export async function fetchMintTokenProgram(
  connection: AccountInfoSource,
  mint: PublicKey,
): Promise<PublicKey> {
  const info = await connection.getAccountInfo(mint, 'confirmed');
  if (info === null) throw new MintTokenProgramError(mint, null);
  if (!isTokenProgram(info.owner)) throw new MintTokenProgramError(mint, info.owner);
  return TOKEN_PROGRAM_IDS.find((program) => program.equals(info.owner)) ?? info.owner;
}
