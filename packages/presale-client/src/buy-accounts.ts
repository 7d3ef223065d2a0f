import type { AccountMeta, PublicKey } from '@solana/web3.js';
import { SystemProgram } from '@solana/web3.js';
import { findAssociatedTokenAddress } from './associated-token';
import { RENT_SYSVAR_ID } from './constants';
import { r, w } from './encoding';
import { buyerRecordAddress, findAuthorityAddress } from './pda';
import { TOKEN_PROGRAM_ID } from './token-programs';

/**
 * The accounts of a purchase (Buy and BuyWith), in the order the program reads them. The
 * builders ({@link buyAccountMetas}) and `decodeBuyInstruction` follow this one list.
 */
export const BUY_ACCOUNTS = [
  'buyer',
  'presale',
  'seller',
  'tempTokenAccount',
  'buyerTokenAccount',
  'buyerRecord',
  'authority',
  'mint',
  'tokenProgram',
  'systemProgram',
  'rent',
] as const;
export type BuyAccountName = (typeof BUY_ACCOUNTS)[number];

/** The addresses a purchase names; the PDAs, the buyer record and program ids are derived. */
export interface BuyAccountsParams {
  readonly programId: PublicKey;
  readonly presale: PublicKey;
  readonly buyer: PublicKey;
  readonly seller: PublicKey;
  readonly tempTokenAccount: PublicKey;
  readonly mint: PublicKey;
  /**
   * The mint's token program, SPL Token (the default) or Token-2022: the program checks it is
   * the mint's owner, and the buyer's associated token account depends on it.
   */
  readonly tokenProgram?: PublicKey;
  /** FBT account receiving the tokens; the buyer's associated token account by default. */
  readonly buyerTokenAccount?: PublicKey;
}

/** A purchase's 11 account metas. */
export interface BuyAccounts {
  readonly keys: AccountMeta[];
}

/**
 * The 11 accounts every purchase sends, in {@link BUY_ACCOUNTS} order: the buyer signs and pays
 * (writable); presale, seller, vault, buyer token account and buyer record
 * ({@link findBuyerRecordAddress}) are written; the
 * authority PDA, mint, the mint's token program, System program and Rent sysvar are read.
 */
export function buyAccountMetas(params: BuyAccountsParams): BuyAccounts {
  const { programId, presale, buyer } = params;
  const tokenProgram = params.tokenProgram ?? TOKEN_PROGRAM_ID;
  const buyerTokenAccount =
    params.buyerTokenAccount ??
    findAssociatedTokenAddress({ owner: buyer, mint: params.mint, tokenProgram: tokenProgram });
  const [authority] = findAuthorityAddress(programId, presale);
  const record = buyerRecordAddress(programId, authority, buyer);
  const accounts: Record<BuyAccountName, AccountMeta> = {
    buyer: w(buyer, true),
    presale: w(presale),
    seller: w(params.seller),
    tempTokenAccount: w(params.tempTokenAccount),
    buyerTokenAccount: w(buyerTokenAccount),
    buyerRecord: w(record),
    authority: r(authority),
    mint: r(params.mint),
    tokenProgram: r(tokenProgram),
    systemProgram: r(SystemProgram.programId),
    rent: r(RENT_SYSVAR_ID),
  };
  return { keys: BUY_ACCOUNTS.map((name) => accounts[name]) };
}
