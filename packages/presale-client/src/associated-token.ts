import { Buffer } from 'buffer';
import { PublicKey, SystemProgram, TransactionInstruction } from '@solana/web3.js';
import { r, w } from './encoding';
import { ASSOCIATED_TOKEN_PROGRAM_ID, assertTokenProgram } from './token-programs';

/** Tag of the Associated Token Account program's CreateIdempotent instruction. */
const CREATE_IDEMPOTENT = 1;

/** Whose token account, of which mint, under which token program (SPL Token or Token-2022). */
export interface AssociatedTokenAccountParams {
  readonly owner: PublicKey;
  readonly mint: PublicKey;
  /** The program the mint belongs to; any other program id is refused. */
  readonly tokenProgram: PublicKey;
}

/**
 * The associated token account of `owner` for `mint`: the Associated Token Account program's
 * address for the seeds [owner, token program, mint]. One mint and owner give a different
 * account under each token program, so the mint's own program must be named. Any owner is
 * accepted, a program-derived one too (the program derives it the same way).
 */
export function findAssociatedTokenAddress(params: AssociatedTokenAccountParams): PublicKey {
  assertTokenProgram(params.tokenProgram);
  const [address] = PublicKey.findProgramAddressSync(
    [params.owner.toBytes(), params.tokenProgram.toBytes(), params.mint.toBytes()],
    ASSOCIATED_TOKEN_PROGRAM_ID,
  );
  return address;
}

/** Inputs of {@link buildCreateAssociatedTokenAccountIdempotentInstruction}. */
export interface CreateAssociatedTokenAccountParams extends AssociatedTokenAccountParams {
  /** Signs and pays the new account's rent. */
  readonly payer: PublicKey;
}

/**
 * CreateIdempotent of the Associated Token Account program (data `[1]`): creates `owner`'s
 * associated token account for `mint`, its rent paid by `payer`, and succeeds without change
 * when that account already exists for the same owner and mint. Accounts, in the program's
 * order: payer (signer, writable), the associated account (writable), owner, mint, System
 * program, token program.
 */
export function buildCreateAssociatedTokenAccountIdempotentInstruction(
  params: CreateAssociatedTokenAccountParams,
): TransactionInstruction {
  const account = findAssociatedTokenAddress(params);
  return new TransactionInstruction({
    programId: ASSOCIATED_TOKEN_PROGRAM_ID,
    keys: [
      w(params.payer, true),
      w(account),
      r(params.owner),
      r(params.mint),
      r(SystemProgram.programId),
      r(params.tokenProgram),
    ],
    data: Buffer.from([CREATE_IDEMPOTENT]),
  });
}
