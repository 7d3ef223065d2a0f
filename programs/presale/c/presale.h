/* presale.h - account layouts, instruction tags and error codes of the FBT presale program.
 * The program's IDL (../idl/presale.json) states every number here once more; a test compiles
 * _Static_asserts generated from the IDL against this header, so the two never disagree. */
#pragma once
#include "fbt_sol.h"

/* ------------------------------------------------------------------ instructions */
enum {
  IX_INITIALIZE = 0,      /* [0, price u64, min u64, max_user u64, max_total u64, bump u8, active u8] */
  IX_BUY = 1,             /* [1, lamports u64 (, latest end i64)] with exactly 11 accounts */
  IX_SET_ACTIVE = 2,      /* [2, active u8] */
  IX_UPDATE_LIMITS = 3,   /* [3, min u64, max_user u64, max_total u64] */
  IX_WITHDRAW_UNSOLD = 4, /* [4] */
  IX_BUY_WITH = 5,        /* [5, lamports u64, proof count u8, proof 32*n (, latest end i64)];
                             11 or 12 accounts (the 12th is a leader record) */
  IX_REGISTER_LEADER = 6, /* [6, code length u8, code bytes] */
  IX_CLAIM_COMMISSION = 7, /* [7] */
  IX_SET_LEADER_ACTIVE = 8, /* [8, active u8] */
  IX_SET_ALLOWLIST = 9,   /* [9, merkle root 32] (zero = open) */
  IX_SET_WINDOW = 10,     /* [10, start i64, end i64] (0 = none) */
  IX_PROPOSE_SELLER = 11, /* [11, new seller 32] (zero = cancel) */
  IX_ACCEPT_SELLER = 12,  /* [12] */
  IX_FINALIZE = 13,       /* [13]; presale only: fixes the outcome of a completed sale */
  IX_DISTRIBUTE = 14,     /* [14]; 5 head accounts, then (buyer record, token account) pairs */
  IX_CLAIM = 15,          /* [15]; one buyer's unlocked FBT, signed by that buyer */
  IX_REFUND = 16,         /* [16]; a failed sale's buyer gets back what they paid */
  IX_WITHDRAW_PROCEEDS = 17, /* [17]; a successful escrow sale's SOL to the seller */
};
/* Initialize is 35 bytes (an instant presale), or 54 with the delivery terms appended:
 * [.., mode u8, minimum raise u64, unlocked-at-completion bps u16, cliff u32, vesting u32]. */
#define INITIALIZE_MIN_DATA_LEN 35
#define INITIALIZE_MAX_DATA_LEN 54
/* Buy and BuyWith may end with the latest sale end the buyer accepts (i64 unix seconds): the
 * buy is refused (E_SALE_END_MOVED) when the presale ends later, or has no end. */
#define BUY_MIN_DATA_LEN 9
#define BUY_MAX_DATA_LEN 17
#define LATEST_END_LEN 8
#define SET_ACTIVE_DATA_LEN 2
#define UPDATE_LIMITS_DATA_LEN 25
#define WITHDRAW_UNSOLD_DATA_LEN 1
#define BUY_WITH_MIN_DATA_LEN 10
#define MAX_PROOF_DEPTH 20
#define REGISTER_LEADER_MIN_DATA_LEN 2
#define CLAIM_COMMISSION_DATA_LEN 1
#define SET_LEADER_ACTIVE_DATA_LEN 2
#define SET_ALLOWLIST_DATA_LEN 33
#define SET_WINDOW_DATA_LEN 17
#define PROPOSE_SELLER_DATA_LEN 33
#define ACCEPT_SELLER_DATA_LEN 1
#define FINALIZE_DATA_LEN 1
#define DISTRIBUTE_DATA_LEN 1
#define CLAIM_DATA_LEN 1
#define REFUND_DATA_LEN 1
#define WITHDRAW_PROCEEDS_DATA_LEN 1

/* Accounts each instruction takes, exactly; BuyWith takes 11, or 12 with a leader record;
 * ClaimCommission 3, or 4 with the presale; Distribute its 5 head accounts plus 2 per buyer. */
#define INITIALIZE_ACCOUNT_COUNT 6
#define BUY_ACCOUNT_COUNT 11
#define SET_ACTIVE_ACCOUNT_COUNT 2
#define UPDATE_LIMITS_ACCOUNT_COUNT 2
#define WITHDRAW_UNSOLD_ACCOUNT_COUNT 7
#define BUY_WITH_ACCOUNT_COUNT 11
#define BUY_WITH_MAX_ACCOUNT_COUNT 12
#define REGISTER_LEADER_ACCOUNT_COUNT 6
#define CLAIM_COMMISSION_ACCOUNT_COUNT 3
#define CLAIM_COMMISSION_MAX_ACCOUNT_COUNT 4
#define SET_LEADER_ACTIVE_ACCOUNT_COUNT 3
#define SET_ALLOWLIST_ACCOUNT_COUNT 2
#define SET_WINDOW_ACCOUNT_COUNT 2
#define PROPOSE_SELLER_ACCOUNT_COUNT 2
#define ACCEPT_SELLER_ACCOUNT_COUNT 2
#define FINALIZE_ACCOUNT_COUNT 1
#define DISTRIBUTE_ACCOUNT_COUNT 5
#define DISTRIBUTE_MAX_BUYERS 28 /* 5 + 2 * 28 accounts: with the fee payer and two program ids,
                                    the 64 accounts a transaction may lock */
#define CLAIM_ACCOUNT_COUNT 8
#define REFUND_ACCOUNT_COUNT 3
#define WITHDRAW_PROCEEDS_ACCOUNT_COUNT 2

/* ------------------------------------------------------------------ presale state account
 * The first 106 bytes are exactly the base layout every client reads (isInitialized ..
 * currentTotalSold, the domain's PresaleState); our fields follow. */
#define PS_IS_INITIALIZED 0
#define PS_IS_ACTIVED 1
#define PS_SELLER 2
#define PS_TEMP_TOKEN_ACCOUNT 34
#define PS_TOKEN_PRICE 66
#define PS_MAX_USER_BUYABLE 74
#define PS_MIN_USER_BUYABLE 82
#define PS_MAX_TOTAL_BUYABLE 90
#define PS_CURRENT_TOTAL_SOLD 98
#define PS_KIND 106          /* ACCOUNT_KIND_PRESALE once initialized */
#define PS_VERSION 107
#define PS_AUTHORITY_BUMP 108
#define PS_DECIMALS 109
#define PS_MINT 112
#define PS_AUTHORITY 144
#define PS_TOKENS_SOLD 176   /* FBT base units sent to buyers */
#define PS_BUYER_COUNT 184   /* distinct buyer records created */
#define PS_SALE_START 192    /* i64 unix seconds, 0 = no start */
#define PS_SALE_END 200      /* i64 unix seconds, 0 = no end (buys refused from this second) */
#define PS_ALLOWLIST_ROOT 208 /* Merkle root of allowed wallets, zero = open */
#define PS_PENDING_SELLER 240 /* proposed seller, zero = none */
#define PS_LEADER_COUNT 272  /* leader records registered */
#define PS_LEADER_COMMISSION 280 /* lamports of commission buys credited to leader records */
/* Layout version 3: how and when the FBT reach the buyers. */
#define PS_DELIVERY_MODE 288  /* DELIVERY_INSTANT or DELIVERY_AT_COMPLETION, fixed at Initialize */
#define PS_STATUS 289         /* SALE_OPEN .. SALE_FAILED (at-completion presales only) */
#define PS_UNLOCKED_AT_COMPLETION_BPS 290 /* u16: share unlocked at completion */
#define PS_CLIFF_SECONDS 292  /* u32: nothing more unlocks before completion + cliff */
#define PS_VESTING_SECONDS 296 /* u32: everything is unlocked at completion + vesting */
#define PS_MINIMUM_RAISE 304  /* lamports; 0 = none. Above 0 the buys' SOL waits in escrow */
#define PS_COMPLETED_AT 312   /* i64: the vesting start (the selling-out moment, else the end) */
#define PS_TOKENS_OWED 320    /* FBT bought and not yet delivered (kept in the vault) */
#define PS_TOKENS_DELIVERED 328 /* FBT moved to buyers by Distribute and Claim */
#define PS_ESCROW_LAMPORTS 336 /* lamports held in escrow, above the account's rent (gifts apart) */
#define PS_REFUNDED_LAMPORTS 344 /* lamports Refund returned to buyers */
#define PS_PROCEEDS_WITHDRAWN 352 /* lamports WithdrawProceeds paid the seller */
#define PS_BUYERS_DELIVERED 360 /* buyer records whose FBT were all delivered */
#define PS_BUYERS_REFUNDED 368  /* buyer records refunded and closed */
#define PRESALE_ACCOUNT_SIZE 408

#define DELIVERY_INSTANT 0       /* FBT move to the buyer in the buy itself */
#define DELIVERY_AT_COMPLETION 1 /* FBT stay in the vault until Distribute / Claim */
#define SALE_OPEN 0      /* buys accepted (subject to the window and limits) */
#define SALE_SOLD_OUT 1  /* the sold-out rule holds since PS_COMPLETED_AT; awaiting Finalize */
#define SALE_SUCCEEDED 2 /* finalized at or above the minimum raise: distribution */
#define SALE_FAILED 3    /* finalized below the minimum raise: refunds */

/* ------------------------------------------------------------------ buyer record
 * At createAccountWithSeed's address sha256(authority || seed || program id), the seed being
 * the lowercase hex of the buyer key's first BUYER_RECORD_SEED_KEY_BYTES bytes; the first 8
 * bytes are fbtBuyedAmount (lamports spent). Byte 73 (a PDA bump up to layout version 2) is
 * reserved, zero. */
#define BR_LAMPORTS_SPENT 0
#define BR_PRESALE 8
#define BR_BUYER 40
#define BR_KIND 72
#define BR_VERSION 74
#define BR_TOKENS_RECEIVED 80 /* FBT bought (instant: received at once; at-completion: owed) */
#define BR_TOKENS_DELIVERED 88 /* at-completion: FBT moved to the buyer so far */
#define BUYER_RECORD_SIZE 96
#define BUYER_RECORD_SEED_KEY_BYTES 16
#define BUYER_RECORD_SEED_LEN (2 * BUYER_RECORD_SEED_KEY_BYTES)

/* ------------------------------------------------------------------ leader record (PDA)
 * seeds ["leader", presale, code]; lamports above the rent-exempt minimum are claimable. */
#define LR_KIND 0
#define LR_BUMP 1
#define LR_VERSION 2
#define LR_ACTIVE 3
#define LR_CODE_LENGTH 4
#define LR_COMMISSION_IN_ESCROW 5 /* 1 on a presale with a minimum raise: paid from its escrow */
#define LR_PRESALE 8
#define LR_WALLET 40
#define LR_CODE 72
#define LR_VOLUME 104   /* lamports bought through the code */
#define LR_BUYS 112     /* purchases through the code */
#define LR_ACCRUED 120  /* commission earned (solsEarned) */
#define LR_CLAIMED 128  /* commission paid out */
#define LEADER_RECORD_SIZE 136

/* Leader codes: 3 to 32 characters of A-Z a-z 0-9 _ - (the URL-safe set of the site's leader
 * links; the domain's isValidLeaderCode states the same rule). */
#define MIN_LEADER_CODE_LEN 3
#define MAX_LEADER_CODE_LEN 32
#define LEADER_CODE_CHAR_IS_VALID(c)                                  \
  (((c) >= 'a' && (c) <= 'z') || ((c) >= 'A' && (c) <= 'Z') ||       \
   ((c) >= '0' && (c) <= '9') || (c) == '_' || (c) == '-')

#define ACCOUNT_KIND_PRESALE 1
#define ACCOUNT_KIND_BUYER_RECORD 2
#define ACCOUNT_KIND_LEADER_RECORD 3
#define BUYER_RECORD_LAYOUT_VERSION 3  /* 2: tokens delivered; 3: seeded address, no bump */
#define LEADER_RECORD_LAYOUT_VERSION 2 /* 2: commission in escrow */
#define PRESALE_LAYOUT_VERSION 3  /* the presale account (3: delivery, completion, escrow) */
/* Vesting: unlocked-at-completion basis points are at most BPS_PER_WHOLE; BPS_PER_WHOLE with no
 * cliff and no duration means everything unlocks at completion. */
/* A leader buy pays the leader record floor(lamports * LEADER_COMMISSION_BPS / BPS_PER_WHOLE)
 * (10%) and the seller the rest. The basis points divide a whole exactly, so that is
 * lamports / LEADER_COMMISSION_DIVISOR: no multiplication, no overflow. */
#define LEADER_COMMISSION_BPS 1000
#define BPS_PER_WHOLE 10000
#define LEADER_COMMISSION_DIVISOR (BPS_PER_WHOLE / LEADER_COMMISSION_BPS)
_Static_assert(BPS_PER_WHOLE % LEADER_COMMISSION_BPS == 0,
               "the commission must be a whole divisor of the amount");
#define MAX_DECIMALS 9

/* ------------------------------------------------------------------ token layouts
 * SPL Token and Token-2022 share the base layouts below. A Token-2022 account with extensions
 * is longer: its base (a mint's 82 bytes are zero-padded to 165) is followed by an account-type
 * byte at offset 165 and TLV entries (u16 type, u16 length, value) from offset 166. */
#define TOKEN_ACCOUNT_SIZE 165
#define TA_MINT 0
#define TA_OWNER 32
#define TA_AMOUNT 64
#define TA_DELEGATE_TAG 72
#define TA_STATE 108
#define TA_CLOSE_AUTHORITY_TAG 129
#define TOKEN_STATE_INITIALIZED 1

#define MINT_SIZE 82
#define MINT_DECIMALS 44
#define MINT_IS_INITIALIZED 45
#define MINT_FREEZE_AUTHORITY_TAG 46 /* u32 COption tag: 0 = none */

#define TOKEN_2022_ACCOUNT_TYPE 165 /* 1 = mint, 2 = token account */
#define TOKEN_2022_ACCOUNT_TYPE_MINT 1
#define TOKEN_2022_ACCOUNT_TYPE_ACCOUNT 2
#define TOKEN_2022_TLV_START 166
#define TOKEN_2022_TLV_HEADER 4
/* Token-2022 mint extension types this program reads (ExtensionType, u16). */
#define EXT_UNINITIALIZED 0
#define EXT_TRANSFER_FEE_CONFIG 1
#define EXT_DEFAULT_ACCOUNT_STATE 6
#define EXT_NON_TRANSFERABLE 9
#define EXT_PERMANENT_DELEGATE 12
#define EXT_TRANSFER_HOOK 14
#define EXT_METADATA_POINTER 18
#define EXT_TOKEN_METADATA 19
#define EXT_PAUSABLE 26

/* ------------------------------------------------------------------ custom errors
 * InstructionError::Custom(code). Never renumber: clients and the BFF map these codes. */
enum {
  E_INVALID_INSTRUCTION = 6000,
  E_WRONG_ACCOUNT_COUNT = 6001,
  E_DUPLICATE_ACCOUNT = 6002,
  E_MISSING_SIGNER = 6003,
  E_NOT_WRITABLE = 6004,
  E_PRESALE_WRONG_OWNER = 6005,
  E_PRESALE_INVALID = 6006,
  E_ALREADY_INITIALIZED = 6007,
  E_NOT_INITIALIZED = 6008,
  E_NOT_SELLER = 6009,
  E_WRONG_TEMP_TOKEN_ACCOUNT = 6010,
  E_WRONG_MINT = 6011,
  E_WRONG_AUTHORITY = 6012,
  E_WRONG_TOKEN_PROGRAM = 6013,
  E_WRONG_SYSTEM_PROGRAM = 6014,
  E_WRONG_RENT_SYSVAR = 6015,
  E_INVALID_TOKEN_ACCOUNT = 6016,
  E_INVALID_BUYER_RECORD = 6017,
  E_PRESALE_INACTIVE = 6018,
  E_ZERO_AMOUNT = 6019,
  E_BELOW_MINIMUM = 6020,
  E_EXCEEDS_USER_MAXIMUM = 6021,
  E_EXCEEDS_TOTAL_MAXIMUM = 6022,
  E_SOLD_OUT = 6023,
  E_ZERO_TOKENS = 6024,
  E_ARITHMETIC_OVERFLOW = 6025,
  E_INSUFFICIENT_TOKENS = 6026,
  E_INVALID_LIMITS = 6027,
  E_INVALID_PRICE = 6028,
  E_TEMP_TOKEN_ACCOUNT_UNSAFE = 6029,
  E_WITHDRAW_NOT_ALLOWED = 6030,
  E_INVALID_MINT = 6031,
  E_UNSUPPORTED_RENT = 6032,
  E_INVALID_LEADER_CODE = 6033,
  E_INVALID_LEADER_RECORD = 6034,
  E_LEADER_EXISTS = 6035,
  E_LEADER_INACTIVE = 6036,
  E_SELF_REFERRAL = 6037,
  E_NOT_LEADER = 6038,
  E_NOTHING_TO_CLAIM = 6039,
  E_NOT_ALLOWLISTED = 6040,
  E_SALE_NOT_STARTED = 6041,
  E_SALE_ENDED = 6042,
  E_INVALID_WINDOW = 6043,
  E_NOT_PENDING_SELLER = 6044,
  E_INVALID_BUMP = 6045,
  E_MINT_TRANSFER_FEE = 6046,
  E_MINT_TRANSFER_HOOK = 6047,
  E_MINT_PERMANENT_DELEGATE = 6048,
  E_MINT_DEFAULT_ACCOUNT_STATE = 6049,
  E_MINT_NON_TRANSFERABLE = 6050,
  E_MINT_PAUSABLE = 6051,
  E_MINT_UNSUPPORTED_EXTENSION = 6052,
  E_MINT_FREEZE_AUTHORITY = 6053,
  E_INSTANT_WITH_TERMS = 6060,
  E_INVALID_VESTING = 6061,
  E_INVALID_MINIMUM_RAISE = 6062,
  E_SALE_END_REQUIRED = 6063,
  E_WINDOW_LOCKED = 6064,
  E_NOT_AT_COMPLETION = 6065,
  E_SALE_NOT_COMPLETE = 6066,
  E_ALREADY_FINALIZED = 6067,
  E_NOT_FINALIZED = 6068,
  E_SALE_FAILED = 6069,
  E_SALE_SUCCEEDED = 6070,
  E_NOTHING_DUE = 6071,
  E_NO_ESCROW = 6072,
  E_NOTHING_TO_WITHDRAW = 6073,
  E_SALE_COMPLETED = 6074,
  E_COMMISSION_IN_ESCROW = 6075,
  E_SALE_END_MOVED = 6090,
};
