import { PublicKey } from '@solana/web3.js';

/** Seed of the PDA that owns the temp token account: ["authority", presale]. */
export const AUTHORITY_SEED = 'authority';
/**
 * A buyer record's seed (createAccountWithSeed, base = the presale's authority) is the lowercase
 * hex of this many leading bytes of the buyer's key: 32 characters, the System program's longest.
 */
export const BUYER_RECORD_SEED_KEY_BYTES = 16;
/** Seed of a leader record PDA: ["leader", presale, code]. */
export const LEADER_RECORD_SEED = 'leader';

/** Instruction tags (first data byte). */
export const PresaleInstruction = {
  Initialize: 0,
  Buy: 1,
  SetActive: 2,
  UpdateLimits: 3,
  WithdrawUnsold: 4,
  BuyWith: 5,
  RegisterLeader: 6,
  ClaimCommission: 7,
  SetLeaderActive: 8,
  SetAllowlist: 9,
  SetWindow: 10,
  ProposeSeller: 11,
  AcceptSeller: 12,
  Finalize: 13,
  Distribute: 14,
  Claim: 15,
  Refund: 16,
  WithdrawProceeds: 17,
} as const;
export type PresaleInstructionTag = (typeof PresaleInstruction)[keyof typeof PresaleInstruction];

/** Exact account counts each instruction requires. */
export const ACCOUNT_COUNTS = {
  Initialize: 6,
  Buy: 11,
  SetActive: 2,
  UpdateLimits: 2,
  WithdrawUnsold: 7,
  /** 11, or 12 with a leader record. */
  BuyWith: 11,
  RegisterLeader: 6,
  /** 3, or 4 with the presale (required when the commission is in escrow). */
  ClaimCommission: 3,
  SetLeaderActive: 3,
  SetAllowlist: 2,
  SetWindow: 2,
  ProposeSeller: 2,
  AcceptSeller: 2,
  Finalize: 1,
  /** The head; then two accounts per buyer (record, token account), 1 to 28 buyers. */
  Distribute: 5,
  Claim: 8,
  Refund: 3,
  WithdrawProceeds: 2,
} as const;

/** Most buyers one Distribute takes (5 + 2 × 28 accounts: a transaction locks at most 64). */
export const MAX_DISTRIBUTE_BUYERS = 28;

/** Longest allowlist proof a purchase can carry (2^20 wallets). */
export const MAX_ALLOWLIST_PROOF_DEPTH = 20;
/**
 * Leader codes the program accepts (3 to 32 of `A-Z a-z 0-9 _ -`) and the leader's commission:
 * the domain's rule, the one the program and its IDL state (re-exported, never redeclared).
 */
export {
  LEADER_CODE_MAX_LENGTH,
  LEADER_CODE_MIN_LENGTH,
  LEADER_CODE_PATTERN,
  LEADER_COMMISSION_BPS,
} from '@fbt/domain';

/** The Rent sysvar, the 11th account of Buy. */
export const RENT_SYSVAR_ID = new PublicKey('SysvarRent111111111111111111111111111111111');
