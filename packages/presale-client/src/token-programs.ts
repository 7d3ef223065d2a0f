import { PublicKey } from '@solana/web3.js';

/** The SPL Token program (the classic one). */
export const TOKEN_PROGRAM_ID = new PublicKey('TokenkegQfeZyiNwAJbNbGKPFXCWuBvf9Ss623VQ5DA');

/** The Token-2022 program (token extensions): same account and instruction base as SPL Token. */
export const TOKEN_2022_PROGRAM_ID = new PublicKey('TokenzQdBNbLqP5VEhdkAS6EPFLC1PHnBqCXEpPxuEb');

/** The Associated Token Account program: one canonical token account per owner, mint and token program. */
export const ASSOCIATED_TOKEN_PROGRAM_ID = new PublicKey(
  'ATokenGPvbdGVxr1b2hvZbsiqW5xWH25efTNsLJA8knL',
);

/** Whether `programId` is SPL Token or Token-2022, the two programs a mint can belong to. */
export function isTokenProgram(programId: PublicKey): boolean {
  return programId.equals(TOKEN_PROGRAM_ID) || programId.equals(TOKEN_2022_PROGRAM_ID);
}

/** Throws, naming both programs, unless `programId` is SPL Token or Token-2022. */
export function assertTokenProgram(programId: PublicKey): void {
  if (!isTokenProgram(programId)) {
    throw new RangeError(
      `${programId.toBase58()} is not a token program: expected SPL Token (${TOKEN_PROGRAM_ID.toBase58()}) or Token-2022 (${TOKEN_2022_PROGRAM_ID.toBase58()})`,
    );
  }
}
