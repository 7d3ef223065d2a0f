import { Buffer } from 'buffer';
import { getAssociatedTokenAddressSync, TOKEN_PROGRAM_ID } from '@solana/spl-token';
import type { AccountMeta, PublicKey } from '@solana/web3.js';
import { SystemProgram, TransactionInstruction } from '@solana/web3.js';
import { MAX_ALLOWLIST_PROOF_DEPTH, PresaleInstruction, RENT_SYSVAR_ID } from './constants';
import { data, r, u64, w } from './encoding';
import { findAuthorityAddress, findBuyerRecordAddress } from './pda';

/** Inputs of {@link buildBuyWithInstruction}: a purchase plus its optional parts. */
export interface BuyWithParams {
  readonly programId: PublicKey;
  readonly presale: PublicKey;
  readonly buyer: PublicKey;
  readonly seller: PublicKey;
  readonly tempTokenAccount: PublicKey;
  readonly mint: PublicKey;
  /** Lamports to spend. */
  readonly lamports: bigint;
  /** FBT account receiving the tokens; the buyer's associated token account by default. */
  readonly buyerTokenAccount?: PublicKey;
  /** Leader record (`findLeaderRecordAddress`): 10% of the lamports go to it, 90% to the seller. */
  readonly leaderRecord?: PublicKey;
  /** The buyer's allowlist proof (`buildAllowlistTree(...).proofFor(buyer)`), at most 20 hashes. */
  readonly allowlistProof?: readonly Uint8Array[];
}

/**
 * BuyWith data: `0x05`, lamports u64 LE, the buyer record's canonical bump, the proof length,
 * then the proof's 32-byte hashes.
 */
export function encodeBuyWithInstructionData(
  lamports: bigint,
  recordBump: number,
  proof: readonly Uint8Array[] = [],
): Uint8Array {
  if (proof.length > MAX_ALLOWLIST_PROOF_DEPTH) {
    throw new RangeError(
      `an allowlist proof has at most ${MAX_ALLOWLIST_PROOF_DEPTH} hashes, got ${proof.length}`,
    );
  }
  proof.forEach((hash, i) => {
    if (hash.length !== 32)
      throw new RangeError(`proof hash ${i} must be 32 bytes, got ${hash.length}`);
  });
  if (!Number.isInteger(recordBump) || recordBump < 0 || recordBump > 255) {
    throw new RangeError(`recordBump must be a byte, got ${recordBump}`);
  }
  return data(
    PresaleInstruction.BuyWith,
    u64(lamports, 'lamports'),
    recordBump,
    proof.length,
    ...proof,
  );
}

/**
 * 5 BuyWith: the Buy accounts (same order as {@link BUY_ACCOUNTS}) plus, for a leader buy, the
 * leader record as a 12th writable account. Carries the buyer record's bump (the program does
 * not search it) and, on an allowlisted presale, the buyer's proof.
 */
export function buildBuyWithInstruction(params: BuyWithParams): TransactionInstruction {
  const { programId, presale, buyer } = params;
  const buyerTokenAccount =
    params.buyerTokenAccount ?? getAssociatedTokenAddressSync(params.mint, buyer);
  const [record, recordBump] = findBuyerRecordAddress(programId, presale, buyer);
  const [authority] = findAuthorityAddress(programId, presale);
  const keys: AccountMeta[] = [
    w(buyer, true),
    w(presale),
    w(params.seller),
    w(params.tempTokenAccount),
    w(buyerTokenAccount),
    w(record),
    r(authority),
    r(params.mint),
    r(TOKEN_PROGRAM_ID),
    r(SystemProgram.programId),
    r(RENT_SYSVAR_ID),
  ];
  if (params.leaderRecord !== undefined) keys.push(w(params.leaderRecord));
  return new TransactionInstruction({
    programId,
    keys,
    data: Buffer.from(
      encodeBuyWithInstructionData(params.lamports, recordBump, params.allowlistProof),
    ),
  });
}
