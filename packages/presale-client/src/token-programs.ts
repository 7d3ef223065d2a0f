import { PublicKey } from '@solana/web3.js';
import type { AccountInfoSource } from './accounts';

/** SPL Token, the classic token program (the default wherever a token program is optional). */
export const TOKEN_PROGRAM_ID = new PublicKey('TokenkegQfeZyiNwAJbNbGKPFXCWuBvf9Ss623VQ5DA');

/** Token-2022 (Token Extensions): same account and instruction base as SPL Token. */
export const TOKEN_2022_PROGRAM_ID = new PublicKey('TokenzQdBNbLqP5VEhdkAS6EPFLC1PHnBqCXEpPxuEb');

/** The Associated Token Account program: one canonical token account per owner, mint and program. */
export const ASSOCIATED_TOKEN_PROGRAM_ID = new PublicKey(
  'ATokenGPvbdGVxr1b2hvZbsiqW5xWH25efTNsLJA8knL',
);

/** The token programs the presale sells from: SPL Token and Token-2022. */
export const TOKEN_PROGRAM_IDS: readonly PublicKey[] = [TOKEN_PROGRAM_ID, TOKEN_2022_PROGRAM_ID];

/** Whether `programId` is SPL Token or Token-2022, the two programs a mint can belong to. */
export function isTokenProgram(programId: PublicKey): boolean {
  return TOKEN_PROGRAM_IDS.some((program) => program.equals(programId));
}

/** Throws, naming both programs, unless `programId` is SPL Token or Token-2022. */
export function assertTokenProgram(programId: PublicKey): void {
  if (!isTokenProgram(programId)) {
    throw new RangeError(
      `${programId.toBase58()} is not a token program: expected SPL Token (${TOKEN_PROGRAM_ID.toBase58()}) or Token-2022 (${TOKEN_2022_PROGRAM_ID.toBase58()})`,
    );
  }
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
