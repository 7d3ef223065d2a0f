import { Buffer } from 'buffer';
import type { PublicKey } from '@solana/web3.js';
import { TransactionInstruction } from '@solana/web3.js';
import { buyAccountMetas, type BuyAccountsParams } from './buy-accounts';
import { MAX_ALLOWLIST_PROOF_DEPTH, PresaleInstruction } from './constants';
import { data, u64, w } from './encoding';
import { encodeLatestEnd } from './latest-end';

/** Inputs of {@link buildBuyWithInstruction}: a purchase plus its optional parts. */
export interface BuyWithParams extends BuyAccountsParams {
  /** Lamports to spend. */
  readonly lamports: bigint;
  /** Leader record (`findLeaderRecordAddress`): 10% of the lamports go to it, 90% to the seller. */
  readonly leaderRecord?: PublicKey;
  /** The buyer's allowlist proof (`buildAllowlistTree(...).proofFor(buyer)`), at most 20 hashes. */
  readonly allowlistProof?: readonly Uint8Array[];
  /**
   * The latest sale end the buyer accepts (unix seconds, the end the buyer was shown): the
   * program refuses the buy (`SaleEndMoved`) when the presale ends later or has no end.
   * Absent: no bound.
   */
  readonly latestEnd?: bigint;
}

/**
 * BuyWith data: `0x05`, lamports u64 LE, the proof length, the proof's 32-byte hashes, then,
 * when given, the latest accepted sale end (i64 LE).
 */
export function encodeBuyWithInstructionData(
  lamports: bigint,
  proof: readonly Uint8Array[] = [],
  latestEnd?: bigint,
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
  return data(
    PresaleInstruction.BuyWith,
    u64(lamports, 'lamports'),
    proof.length,
    ...proof,
    ...encodeLatestEnd(latestEnd),
  );
}

/**
 * 5 BuyWith: the 11 purchase accounts ({@link buyAccountMetas}, the same as Buy) plus, for a
 * leader buy, the leader record as a 12th writable account, on an allowlisted presale the
 * buyer's proof, and the latest sale end the buyer accepts when given.
 */
export function buildBuyWithInstruction(params: BuyWithParams): TransactionInstruction {
  const { keys } = buyAccountMetas(params);
  if (params.leaderRecord !== undefined) keys.push(w(params.leaderRecord));
  return new TransactionInstruction({
    programId: params.programId,
    keys,
    data: Buffer.from(
      encodeBuyWithInstructionData(params.lamports, params.allowlistProof, params.latestEnd),
    ),
  });
}
