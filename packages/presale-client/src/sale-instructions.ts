import { PublicKey, SystemProgram, TransactionInstruction } from '@solana/web3.js';
import { PresaleInstruction, RENT_SYSVAR_ID } from './constants';
import { data, i64NonNegative, r, w } from './encoding';
import type { SellerParams } from './instructions';
import { assertLeaderCode, findLeaderRecordAddress } from './pda';

const encoder = new TextEncoder();

/** Inputs of {@link buildRegisterLeaderInstruction}. */
export interface RegisterLeaderParams extends SellerParams {
  /** 3 to 32 characters of A-Z, a-z, 0-9, _ or - (`LEADER_CODE_PATTERN`). */
  readonly code: string;
  /** The wallet that earns on the code and claims its commission. */
  readonly leaderWallet: PublicKey;
}

/**
 * 6 RegisterLeader (seller signs and pays the record's rent): creates the leader record PDA
 * ["leader", presale, code] naming `leaderWallet`.
 */
export function buildRegisterLeaderInstruction(
  params: RegisterLeaderParams,
): TransactionInstruction {
  const [record] = findLeaderRecordAddress(params.programId, params.presale, params.code);
  const code = encoder.encode(params.code);
  return new TransactionInstruction({
    programId: params.programId,
    keys: [
      w(params.seller, true),
      w(params.presale),
      w(record),
      r(params.leaderWallet),
      r(SystemProgram.programId),
      r(RENT_SYSVAR_ID),
    ],
    data: data(PresaleInstruction.RegisterLeader, code.length, code),
  });
}

/** Inputs of {@link buildClaimCommissionInstruction}. */
export interface ClaimCommissionParams {
  readonly programId: PublicKey;
  /** The leader's wallet (signs, receives the lamports). */
  readonly leaderWallet: PublicKey;
  /** The leader record (`findLeaderRecordAddress`). */
  readonly leaderRecord: PublicKey;
  /**
   * The record's presale, as a 4th account: required when the commission is in escrow (a
   * presale with a minimum raise, `commissionInEscrow`), accepted for any.
   */
  readonly presale?: PublicKey;
}

/**
 * 7 ClaimCommission (leader signs): pays everything above the record's rent-exempt minimum; with
 * the presale named and its commission in escrow, accrued minus claimed from the escrow once the
 * sale succeeded.
 */
export function buildClaimCommissionInstruction(
  params: ClaimCommissionParams,
): TransactionInstruction {
  const keys = [w(params.leaderWallet, true), w(params.leaderRecord), r(RENT_SYSVAR_ID)];
  if (params.presale !== undefined) keys.push(w(params.presale));
  return new TransactionInstruction({
    programId: params.programId,
    keys,
    data: data(PresaleInstruction.ClaimCommission),
  });
}

/** 8 SetLeaderActive (seller): suspends or resumes a code; earnings stay claimable. */
export function buildSetLeaderActiveInstruction(
  params: SellerParams & { readonly code: string; readonly active: boolean },
): TransactionInstruction {
  assertLeaderCode(params.code);
  const [record] = findLeaderRecordAddress(params.programId, params.presale, params.code);
  return new TransactionInstruction({
    programId: params.programId,
    keys: [r(params.seller, true), r(params.presale), w(record)],
    data: data(PresaleInstruction.SetLeaderActive, params.active ? 1 : 0),
  });
}

/**
 * 9 SetAllowlist (seller): the Merkle root of `buildAllowlistTree` (32 bytes), or `null` to
 * open the sale to everyone.
 */
export function buildSetAllowlistInstruction(
  params: SellerParams & { readonly root: Uint8Array | null },
): TransactionInstruction {
  const root = params.root ?? new Uint8Array(32);
  if (root.length !== 32) throw new RangeError(`root must be 32 bytes, got ${root.length}`);
  return new TransactionInstruction({
    programId: params.programId,
    keys: [r(params.seller, true), w(params.presale)],
    data: data(PresaleInstruction.SetAllowlist, root),
  });
}

/**
 * 10 SetWindow (seller): buys are accepted from `start` (inclusive) until before `end`, in unix
 * seconds; 0 means no bound. `start` must be before `end` when both are set.
 */
export function buildSetWindowInstruction(
  params: SellerParams & { readonly start: bigint; readonly end: bigint },
): TransactionInstruction {
  if (params.start !== 0n && params.end !== 0n && params.start >= params.end) {
    throw new RangeError(`window start ${params.start} must be before its end ${params.end}`);
  }
  return new TransactionInstruction({
    programId: params.programId,
    keys: [r(params.seller, true), w(params.presale)],
    data: data(
      PresaleInstruction.SetWindow,
      i64NonNegative(params.start, 'start'),
      i64NonNegative(params.end, 'end'),
    ),
  });
}

/**
 * 11 ProposeSeller (current seller): names the next seller (e.g. a multisig), who must accept;
 * `null` withdraws the proposal.
 */
export function buildProposeSellerInstruction(
  params: SellerParams & { readonly newSeller: PublicKey | null },
): TransactionInstruction {
  const next = params.newSeller ?? new PublicKey(new Uint8Array(32));
  return new TransactionInstruction({
    programId: params.programId,
    keys: [r(params.seller, true), w(params.presale)],
    data: data(PresaleInstruction.ProposeSeller, next.toBytes()),
  });
}

/** 12 AcceptSeller (the proposed seller signs): becomes the seller; proceeds follow. */
export function buildAcceptSellerInstruction(params: {
  readonly programId: PublicKey;
  readonly newSeller: PublicKey;
  readonly presale: PublicKey;
}): TransactionInstruction {
  return new TransactionInstruction({
    programId: params.programId,
    keys: [r(params.newSeller, true), w(params.presale)],
    data: data(PresaleInstruction.AcceptSeller),
  });
}
