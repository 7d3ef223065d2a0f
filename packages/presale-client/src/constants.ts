import { PublicKey } from '@solana/web3.js';

/** Seed of the PDA that owns the temp token account: ["authority", presale]. */
export const AUTHORITY_SEED = 'authority';
/** Seed of a buyer record PDA: ["buyer", presale, buyer]. */
export const BUYER_RECORD_SEED = 'buyer';

/** Instruction tags (first data byte). */
export const PresaleInstruction = {
  Initialize: 0,
  Buy: 1,
  SetActive: 2,
  UpdateLimits: 3,
  WithdrawUnsold: 4,
} as const;
export type PresaleInstructionTag = (typeof PresaleInstruction)[keyof typeof PresaleInstruction];

/** Exact account counts each instruction requires. */
export const ACCOUNT_COUNTS = {
  Initialize: 6,
  Buy: 11,
  SetActive: 2,
  UpdateLimits: 2,
  WithdrawUnsold: 7,
} as const;

/** SPL Memo program (v2), which carries the `fbt:leader:<code>` memo on leader buys. */
export const MEMO_PROGRAM_ID = new PublicKey('MemoSq4gqABAXKb96qnH8TysNcWxMyWCqXgDLGmfcHr');
/** The Rent sysvar, the 11th account of Buy. */
export const RENT_SYSVAR_ID = new PublicKey('SysvarRent111111111111111111111111111111111');
