import type { Buffer } from 'buffer';
import type { PublicKey } from '@solana/web3.js';
import { SystemProgram, TransactionInstruction } from '@solana/web3.js';
import {
  buildCreateAssociatedTokenAccountIdempotentInstruction,
  findAssociatedTokenAddress,
} from './associated-token';
import {
  BUY_ACCOUNTS,
  buyAccountMetas,
  type BuyAccountName,
  type BuyAccountsParams,
} from './buy-accounts';
import { ACCOUNT_COUNTS, MAX_ALLOWLIST_PROOF_DEPTH, PresaleInstruction } from './constants';
import { buildBuyWithInstruction, type BuyWithParams } from './buy-with';
import { encodeDeliveryTerms, type DeliveryTerms } from './delivery-terms';
import { data, r, u64, w } from './encoding';
import { decodeLatestEnd, encodeLatestEnd, LATEST_END_BYTES } from './latest-end';
import { PRESALE_ACCOUNT_SIZE } from './layout';
import { findAuthorityAddress } from './pda';
import { TOKEN_PROGRAM_ID } from './token-programs';

/** Purchase limits, all in lamports. */
export interface PresaleLimits {
  readonly minUserBuyable: bigint;
  readonly maxUserBuyable: bigint;
  readonly maxTotalBuyable: bigint;
}

/** Inputs of {@link buildCreatePresaleAccountInstruction}. */
export interface CreatePresaleAccountParams {
  readonly programId: PublicKey;
  readonly payer: PublicKey;
  /** New keypair's public key; it must sign the transaction. */
  readonly presale: PublicKey;
  /** Rent-exempt balance for {@link PRESALE_ACCOUNT_SIZE} bytes (`getMinimumBalanceForRentExemption`). */
  readonly lamports: bigint;
}

/** System CreateAccount for a presale state account owned by the program (run before Initialize). */
export function buildCreatePresaleAccountInstruction(
  params: CreatePresaleAccountParams,
): TransactionInstruction {
  return SystemProgram.createAccount({
    fromPubkey: params.payer,
    newAccountPubkey: params.presale,
    lamports: Number(params.lamports),
    space: PRESALE_ACCOUNT_SIZE,
    programId: params.programId,
  });
}

/** Inputs of {@link buildInitializeInstruction}. */
export interface InitializeParams extends PresaleLimits {
  readonly programId: PublicKey;
  readonly seller: PublicKey;
  readonly presale: PublicKey;
  /** Token account of `mint` holding the FBT for sale; owned by the seller or already by the authority PDA. */
  readonly tempTokenAccount: PublicKey;
  readonly mint: PublicKey;
  /** The mint's token program: SPL Token (the default) or Token-2022. */
  readonly tokenProgram?: PublicKey;
  /** Lamports per whole FBT (50_000 for 0.00005 SOL). */
  readonly tokenPrice: bigint;
  /** Open for purchases right away (default true). */
  readonly active?: boolean;
  /**
   * Delivery mode, minimum raise and vesting, appended to the data (19 bytes) when given;
   * absent, the presale is instant with neither (the original 35-byte Initialize).
   */
  readonly terms?: DeliveryTerms;
}

/**
 * 0 Initialize: links the temp token account (its owner becomes the authority PDA) and sets price
 * and limits, and with `terms` how the FBT reach the buyers. The presale account signs (send it
 * with the CreateAccount that makes it).
 */
export function buildInitializeInstruction(params: InitializeParams): TransactionInstruction {
  const [authority, bump] = findAuthorityAddress(params.programId, params.presale);
  return new TransactionInstruction({
    programId: params.programId,
    keys: [
      r(params.seller, true),
      w(params.presale, true),
      w(params.tempTokenAccount),
      r(params.mint),
      r(authority),
      r(params.tokenProgram ?? TOKEN_PROGRAM_ID),
    ],
    data: data(
      PresaleInstruction.Initialize,
      u64(params.tokenPrice, 'tokenPrice'),
      u64(params.minUserBuyable, 'minUserBuyable'),
      u64(params.maxUserBuyable, 'maxUserBuyable'),
      u64(params.maxTotalBuyable, 'maxTotalBuyable'),
      bump,
      params.active === false ? 0 : 1,
      ...(params.terms === undefined ? [] : [encodeDeliveryTerms(params.terms)]),
    ),
  });
}

/** Inputs of {@link buildBuyInstruction}. */
export interface BuyParams extends BuyAccountsParams {
  /** Lamports to spend. */
  readonly lamports: bigint;
  /**
   * The latest sale end the buyer accepts (unix seconds): the program refuses the buy
   * (`SaleEndMoved`) when the presale ends later or has no end. Absent: no bound.
   */
  readonly latestEnd?: bigint;
}

/**
 * Buy instruction data: `0x01` followed by the lamports as u64 little-endian (9 bytes), then,
 * when given, the latest accepted sale end as i64 little-endian (17 bytes).
 */
export function encodeBuyInstructionData(lamports: bigint, latestEnd?: bigint): Buffer {
  return data(PresaleInstruction.Buy, u64(lamports, 'lamports'), ...encodeLatestEnd(latestEnd));
}

/**
 * 1 Buy: `0x01` + u64 LE lamports (+ the optional latest accepted end), exactly the 11
 * purchase accounts ({@link buyAccountMetas}).
 */
export function buildBuyInstruction(params: BuyParams): TransactionInstruction {
  return new TransactionInstruction({
    programId: params.programId,
    keys: buyAccountMetas(params).keys,
    data: encodeBuyInstructionData(params.lamports, params.latestEnd),
  });
}

/** Inputs of {@link buildBuyInstructions}. */
export interface BuyInstructionsParams extends BuyWithParams {
  /** Prepend an idempotent create of the buyer's associated token account. */
  readonly createBuyerTokenAccount?: boolean;
}

/**
 * Everything a purchase transaction needs, in order: [optional idempotent ATA create, BuyWith
 * (with `leaderRecord` / `allowlistProof` when given)]. A leader buy
 * names the code's record and nothing else: the program pays the leader through it.
 *
 * @example
 * const ixs = buildBuyInstructions({ ...presale, buyer, lamports: 1_000_000_000n, createBuyerTokenAccount: true });
 */
export function buildBuyInstructions(params: BuyInstructionsParams): TransactionInstruction[] {
  const instructions: TransactionInstruction[] = [];
  const tokenProgram = params.tokenProgram ?? TOKEN_PROGRAM_ID;
  const buyerTokenAccount =
    params.buyerTokenAccount ??
    findAssociatedTokenAddress({
      owner: params.buyer,
      mint: params.mint,
      tokenProgram: tokenProgram,
    });
  if (params.createBuyerTokenAccount) {
    instructions.push(
      buildCreateAssociatedTokenAccountIdempotentInstruction({
        payer: params.buyer,
        owner: params.buyer,
        mint: params.mint,
        tokenProgram,
      }),
    );
  }
  instructions.push(buildBuyWithInstruction({ ...params, buyerTokenAccount }));
  return instructions;
}

/** Inputs of the seller-only state instructions. */
export interface SellerParams {
  readonly programId: PublicKey;
  readonly seller: PublicKey;
  readonly presale: PublicKey;
}

/** 2 SetActive: pause or resume purchases. */
export function buildSetActiveInstruction(
  params: SellerParams & { readonly active: boolean },
): TransactionInstruction {
  return new TransactionInstruction({
    programId: params.programId,
    keys: [r(params.seller, true), w(params.presale)],
    data: data(PresaleInstruction.SetActive, params.active ? 1 : 0),
  });
}

/** 3 UpdateLimits: new min / max per user / max total (lamports); the price is fixed. */
export function buildUpdateLimitsInstruction(
  params: SellerParams & PresaleLimits,
): TransactionInstruction {
  return new TransactionInstruction({
    programId: params.programId,
    keys: [r(params.seller, true), w(params.presale)],
    data: data(
      PresaleInstruction.UpdateLimits,
      u64(params.minUserBuyable, 'minUserBuyable'),
      u64(params.maxUserBuyable, 'maxUserBuyable'),
      u64(params.maxTotalBuyable, 'maxTotalBuyable'),
    ),
  });
}

/** Inputs of {@link buildWithdrawUnsoldInstruction}. */
export interface WithdrawUnsoldParams extends SellerParams {
  readonly tempTokenAccount: PublicKey;
  readonly mint: PublicKey;
  /** The mint's token program: SPL Token (the default) or Token-2022. */
  readonly tokenProgram?: PublicKey;
  /** Token account of the mint (under its token program) that receives every unsold token. */
  readonly destinationTokenAccount: PublicKey;
}

/** 4 WithdrawUnsold: moves all unsold FBT out of the vault (presale paused or sold out). */
export function buildWithdrawUnsoldInstruction(
  params: WithdrawUnsoldParams,
): TransactionInstruction {
  const [authority] = findAuthorityAddress(params.programId, params.presale);
  return new TransactionInstruction({
    programId: params.programId,
    keys: [
      r(params.seller, true),
      r(params.presale),
      w(params.tempTokenAccount),
      w(params.destinationTokenAccount),
      r(authority),
      r(params.mint),
      r(params.tokenProgram ?? TOKEN_PROGRAM_ID),
    ],
    data: data(PresaleInstruction.WithdrawUnsold),
  });
}

/** A recognised Buy or BuyWith instruction. */
export interface DecodedBuyInstruction {
  readonly instruction: 'Buy' | 'BuyWith';
  readonly lamports: bigint;
  readonly accounts: Readonly<Record<BuyAccountName, PublicKey>>;
  /** BuyWith's 12th account: the leader record paid 10%. */
  readonly leaderRecord: PublicKey | null;
  /** BuyWith's allowlist proof (empty for Buy). */
  readonly allowlistProof: readonly Uint8Array[];
  /** The latest sale end the buyer accepts (unix seconds), or null when the data has none. */
  readonly latestEnd: bigint | null;
}

/** The parts of an instruction {@link decodeBuyInstruction} reads (web3.js or decoded JSON). */
export interface InstructionLike {
  readonly programId: PublicKey;
  readonly keys: readonly { readonly pubkey: PublicKey }[];
  readonly data: Uint8Array;
}

/** The proof of BuyWith data, or null when the data is not a well-formed BuyWith. */
function buyWithProof(bytes: Uint8Array): Uint8Array[] | null {
  if (bytes.length < 10 || bytes[0] !== PresaleInstruction.BuyWith) return null;
  const count = bytes[9] ?? 0;
  const proofEnd = 10 + 32 * count;
  if (
    count > MAX_ALLOWLIST_PROOF_DEPTH ||
    (bytes.length !== proofEnd && bytes.length !== proofEnd + LATEST_END_BYTES)
  )
    return null;
  return Array.from({ length: count }, (_, i) => bytes.slice(10 + 32 * i, 42 + 32 * i));
}

/** Where a well-formed purchase's data ends before its optional latest accepted end. */
function buyBodyLength(bytes: Uint8Array): number {
  return bytes[0] === PresaleInstruction.Buy ? 9 : 10 + 32 * (bytes[9] ?? 0);
}

/**
 * Recognises a purchase of `programId` (Buy, tag 1, or BuyWith): returns lamports, named
 * accounts and BuyWith's parts, or `null` when the instruction is anything else (other program,
 * other tag, wrong length or account count), with the latest accepted sale end when the data
 * carries one. The BFF uses it to verify leader transactions.
 */
export function decodeBuyInstruction(
  instruction: InstructionLike,
  programId: PublicKey,
): DecodedBuyInstruction | null {
  if (!instruction.programId.equals(programId)) return null;
  const bytes = instruction.data;
  const count = instruction.keys.length;
  let proof: Uint8Array[] = [];
  if ((bytes.length === 9 || bytes.length === 17) && bytes[0] === PresaleInstruction.Buy) {
    if (count !== ACCOUNT_COUNTS.Buy) return null;
  } else {
    const parsed = buyWithProof(bytes);
    if (
      parsed === null ||
      (count !== ACCOUNT_COUNTS.BuyWith && count !== ACCOUNT_COUNTS.BuyWith + 1)
    )
      return null;
    proof = parsed;
  }
  const accounts = {} as Record<BuyAccountName, PublicKey>;
  for (const [index, name] of BUY_ACCOUNTS.entries()) {
    const meta = instruction.keys[index];
    if (meta === undefined) return null;
    accounts[name] = meta.pubkey;
  }
  return {
    instruction: bytes[0] === PresaleInstruction.Buy ? 'Buy' : 'BuyWith',
    lamports: new DataView(bytes.buffer, bytes.byteOffset, bytes.byteLength).getBigUint64(1, true),
    accounts,
    leaderRecord: instruction.keys[ACCOUNT_COUNTS.BuyWith]?.pubkey ?? null,
    allowlistProof: proof,
    latestEnd:
      bytes.length > buyBodyLength(bytes) ? decodeLatestEnd(bytes, buyBodyLength(bytes)) : null,
  };
}
