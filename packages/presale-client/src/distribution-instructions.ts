import type { AccountMeta, PublicKey } from '@solana/web3.js';
import { TransactionInstruction } from '@solana/web3.js';
import { MAX_DISTRIBUTE_BUYERS, PresaleInstruction } from './constants';
import { findAssociatedTokenAddress } from './associated-token';
import { data, r, w } from './encoding';
import type { SellerParams } from './instructions';
import { buyerRecordAddress, findAuthorityAddress, findBuyerRecordAddress } from './pda';
import { TOKEN_PROGRAM_ID } from './token-programs';

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
  /** The mint's token program, SPL Token (the default) or Token-2022. */
  readonly tokenProgram?: PublicKey;
}

/** One buyer to deliver to: the wallet, and its FBT account (the associated one by default). */
export interface DeliveryTarget {
  readonly buyer: PublicKey;
  readonly buyerTokenAccount?: PublicKey;
  /** The buyer's record, when the caller read it already (derived from the buyer otherwise). */
  readonly buyerRecord?: PublicKey;
}

/** The presale's authority PDA: the one given, else derived (once per instruction). */
function vaultAuthority(params: VaultParams): PublicKey {
  return params.authority ?? findAuthorityAddress(params.programId, params.presale)[0];
}

/** presale [w], vault [w], authority, mint, SPL Token: the head of Distribute and Claim. */
function vaultMetas(params: VaultParams, authority: PublicKey): AccountMeta[] {
  return [
    w(params.presale),
    w(params.tempTokenAccount),
    r(authority),
    r(params.mint),
    r(params.tokenProgram ?? TOKEN_PROGRAM_ID),
  ];
}

/** The buyer record and token account of one buyer, both writable. */
function targetMetas(
  params: VaultParams,
  authority: PublicKey,
  target: DeliveryTarget,
): AccountMeta[] {
  const record =
    target.buyerRecord ?? buyerRecordAddress(params.programId, authority, target.buyer);
  const tokenAccount =
    target.buyerTokenAccount ??
    findAssociatedTokenAddress({
      owner: target.buyer,
      mint: params.mint,
      tokenProgram: params.tokenProgram ?? TOKEN_PROGRAM_ID,
    });
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
  const authority = vaultAuthority(params);
  return new TransactionInstruction({
    programId: params.programId,
    keys: [
      ...vaultMetas(params, authority),
      ...params.buyers.flatMap((target) => targetMetas(params, authority, target)),
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
  const authority = vaultAuthority(params);
  return new TransactionInstruction({
    programId: params.programId,
    keys: [
      r(params.buyer, true),
      ...vaultMetas(params, authority),
      ...targetMetas(params, authority, params),
    ],
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
