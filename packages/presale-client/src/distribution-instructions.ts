import { getAssociatedTokenAddressSync, TOKEN_PROGRAM_ID } from '@solana/spl-token';
import type { AccountMeta, PublicKey } from '@solana/web3.js';
import { TransactionInstruction } from '@solana/web3.js';
import { MAX_DISTRIBUTE_BUYERS, PresaleInstruction } from './constants';
import { data, r, w } from './encoding';
import type { SellerParams } from './instructions';
import { findAuthorityAddress, findBuyerRecordAddress } from './pda';

/** A presale and its program: what every permissionless instruction starts from. */
export interface PresaleRef {
  readonly programId: PublicKey;
  readonly presale: PublicKey;
}

/** The vault side of a token delivery (Distribute, Claim). */
export interface VaultParams extends PresaleRef {
  readonly tempTokenAccount: PublicKey;
  readonly mint: PublicKey;
  /** The presale's authority PDA, when the caller read it already (derived otherwise). */
  readonly authority?: PublicKey;
}

/** One buyer to deliver to: the wallet, and its FBT account (the associated one by default). */
export interface DeliveryTarget {
  readonly buyer: PublicKey;
  readonly buyerTokenAccount?: PublicKey;
  /** The buyer's record, when the caller read it already (derived from the buyer otherwise). */
  readonly buyerRecord?: PublicKey;
}

/** presale [w], vault [w], authority, mint, SPL Token: the head of Distribute and Claim. */
function vaultMetas(params: VaultParams): AccountMeta[] {
  const authority = params.authority ?? findAuthorityAddress(params.programId, params.presale)[0];
  return [
    w(params.presale),
    w(params.tempTokenAccount),
    r(authority),
    r(params.mint),
    r(TOKEN_PROGRAM_ID),
  ];
}

/** The buyer record and token account of one buyer, both writable. */
function targetMetas(params: VaultParams, target: DeliveryTarget): AccountMeta[] {
  const record =
    target.buyerRecord ?? findBuyerRecordAddress(params.programId, params.presale, target.buyer)[0];
  const tokenAccount =
    target.buyerTokenAccount ?? getAssociatedTokenAddressSync(params.mint, target.buyer);
  return [w(record), w(tokenAccount)];
}

/**
 * 13 Finalize (anyone; the fee payer signs the transaction): fixes an at-completion presale's
 * outcome once it sold out or its window ended. Only the presale account.
 */
export function buildFinalizeInstruction(params: PresaleRef): TransactionInstruction {
  return new TransactionInstruction({
    programId: params.programId,
    keys: [w(params.presale)],
    data: data(PresaleInstruction.Finalize),
  });
}

/** Inputs of {@link buildDistributeInstruction}. */
export interface DistributeParams extends VaultParams {
  /** 1 to {@link MAX_DISTRIBUTE_BUYERS} buyers; each gets what is unlocked and not yet delivered. */
  readonly buyers: readonly DeliveryTarget[];
}

/**
 * 14 Distribute (anyone, after a successful Finalize): the vault head, then (buyer record,
 * buyer token account) per buyer. A buyer with nothing due is skipped; a record of another
 * presale or a token account that is not the record's buyer's FBT account fails the whole
 * instruction. Send it in a version-0 transaction with a lookup table holding the accounts.
 */
export function buildDistributeInstruction(params: DistributeParams): TransactionInstruction {
  const count = params.buyers.length;
  if (count < 1 || count > MAX_DISTRIBUTE_BUYERS) {
    throw new RangeError(`Distribute takes 1 to ${MAX_DISTRIBUTE_BUYERS} buyers, got ${count}`);
  }
  return new TransactionInstruction({
    programId: params.programId,
    keys: [
      ...vaultMetas(params),
      ...params.buyers.flatMap((target) => targetMetas(params, target)),
    ],
    data: data(PresaleInstruction.Distribute),
  });
}

/** Inputs of {@link buildClaimInstruction}. */
export type ClaimParams = VaultParams & DeliveryTarget;

/**
 * 15 Claim (the buyer signs, after a successful Finalize): moves what unlocked since the last
 * delivery to the buyer's FBT account (the associated one by default).
 */
export function buildClaimInstruction(params: ClaimParams): TransactionInstruction {
  return new TransactionInstruction({
    programId: params.programId,
    keys: [r(params.buyer, true), ...vaultMetas(params), ...targetMetas(params, params)],
    data: data(PresaleInstruction.Claim),
  });
}

/**
 * 16 Refund (anyone, after a failed Finalize): pays `buyer` what its record says it paid, from
 * the escrow, plus the record's rent, and closes the record.
 */
export function buildRefundInstruction(
  params: PresaleRef & { readonly buyer: PublicKey },
): TransactionInstruction {
  const [record] = findBuyerRecordAddress(params.programId, params.presale, params.buyer);
  return new TransactionInstruction({
    programId: params.programId,
    keys: [w(params.presale), w(record), w(params.buyer)],
    data: data(PresaleInstruction.Refund),
  });
}

/**
 * 17 WithdrawProceeds (the seller signs, after a successful Finalize of a presale with a minimum
 * raise): pays the seller the escrow less the leaders' commission and earlier withdrawals.
 */
export function buildWithdrawProceedsInstruction(params: SellerParams): TransactionInstruction {
  return new TransactionInstruction({
    programId: params.programId,
    keys: [w(params.seller, true), w(params.presale)],
    data: data(PresaleInstruction.WithdrawProceeds),
  });
}
