/* presale.c - the FBT presale program: sells FBT (an SPL Token or Token-2022 mint) for SOL at a
 * fixed price.
 *
 * Instructions (tag = first data byte), accounts in order, [s] signer, [w] writable:
 *   0 Initialize     seller[s], presale[s,w], temp_token[w], mint, authority, token_program
 *   1 Buy            buyer[s,w], presale[w], seller[w], temp_token[w], buyer_token[w],
 *                    buyer_record[w], authority, mint, token_program, system_program, rent
 *   2 SetActive      seller[s], presale[w]
 *   3 UpdateLimits   seller[s], presale[w]
 *   4 WithdrawUnsold seller[s], presale, temp_token[w], destination_token[w], authority, mint,
 *                    token_program
 *   5 BuyWith        the 11 Buy accounts [+ leader_record[w]]
 *   6 RegisterLeader seller[s,w], presale[w], leader_record[w], leader_wallet, system_program, rent
 *   7 ClaimCommission leader_wallet[s,w], leader_record[w], rent [+ presale[w]]
 *   8 SetLeaderActive seller[s], presale, leader_record[w]
 *   9 SetAllowlist, 10 SetWindow, 11 ProposeSeller: seller[s], presale[w]
 *  12 AcceptSeller   proposed_seller[s], presale[w]
 *  13 Finalize       presale[w]
 *  14 Distribute     presale[w], temp_token[w], authority, mint, token_program, then
 *                    (buyer_record[w], buyer_token[w]) x 1..DISTRIBUTE_MAX_BUYERS
 *  15 Claim          buyer[s], presale[w], temp_token[w], authority, mint, token_program,
 *                    buyer_record[w], buyer_token[w]
 *  16 Refund         presale[w], buyer_record[w], buyer[w]
 *  17 WithdrawProceeds seller[s,w], presale[w]
 * A presale delivers its FBT in each buy (instant) or, fixed at Initialize, at completion: then
 * the FBT stay owed in the vault, and with a minimum raise the SOL waits in the presale account
 * (the escrow) until Finalize says whether the sale succeeded (delivery.h has the rules).
 * The authority is the PDA ["authority", presale] that owns the temp token account; a buyer
 * record is at the seeded address of the authority and the buyer (buyer_record_address), leader
 * records are PDAs ["leader", presale, code]. Every
 * failure returns a documented custom code (presale.h, README.md). No instruction but
 * Distribute accepts duplicate accounts (naming a buyer twice moves its FBT once).
 */
#include "presale.h"
#include "token.h"
#include "delivery.h"

static const SolPubkey RENT_SYSVAR_ID = {{0x06, 0xa7, 0xd5, 0x17, 0x19, 0x2c, 0x5c, 0x51,
                                          0x21, 0x8c, 0xc9, 0x4c, 0x3d, 0x4a, 0xf1, 0x7f,
                                          0x58, 0xda, 0xee, 0x08, 0x9b, 0xa1, 0xfd, 0x44,
                                          0xe3, 0xdb, 0xd9, 0x8a, 0x00, 0x00, 0x00, 0x00}};
static const uint8_t AUTHORITY_SEED[] = {'a', 'u', 't', 'h', 'o', 'r', 'i', 't', 'y'};
static const uint64_t POW10[MAX_DECIMALS + 1] = {
    1ULL, 10ULL, 100ULL, 1000ULL, 10000ULL, 100000ULL, 1000000ULL, 10000000ULL, 100000000ULL,
    1000000000ULL};

/* The most any instruction takes: Distribute's head and its pairs. */
#define MAX_ACCOUNTS (DISTRIBUTE_ACCOUNT_COUNT + 2 * DISTRIBUTE_MAX_BUYERS)
#define ACCOUNT_STORAGE_OVERHEAD 128
#define F64_ONE_BITS 0x3FF0000000000000ULL
#define F64_TWO_BITS 0x4000000000000000ULL

/* ------------------------------------------------------------------ account checks */
/* An initialized presale state account owned by this program. */
static uint64_t check_presale(const SolAccountInfo *presale, const SolPubkey *program_id) {
  if (!fbt_pubkey_eq(presale->owner->x, program_id->x)) return E_PRESALE_WRONG_OWNER;
  if (presale->data_len != PRESALE_ACCOUNT_SIZE) return E_PRESALE_INVALID;
  const uint8_t *s = presale->data;
  if (s[PS_IS_INITIALIZED] != 1 || s[PS_KIND] != ACCOUNT_KIND_PRESALE) return E_NOT_INITIALIZED;
  return FBT_SUCCESS;
}

/* A buyer record of this program for `presale`, and of `buyer` unless NULL. */
static bool is_buyer_record_of(const SolAccountInfo *record, const SolPubkey *program_id,
                               const uint8_t *presale, const uint8_t *buyer) {
  const uint8_t *r = record->data;
  return fbt_pubkey_eq(record->owner->x, program_id->x) && record->data_len == BUYER_RECORD_SIZE &&
         r[BR_KIND] == ACCOUNT_KIND_BUYER_RECORD && fbt_pubkey_eq(r + BR_PRESALE, presale) &&
         (buyer == NULL || fbt_pubkey_eq(r + BR_BUYER, buyer));
}

/* The signature of a presale's authority PDA ["authority", presale, bump]: what moves FBT out of
 * the vault and creates buyer records. Filled in place (the signer points into its seeds). */
typedef struct {
  uint8_t bump[1];
  SolSignerSeed seeds[3];
  SolSignerSeeds signer;
} AuthoritySigner;

static void authority_signer(const SolAccountInfo *presale, AuthoritySigner *a) {
  a->bump[0] = presale->data[PS_AUTHORITY_BUMP];
  a->seeds[0] = (SolSignerSeed){AUTHORITY_SEED, sizeof(AUTHORITY_SEED)};
  a->seeds[1] = (SolSignerSeed){presale->key->x, 32};
  a->seeds[2] = (SolSignerSeed){a->bump, 1};
  a->signer = (SolSignerSeeds){a->seeds, 3};
}

static bool limits_are_valid(uint64_t price, uint64_t min, uint64_t max_user, uint64_t max_total,
                             uint8_t decimals) {
  if (min == 0 || min > max_user || min > max_total) return false;
  uint64_t tokens;
  if (fbt_mul_div_floor(min, POW10[decimals], price, &tokens)) return false;
  return tokens > 0; /* the minimum purchase must buy at least one base unit */
}

/* ------------------------------------------------------------------ CPI helpers */
typedef struct {
  const SolSignerSeeds *signers;
  uint64_t signer_count;
} Signers;


typedef struct {
  SolAccountInfo *from;
  SolAccountInfo *to;
  SolAccountInfo *system_program;
  uint64_t lamports;
  /* The instruction's own account infos (every CPI account among them), passed as they are
   * instead of copying the three: the runtime finds infos by key. NULL = copy. */
  const SolAccountInfo *all_infos;
  uint64_t all_info_count;
} SystemTransfer;

static uint64_t system_transfer(const SystemTransfer *t) {
  uint8_t data[12] = {2, 0, 0, 0};
  fbt_put_u64(data + 4, t->lamports);
  SolAccountMeta metas[2] = {{t->from->key, true, true}, {t->to->key, true, false}};
  SolInstruction ix = {t->system_program->key, metas, 2, data, sizeof(data)};
  if (t->all_infos != NULL) {
    return sol_invoke_signed_c(&ix, t->all_infos, t->all_info_count, NULL, 0);
  }
  SolAccountInfo infos[3] = {*t->from, *t->to, *t->system_program};
  return sol_invoke_signed_c(&ix, infos, 3, NULL, 0);
}

/* Moves lamports out of an account this program owns (direct debit, no CPI). */
static uint64_t move_lamports(SolAccountInfo *from, SolAccountInfo *to, uint64_t lamports) {
  uint64_t from_after, to_after;
  if (fbt_sub_underflow(*from->lamports, lamports, &from_after) ||
      fbt_add_overflow(*to->lamports, lamports, &to_after)) {
    return E_ARITHMETIC_OVERFLOW;
  }
  *from->lamports = from_after;
  *to->lamports = to_after;
  return FBT_SUCCESS;
}

typedef struct {
  SolAccountInfo *payer;
  SolAccountInfo *account;
  SolAccountInfo *system_program;
  const SolPubkey *owner;
  uint64_t lamports;
  uint64_t space;
  Signers signers;
  /* When set, a pre-funded address is not topped up here: the missing rent is stored in
   * *deferred_top_up and the caller pays it with its own transfer into the account. */
  uint64_t *deferred_top_up;
  const SolAccountInfo *all_infos; /* as in SystemTransfer (required) */
  uint64_t all_info_count;
} SystemCreate;

/* CreateAccount when the address holds no lamports; otherwise top up, Allocate and Assign, so
 * that lamports sent to the address beforehand cannot block account creation. */
static uint64_t system_create_pda(const SystemCreate *c) {
  SolAccountInfo *account = c->account;
  uint64_t existing = *account->lamports;
  if (c->deferred_top_up != NULL) *c->deferred_top_up = 0;
  if (existing == 0) {
    uint8_t data[52] = {0, 0, 0, 0};
    fbt_put_u64(data + 4, c->lamports);
    fbt_put_u64(data + 12, c->space);
    fbt_pubkey_copy(data + 20, c->owner->x);
    SolAccountMeta metas[2] = {{c->payer->key, true, true}, {account->key, true, true}};
    SolInstruction ix = {c->system_program->key, metas, 2, data, sizeof(data)};
    return sol_invoke_signed_c(&ix, c->all_infos, c->all_info_count, c->signers.signers,
                               c->signers.signer_count);
  }
  if (existing < c->lamports && c->deferred_top_up != NULL) {
    *c->deferred_top_up = c->lamports - existing;
  } else if (existing < c->lamports) {
    SystemTransfer top_up = {c->payer,    account, c->system_program, c->lamports - existing,
                             c->all_infos, c->all_info_count};
    uint64_t result = system_transfer(&top_up);
    if (result != FBT_SUCCESS) return result;
  }
  SolAccountMeta metas[1] = {{account->key, true, true}};
  uint8_t allocate[12] = {8, 0, 0, 0};
  fbt_put_u64(allocate + 4, c->space);
  SolInstruction allocate_ix = {c->system_program->key, metas, 1, allocate, sizeof(allocate)};
  uint64_t result =
      sol_invoke_signed_c(&allocate_ix, c->all_infos, c->all_info_count,
                                        c->signers.signers, c->signers.signer_count);
  if (result != FBT_SUCCESS) return result;
  uint8_t assign[36] = {1, 0, 0, 0};
  fbt_pubkey_copy(assign + 4, c->owner->x);
  SolInstruction assign_ix = {c->system_program->key, metas, 1, assign, sizeof(assign)};
  return sol_invoke_signed_c(&assign_ix, c->all_infos, c->all_info_count, c->signers.signers,
                             c->signers.signer_count);
}

/* An address of createAccountWithSeed: sha256(base || seed || owner), created by the System
 * program only with the base's signature (given by the caller's signer seeds). */
typedef struct {
  SolAccountInfo *base;
  const uint8_t *seed;
  uint64_t seed_len; /* at most SYSTEM_MAX_SEED_LEN */
} SeededAddress;

#define SYSTEM_MAX_SEED_LEN 32
#define SYSTEM_CREATE_ACCOUNT_WITH_SEED 3
#define SYSTEM_ALLOCATE_WITH_SEED 9

/* CreateAccountWithSeed when the address holds no lamports; otherwise top up (or defer, as in
 * system_create_pda) and AllocateWithSeed, which also assigns the owner, so that lamports sent to
 * the address beforehand cannot block its creation. */
static uint64_t system_create_with_seed(const SystemCreate *c, const SeededAddress *a) {
  SolAccountInfo *account = c->account;
  uint64_t existing = *account->lamports;
  if (c->deferred_top_up != NULL) *c->deferred_top_up = 0;
  if (a->seed_len > SYSTEM_MAX_SEED_LEN) return FBT_ERROR_INVALID_ARGUMENT;
  /* Both instructions start with [u32 tag, base, u64 seed length, seed] (bincode). */
  uint8_t data[4 + 32 + 8 + SYSTEM_MAX_SEED_LEN + 8 + 8 + 32];
  data[1] = data[2] = data[3] = 0;
  uint8_t *p = data + 4;
  fbt_pubkey_copy(p, a->base->key->x);
  fbt_store_u64(p + 32, a->seed_len);
  sol_memcpy_(p + 40, a->seed, a->seed_len);
  p += 40 + a->seed_len;
  if (existing == 0) {
    data[0] = SYSTEM_CREATE_ACCOUNT_WITH_SEED; /* .., u64 lamports, u64 space, owner */
    fbt_store_u64(p, c->lamports);
    fbt_store_u64(p + 8, c->space);
    fbt_pubkey_copy(p + 16, c->owner->x);
    SolAccountMeta metas[3] = {
        {c->payer->key, true, true}, {account->key, true, false}, {a->base->key, false, true}};
    SolInstruction ix = {c->system_program->key, metas, 3, data, (uint64_t)(p + 48 - data)};
    return sol_invoke_signed_c(&ix, c->all_infos, c->all_info_count, c->signers.signers,
                               c->signers.signer_count);
  }
  if (existing < c->lamports && c->deferred_top_up != NULL) {
    *c->deferred_top_up = c->lamports - existing;
  } else if (existing < c->lamports) {
    SystemTransfer top_up = {c->payer,    account, c->system_program, c->lamports - existing,
                             c->all_infos, c->all_info_count};
    uint64_t result = system_transfer(&top_up);
    if (result != FBT_SUCCESS) return result;
  }
  data[0] = SYSTEM_ALLOCATE_WITH_SEED; /* .., u64 space, owner */
  fbt_store_u64(p, c->space);
  fbt_pubkey_copy(p + 8, c->owner->x);
  SolAccountMeta metas[2] = {{account->key, true, false}, {a->base->key, false, true}};
  SolInstruction ix = {c->system_program->key, metas, 2, data, (uint64_t)(p + 40 - data)};
  return sol_invoke_signed_c(&ix, c->all_infos, c->all_info_count, c->signers.signers,
                             c->signers.signer_count);
}

/* A buyer record's seed: the lowercase hex of the first BUYER_RECORD_SEED_KEY_BYTES bytes of the
 * buyer's key (32 characters: the System program's longest seed, and UTF-8 as it requires). */
typedef struct {
  uint8_t bytes[BUYER_RECORD_SEED_LEN];
} BuyerRecordSeed;

/* The buyer record of `buyer` on the presale whose authority is `authority`: the seeded address
 * sha256(authority || seed || program id). The authority is a PDA of this program, so only this
 * program can create or assign an account there; and it costs one hash whatever the wallet (no
 * bump to search). Two wallets share a seed only if their first 16 bytes are equal (~2^128 tries
 * to find one for a given wallet); the record names its full buyer and every instruction checks
 * it, so such a wallet could only be refused. Writes the seed and the address. */
static bool buyer_record_address(const SolPubkey *authority, const SolPubkey *buyer,
                                 const SolPubkey *program_id, BuyerRecordSeed *seed,
                                 SolPubkey *address) {
  /* Four key bytes at a time become eight characters: each byte's nibbles spread to two byte
   * lanes (high nibble first), then '0' + n, plus 39 more for n >= 10 ('a' - '0' - 10). */
  for (int i = 0; i < BUYER_RECORD_SEED_KEY_BYTES; i += 4) {
    uint64_t t = (uint64_t)buyer->x[i] | ((uint64_t)buyer->x[i + 1] << 16) |
                 ((uint64_t)buyer->x[i + 2] << 32) | ((uint64_t)buyer->x[i + 3] << 48);
    uint64_t n = ((t >> 4) & 0x000F000F000F000FULL) | ((t & 0x000F000F000F000FULL) << 8);
    uint64_t letters = ((n + 0x0606060606060606ULL) >> 4) & 0x0101010101010101ULL;
    fbt_store_u64(seed->bytes + 2 * i, n + 0x3030303030303030ULL + letters * 39);
  }
  SolBytes parts[3] = {
      {authority->x, 32}, {seed->bytes, BUYER_RECORD_SEED_LEN}, {program_id->x, 32}};
  return sol_sha256(parts, 3, address->x) == 0;
}

typedef struct {
  SolAccountInfo *source;
  SolAccountInfo *mint;
  SolAccountInfo *destination;
  SolAccountInfo *authority;
  SolAccountInfo *token_program;
  uint64_t amount;
  uint8_t decimals;
  Signers signers;
  const SolAccountInfo *all_infos; /* as in SystemTransfer */
  uint64_t all_info_count;
} TokenTransfer;

static uint64_t token_transfer_checked(const TokenTransfer *t) {
  uint8_t data[10] = {12};
  fbt_put_u64(data + 1, t->amount);
  data[9] = t->decimals;
  SolAccountMeta metas[4] = {{t->source->key, true, false},
                             {t->mint->key, false, false},
                             {t->destination->key, true, false},
                             {t->authority->key, false, true}};
  SolInstruction ix = {t->token_program->key, metas, 4, data, sizeof(data)};
  if (t->all_infos != NULL) {
    return sol_invoke_signed_c(&ix, t->all_infos, t->all_info_count, t->signers.signers,
                               t->signers.signer_count);
  }
  SolAccountInfo infos[5] = {*t->source, *t->mint, *t->destination, *t->authority,
                             *t->token_program};
  return sol_invoke_signed_c(&ix, infos, 5, t->signers.signers, t->signers.signer_count);
}

typedef struct {
  SolAccountInfo *account;
  SolAccountInfo *current_owner;
  SolAccountInfo *token_program;
  const SolPubkey *new_owner;
} TokenSetOwner;

static uint64_t token_set_account_owner(const TokenSetOwner *t) {
  uint8_t data[35] = {6, 2, 1}; /* SetAuthority, AccountOwner, Some(new_owner) */
  fbt_pubkey_copy(data + 3, t->new_owner->x);
  SolAccountMeta metas[2] = {{t->account->key, true, false}, {t->current_owner->key, false, true}};
  SolInstruction ix = {t->token_program->key, metas, 2, data, sizeof(data)};
  SolAccountInfo infos[3] = {*t->account, *t->current_owner, *t->token_program};
  return sol_invoke_signed_c(&ix, infos, 3, NULL, 0);
}

/* Rent-exempt minimum from the Rent sysvar account, in integers: the threshold is an f64 and
 * upstream BPF has no soft-float, so the two values the runtime has used (2.0, and 1.0 since
 * SIMD-0194) are recognised by their bits; anything else is refused rather than guessed. */
static uint64_t rent_exempt_minimum(const SolAccountInfo *rent, uint64_t data_len, uint64_t *out) {
  if (rent->data_len < 17) return E_UNSUPPORTED_RENT;
  uint64_t lamports_per_byte_year = fbt_load_u64(rent->data);
  uint64_t threshold_bits = fbt_load_u64(rent->data + 8);
  uint64_t multiplier;
  if (threshold_bits == F64_ONE_BITS) {
    multiplier = 1;
  } else if (threshold_bits == F64_TWO_BITS) {
    multiplier = 2;
  } else {
    return E_UNSUPPORTED_RENT;
  }
  uint64_t per_year;
  if (fbt_mul_overflow(ACCOUNT_STORAGE_OVERHEAD + data_len, lamports_per_byte_year, &per_year) ||
      fbt_mul_overflow(per_year, multiplier, out)) {
    return E_ARITHMETIC_OVERFLOW;
  }
  return FBT_SUCCESS;
}

/* ------------------------------------------------------------------ 0 Initialize */
static uint64_t process_initialize(const FbtInput *in) {
  if (in->account_count != INITIALIZE_ACCOUNT_COUNT) return E_WRONG_ACCOUNT_COUNT;
  if (in->has_duplicates) return E_DUPLICATE_ACCOUNT;
  if (in->data_len != INITIALIZE_MIN_DATA_LEN && in->data_len != INITIALIZE_MAX_DATA_LEN) {
    return E_INVALID_INSTRUCTION;
  }
  SolAccountInfo *seller = &in->accounts[0], *presale = &in->accounts[1];
  SolAccountInfo *temp = &in->accounts[2], *mint = &in->accounts[3];
  SolAccountInfo *authority = &in->accounts[4], *token_program = &in->accounts[5];

  /* The presale account must sign too: otherwise anyone could initialize (and become the seller
   * of) an account another seller created but had not initialized yet. */
  if (!seller->is_signer || !presale->is_signer) return E_MISSING_SIGNER;
  if (!presale->is_writable || !temp->is_writable) return E_NOT_WRITABLE;
  if (!fbt_pubkey_eq(presale->owner->x, in->program_id->x)) return E_PRESALE_WRONG_OWNER;
  if (presale->data_len != PRESALE_ACCOUNT_SIZE) return E_PRESALE_INVALID;
  uint8_t *s = presale->data;
  if (s[PS_IS_INITIALIZED] != 0 || s[PS_KIND] != 0) return E_ALREADY_INITIALIZED;
  if (!is_supported_token_program(token_program->key->x)) return E_WRONG_TOKEN_PROGRAM;

  const uint8_t *d = in->data;
  uint64_t price = fbt_load_u64(d + 1), min = fbt_load_u64(d + 9);
  uint64_t max_user = fbt_load_u64(d + 17), max_total = fbt_load_u64(d + 25);
  uint8_t bump = d[33], active = d[34];
  if (active > 1) return E_INVALID_INSTRUCTION;
  if (price == 0) return E_INVALID_PRICE;

  uint64_t mint_result = check_sellable_mint(token_program, mint);
  if (mint_result != FBT_SUCCESS) return mint_result;
  uint8_t decimals = mint->data[MINT_DECIMALS];
  if (!limits_are_valid(price, min, max_user, max_total, decimals)) return E_INVALID_LIMITS;
  /* The 35-byte form is an instant presale; the 54-byte form appends the delivery terms. */
  DeliveryTerms terms = {DELIVERY_INSTANT, 0, BPS_PER_WHOLE, 0, 0};
  if (in->data_len == INITIALIZE_MAX_DATA_LEN) {
    const uint8_t *t = d + INITIALIZE_MIN_DATA_LEN;
    terms.mode = t[0];
    terms.minimum_raise = fbt_load_u64(t + 1);
    terms.bps = fbt_load_u16(t + 9);
    terms.cliff = fbt_load_u32(t + 11);
    terms.duration = fbt_load_u32(t + 15);
    uint64_t invalid = check_delivery_terms(&terms, min, max_total);
    if (invalid != FBT_SUCCESS) return invalid;
  }

  /* Only the canonical authority (highest valid bump): one authority per presale. */
  SolSignerSeed seeds[3] = {{AUTHORITY_SEED, sizeof(AUTHORITY_SEED)}, {presale->key->x, 32}};
  SolPubkey derived;
  uint8_t canonical_bump;
  FbtPdaQuery query = {seeds, 2, in->program_id};
  if (!fbt_find_program_address(&query, &derived, &canonical_bump) || canonical_bump != bump ||
      !fbt_pubkey_eq(derived.x, authority->key->x)) {
    return E_WRONG_AUTHORITY;
  }

  if (!is_token_account_of(temp, token_program, mint->key->x, NULL)) {
    return E_WRONG_TEMP_TOKEN_ACCOUNT;
  }
  if (temp->data[TA_DELEGATE_TAG] != 0 || temp->data[TA_CLOSE_AUTHORITY_TAG] != 0) {
    return E_TEMP_TOKEN_ACCOUNT_UNSAFE;
  }
  if (!fbt_pubkey_eq(temp->data + TA_OWNER, authority->key->x)) {
    /* Hand the temp account to the program: only the seller (its current owner) can. */
    if (!fbt_pubkey_eq(temp->data + TA_OWNER, seller->key->x)) return E_WRONG_TEMP_TOKEN_ACCOUNT;
    TokenSetOwner set = {temp, seller, token_program, authority->key};
    uint64_t result = token_set_account_owner(&set);
    if (result != FBT_SUCCESS) return result;
    if (!fbt_pubkey_eq(temp->data + TA_OWNER, authority->key->x)) return E_WRONG_TEMP_TOKEN_ACCOUNT;
  }

  s[PS_IS_INITIALIZED] = 1;
  s[PS_IS_ACTIVED] = active;
  fbt_pubkey_copy(s + PS_SELLER, seller->key->x);
  fbt_pubkey_copy(s + PS_TEMP_TOKEN_ACCOUNT, temp->key->x);
  fbt_store_u64(s + PS_TOKEN_PRICE, price);
  fbt_store_u64(s + PS_MAX_USER_BUYABLE, max_user);
  fbt_store_u64(s + PS_MIN_USER_BUYABLE, min);
  fbt_store_u64(s + PS_MAX_TOTAL_BUYABLE, max_total);
  fbt_store_u64(s + PS_CURRENT_TOTAL_SOLD, 0);
  s[PS_KIND] = ACCOUNT_KIND_PRESALE;
  s[PS_VERSION] = PRESALE_LAYOUT_VERSION;
  s[PS_AUTHORITY_BUMP] = bump;
  s[PS_DECIMALS] = decimals;
  fbt_pubkey_copy(s + PS_MINT, mint->key->x);
  fbt_pubkey_copy(s + PS_AUTHORITY, authority->key->x);
  fbt_store_u64(s + PS_TOKENS_SOLD, 0);
  fbt_store_u64(s + PS_BUYER_COUNT, 0);
  /* No window, no allowlist, no pending seller, no leaders, nothing owed or escrowed yet. */
  sol_memset_(s + PS_SALE_START, 0, PRESALE_ACCOUNT_SIZE - PS_SALE_START);
  s[PS_DELIVERY_MODE] = terms.mode;
  fbt_store_u16(s + PS_UNLOCKED_AT_COMPLETION_BPS, terms.bps);
  fbt_store_u32(s + PS_CLIFF_SECONDS, terms.cliff);
  fbt_store_u32(s + PS_VESTING_SECONDS, terms.duration);
  fbt_store_u64(s + PS_MINIMUM_RAISE, terms.minimum_raise);
  return FBT_SUCCESS;
}

/* ------------------------------------------------------------------ 1 Buy, 5 BuyWith */
/* What a purchase carries beyond its amount: the proof and leader record (BuyWith only), and
 * the latest sale end the buyer accepts (both, optional). */
typedef struct {
  const uint8_t *proof;    /* allowlist proof, proof_count x 32 bytes */
  uint64_t proof_count;
  SolAccountInfo *leader;  /* leader record, or NULL */
  const uint8_t *latest_end; /* i64 unix seconds, or NULL: no bound */
} BuyOptions;

/* -1 / 0 / 1 comparing two 32-byte strings as big-endian numbers (byte order). */
static int compare32(const uint8_t *a, const uint8_t *b) {
  for (int i = 0; i < 32; i++) {
    if (a[i] != b[i]) return a[i] < b[i] ? -1 : 1;
  }
  return 0;
}

/* The buyer is on the presale's allowlist: leaf = sha256(0x00 || presale || buyer), each level
 * sha256(0x01 || lower || higher) of the two 32-byte children in byte order, up to the root. */
static uint64_t check_allowlist(const uint8_t *root, const SolAccountInfo *presale,
                                const SolAccountInfo *buyer, const BuyOptions *o) {
  static const uint8_t LEAF_TAG[1] = {0}, NODE_TAG[1] = {1};
  uint8_t node[32];
  SolBytes leaf[3] = {{LEAF_TAG, 1}, {presale->key->x, 32}, {buyer->key->x, 32}};
  if (sol_sha256(leaf, 3, node) != 0) return E_NOT_ALLOWLISTED;
  for (uint64_t i = 0; i < o->proof_count; i++) {
    const uint8_t *sibling = o->proof + 32 * i;
    bool node_first = compare32(node, sibling) <= 0;
    SolBytes pair[3] = {{NODE_TAG, 1},
                        {node_first ? node : sibling, 32},
                        {node_first ? sibling : node, 32}};
    if (sol_sha256(pair, 3, node) != 0) return E_NOT_ALLOWLISTED;
  }
  return fbt_pubkey_eq(node, root) ? FBT_SUCCESS : E_NOT_ALLOWLISTED;
}

/* Buys are open at `now` (unix seconds): start <= now < end, a zero bound being none. With the
 * buyer's bound (`latest_end`, or NULL), a presale ending later than the buyer accepted, or
 * never, is refused: the seller may have moved the end after the buyer read it. */
static uint64_t check_window(const uint8_t *s, const uint8_t *latest_end) {
  int64_t start = (int64_t)fbt_load_u64(s + PS_SALE_START);
  int64_t end = (int64_t)fbt_load_u64(s + PS_SALE_END);
  if (latest_end != NULL && (end == 0 || end > (int64_t)fbt_load_u64(latest_end))) {
    return E_SALE_END_MOVED;
  }
  if (start == 0 && end == 0) return FBT_SUCCESS;
  int64_t now;
  if (!clock_now(&now)) return E_SALE_NOT_STARTED;
  if (start != 0 && now < start) return E_SALE_NOT_STARTED;
  if (end != 0 && now >= end) return E_SALE_ENDED;
  return FBT_SUCCESS;
}

/* A leader record of this presale (any record this program wrote is kind-tagged and sized). */
static bool is_leader_record_of(const SolAccountInfo *record, const SolAccountInfo *presale,
                                const SolPubkey *program_id) {
  return fbt_pubkey_eq(record->owner->x, program_id->x) &&
         record->data_len == LEADER_RECORD_SIZE &&
         record->data[LR_KIND] == ACCOUNT_KIND_LEADER_RECORD &&
         fbt_pubkey_eq(record->data + LR_PRESALE, presale->key->x);
}

static uint64_t process_buy_core(const FbtInput *in, const BuyOptions *o) {
  if (in->has_duplicates) return E_DUPLICATE_ACCOUNT;
  SolAccountInfo *buyer = &in->accounts[0], *presale = &in->accounts[1];
  SolAccountInfo *seller = &in->accounts[2], *temp = &in->accounts[3];
  SolAccountInfo *buyer_token = &in->accounts[4], *record = &in->accounts[5];
  SolAccountInfo *authority = &in->accounts[6], *mint = &in->accounts[7];
  SolAccountInfo *token_program = &in->accounts[8], *system_program = &in->accounts[9];
  SolAccountInfo *rent = &in->accounts[10], *leader = o->leader;
  const SolPubkey *program_id = in->program_id;

  if (!buyer->is_signer) return E_MISSING_SIGNER;
  if (!buyer->is_writable || !presale->is_writable || !seller->is_writable ||
      !temp->is_writable || !buyer_token->is_writable || !record->is_writable ||
      (leader != NULL && !leader->is_writable)) {
    return E_NOT_WRITABLE;
  }
  uint64_t result = check_presale(presale, program_id);
  if (result != FBT_SUCCESS) return result;
  uint8_t *s = presale->data;
  if (!fbt_pubkey_eq(seller->key->x, s + PS_SELLER)) return E_NOT_SELLER;
  if (!fbt_pubkey_eq(temp->key->x, s + PS_TEMP_TOKEN_ACCOUNT) ||
      !has_token_account_layout(temp)) {
    return E_WRONG_TEMP_TOKEN_ACCOUNT;
  }
  if (!fbt_pubkey_eq(authority->key->x, s + PS_AUTHORITY)) return E_WRONG_AUTHORITY;
  if (!fbt_pubkey_eq(mint->key->x, s + PS_MINT)) return E_WRONG_MINT;
  result = check_token_program(token_program, mint);
  if (result != FBT_SUCCESS) return result;
  if (!fbt_pubkey_is_zero(system_program->key->x)) return E_WRONG_SYSTEM_PROGRAM;
  if (!fbt_pubkey_eq(rent->key->x, RENT_SYSVAR_ID.x)) return E_WRONG_RENT_SYSVAR;
  if (s[PS_IS_ACTIVED] != 1) return E_PRESALE_INACTIVE;
  /* At completion: nothing after Finalize, and an end to the window, so that what buyers are
   * owed (and, with a minimum raise, their escrowed SOL) always reaches an outcome. */
  bool at_completion = delivers_at_completion(s);
  bool escrow = at_completion && has_escrow(s);
  if (at_completion) {
    if (s[PS_STATUS] >= SALE_SUCCEEDED) return E_ALREADY_FINALIZED;
    if (fbt_load_u64(s + PS_SALE_END) == 0) return E_SALE_END_REQUIRED;
  }
  result = check_window(s, o->latest_end);
  if (result != FBT_SUCCESS) return result;

  uint64_t amount = fbt_load_u64(in->data + 1);
  uint64_t price = fbt_load_u64(s + PS_TOKEN_PRICE);
  uint64_t max_user = fbt_load_u64(s + PS_MAX_USER_BUYABLE);
  uint64_t min = fbt_load_u64(s + PS_MIN_USER_BUYABLE);
  uint64_t max_total = fbt_load_u64(s + PS_MAX_TOTAL_BUYABLE);
  uint64_t sold = fbt_load_u64(s + PS_CURRENT_TOTAL_SOLD);
  if (amount == 0) return E_ZERO_AMOUNT;
  /* Sold out when even the smallest allowed buy would pass the cap:
   * currentTotalSold + minUserBuyable > maxTotalBuyable. */
  uint64_t total_left;
  if (fbt_sub_underflow(max_total, sold, &total_left) || min > total_left) return E_SOLD_OUT;
  if (amount < min) return E_BELOW_MINIMUM;
  if (amount > total_left) return E_EXCEEDS_TOTAL_MAXIMUM;

  if (!fbt_pubkey_is_zero(s + PS_ALLOWLIST_ROOT)) {
    result = check_allowlist(s + PS_ALLOWLIST_ROOT, presale, buyer, o);
    if (result != FBT_SUCCESS) return result;
  }

  if (!is_token_account_of(buyer_token, token_program, s + PS_MINT, buyer->key->x)) {
    return E_INVALID_TOKEN_ACCOUNT;
  }

  if (leader != NULL) {
    if (!is_leader_record_of(leader, presale, program_id)) return E_INVALID_LEADER_RECORD;
    if (leader->data[LR_ACTIVE] != 1) return E_LEADER_INACTIVE;
    if (fbt_pubkey_eq(leader->data + LR_WALLET, buyer->key->x)) return E_SELF_REFERRAL;
  }

  bool is_new_record;
  uint64_t spent = 0, received = 0;
  BuyerRecordSeed record_seed;
  SolPubkey derived;
  if (fbt_pubkey_eq(record->owner->x, program_id->x)) {
    const uint8_t *r = record->data;
    if (!is_buyer_record_of(record, program_id, presale->key->x, buyer->key->x)) {
      return E_INVALID_BUYER_RECORD;
    }
    is_new_record = false;
    spent = fbt_load_u64(r + BR_LAMPORTS_SPENT);
    received = fbt_load_u64(r + BR_TOKENS_RECEIVED);
  } else if (fbt_pubkey_is_zero(record->owner->x) && record->data_len == 0) {
    /* First purchase: the address must be this buyer's record address for this presale (one
     * record per buyer, or the per-user maximum could be bypassed): one hash whatever the
     * wallet (buyer_record_address). Lamports already at the address do not matter (see
     * system_create_with_seed). */
    if (!buyer_record_address(authority->key, buyer->key, program_id, &record_seed, &derived) ||
        !fbt_pubkey_eq(derived.x, record->key->x)) {
      return E_INVALID_BUYER_RECORD;
    }
    is_new_record = true;
  } else {
    return E_INVALID_BUYER_RECORD;
  }

  uint64_t new_spent;
  if (fbt_add_overflow(spent, amount, &new_spent)) return E_ARITHMETIC_OVERFLOW;
  if (new_spent > max_user) return E_EXCEEDS_USER_MAXIMUM;

  uint8_t decimals = s[PS_DECIMALS];
  if (decimals > MAX_DECIMALS) return E_PRESALE_INVALID;
  uint64_t tokens;
  if (fbt_mul_div_floor(amount, POW10[decimals], price, &tokens)) return E_ARITHMETIC_OVERFLOW;
  if (tokens == 0) return E_ZERO_TOKENS;
  /* What the vault can sell: its balance, less (at completion) what earlier buys are owed. */
  uint64_t available = fbt_load_u64(temp->data + TA_AMOUNT);
  uint64_t new_owed = 0, new_escrow = 0;
  if (at_completion) {
    uint64_t owed = fbt_load_u64(s + PS_TOKENS_OWED);
    if (fbt_sub_underflow(available, owed, &available)) return E_INSUFFICIENT_TOKENS;
    if (fbt_add_overflow(owed, tokens, &new_owed) ||
        (escrow && fbt_add_overflow(fbt_load_u64(s + PS_ESCROW_LAMPORTS), amount, &new_escrow))) {
      return E_ARITHMETIC_OVERFLOW;
    }
  }
  if (available < tokens) return E_INSUFFICIENT_TOKENS;

  uint64_t new_received, new_tokens_sold, new_total = sold + amount; /* amount <= total_left */
  if (fbt_add_overflow(received, tokens, &new_received) ||
      fbt_add_overflow(fbt_load_u64(s + PS_TOKENS_SOLD), tokens, &new_tokens_sold)) {
    return E_ARITHMETIC_OVERFLOW;
  }
  /* Leader share: 10% rounded down; the seller gets the rest (buyer paid = seller + leader). */
  uint64_t commission = 0, seller_share = amount;
  uint64_t leader_volume = 0, leader_buys = 0, leader_accrued = 0, presale_commission = 0;
  if (leader != NULL) {
    commission = amount / LEADER_COMMISSION_DIVISOR;
    seller_share = amount - commission;
    uint8_t *l = leader->data;
    if (fbt_add_overflow(fbt_load_u64(l + LR_VOLUME), amount, &leader_volume) ||
        fbt_add_overflow(fbt_load_u64(l + LR_BUYS), 1, &leader_buys) ||
        fbt_add_overflow(fbt_load_u64(l + LR_ACCRUED), commission, &leader_accrued) ||
        fbt_add_overflow(fbt_load_u64(s + PS_LEADER_COMMISSION), commission,
                         &presale_commission)) {
      return E_ARITHMETIC_OVERFLOW;
    }
  }

  AuthoritySigner signer; /* for the new record's creation and an instant delivery */
  authority_signer(presale, &signer);
  bool prefunded = false;
  uint64_t record_top_up = 0;
  if (is_new_record) {
    uint64_t rent_lamports;
    result = rent_exempt_minimum(rent, BUYER_RECORD_SIZE, &rent_lamports);
    if (result != FBT_SUCCESS) return result;
    prefunded = *record->lamports != 0;
    /* The authority signs as the address's base: only this program can. */
    SystemCreate create = {buyer,         record, system_program,   program_id,
                           rent_lamports, BUYER_RECORD_SIZE, {&signer.signer, 1}, &record_top_up,
                           in->accounts,  in->account_count};
    SeededAddress seeded = {authority, record_seed.bytes, BUYER_RECORD_SEED_LEN};
    result = system_create_with_seed(&create, &seeded);
    if (result != FBT_SUCCESS) return result;
    if (fbt_current_data_len(record) != BUYER_RECORD_SIZE) return E_INVALID_BUYER_RECORD;
  }

  /* SOL: one System transfer from the buyer into a hub, then direct moves out of it (the hub is
   * ours, so the program may debit it). Plain buy: the seller is the hub. Leader buy: the leader
   * record. Escrow (a minimum raise): the presale account keeps it all, a leader's share too.
   * First buy on a pre-funded record address: the new buyer record, which also takes its missing
   * rent in the same transfer, so griefing costs Allocate + Assign and nothing more. */
  SolAccountInfo *hub = prefunded ? record : escrow ? presale : leader != NULL ? leader : seller;
  uint64_t paid;
  if (fbt_add_overflow(amount, record_top_up, &paid)) return E_ARITHMETIC_OVERFLOW;
  SystemTransfer pay = {buyer, hub, system_program, paid, in->accounts, in->account_count};
  result = system_transfer(&pay);
  if (result != FBT_SUCCESS) return result;
  if (escrow) {
    if (hub != presale) {
      result = move_lamports(hub, presale, amount);
      if (result != FBT_SUCCESS) return result;
    }
  } else {
    if (hub != seller) {
      result = move_lamports(hub, seller, seller_share);
      if (result != FBT_SUCCESS) return result;
    }
    if (leader != NULL && hub != leader) {
      result = move_lamports(hub, leader, commission);
      if (result != FBT_SUCCESS) return result;
    }
  }
  if (leader != NULL) {
    uint8_t *l = leader->data;
    fbt_store_u64(l + LR_VOLUME, leader_volume);
    fbt_store_u64(l + LR_BUYS, leader_buys);
    fbt_store_u64(l + LR_ACCRUED, leader_accrued);
    fbt_store_u64(s + PS_LEADER_COMMISSION, presale_commission);
  }

  if (!at_completion) {
    TokenTransfer deliver = {temp,          mint,   buyer_token, authority,
                             token_program, tokens, decimals,    {&signer.signer, 1},
                             in->accounts,  in->account_count};
    result = token_transfer_checked(&deliver);
    if (result != FBT_SUCCESS) return result;
  }

  uint8_t *r = record->data;
  if (is_new_record) {
    fbt_pubkey_copy(r + BR_PRESALE, presale->key->x);
    fbt_pubkey_copy(r + BR_BUYER, buyer->key->x);
    r[BR_KIND] = ACCOUNT_KIND_BUYER_RECORD;
    r[BR_VERSION] = BUYER_RECORD_LAYOUT_VERSION;
    uint64_t buyers;
    if (fbt_add_overflow(fbt_load_u64(s + PS_BUYER_COUNT), 1, &buyers)) return E_ARITHMETIC_OVERFLOW;
    fbt_store_u64(s + PS_BUYER_COUNT, buyers);
  }
  fbt_store_u64(r + BR_LAMPORTS_SPENT, new_spent);
  fbt_store_u64(r + BR_TOKENS_RECEIVED, new_received);
  fbt_store_u64(s + PS_CURRENT_TOTAL_SOLD, new_total);
  fbt_store_u64(s + PS_TOKENS_SOLD, new_tokens_sold);
  if (at_completion) {
    /* The FBT stay in the vault, owed; the buy that sells out starts the vesting clock. */
    fbt_store_u64(s + PS_TOKENS_OWED, new_owed);
    if (escrow) fbt_store_u64(s + PS_ESCROW_LAMPORTS, new_escrow);
    int64_t now;
    if (is_sold_out(s)) {
      if (!clock_now(&now)) return FBT_ERROR_INVALID_ARGUMENT;
      record_sold_out(s, now);
    }
  }
  return FBT_SUCCESS;
}

/* 1 Buy: the original purchase: exactly 11 accounts and 9 data bytes, or 17 with the latest
 * sale end the buyer accepts. */
static uint64_t process_buy(const FbtInput *in) {
  if (in->account_count != BUY_ACCOUNT_COUNT) return E_WRONG_ACCOUNT_COUNT;
  if (in->has_duplicates) return E_DUPLICATE_ACCOUNT;
  if (in->data_len != BUY_MIN_DATA_LEN && in->data_len != BUY_MAX_DATA_LEN) {
    return E_INVALID_INSTRUCTION;
  }
  BuyOptions options = {NULL, 0, NULL,
                        in->data_len == BUY_MAX_DATA_LEN ? in->data + BUY_MIN_DATA_LEN : NULL};
  return process_buy_core(in, &options);
}

/* 5 BuyWith: Buy plus an allowlist proof, an optional leader record and the optional latest
 * sale end the buyer accepts after the proof. */
static uint64_t process_buy_with(const FbtInput *in) {
  if (in->account_count != BUY_WITH_ACCOUNT_COUNT && in->account_count != BUY_WITH_MAX_ACCOUNT_COUNT) {
    return E_WRONG_ACCOUNT_COUNT;
  }
  if (in->has_duplicates) return E_DUPLICATE_ACCOUNT;
  if (in->data_len < BUY_WITH_MIN_DATA_LEN) return E_INVALID_INSTRUCTION;
  uint64_t proof_count = in->data[9];
  uint64_t proof_end = BUY_WITH_MIN_DATA_LEN + 32 * proof_count;
  if (proof_count > MAX_PROOF_DEPTH) return E_INVALID_INSTRUCTION;
  const uint8_t *latest_end = NULL;
  if (in->data_len != proof_end) {
    if (in->data_len != proof_end + LATEST_END_LEN) return E_INVALID_INSTRUCTION;
    latest_end = in->data + proof_end;
  }
  BuyOptions options = {in->data + BUY_WITH_MIN_DATA_LEN, proof_count,
                        in->account_count == BUY_WITH_MAX_ACCOUNT_COUNT ? &in->accounts[BUY_WITH_ACCOUNT_COUNT] : NULL,
                        latest_end};
  return process_buy_core(in, &options);
}

/* ------------------------------------------------------------------ seller-only helpers */
static uint64_t check_seller_call(const FbtInput *in, uint64_t accounts, bool presale_writable) {
  if (in->account_count != accounts) return E_WRONG_ACCOUNT_COUNT;
  if (in->has_duplicates) return E_DUPLICATE_ACCOUNT;
  SolAccountInfo *seller = &in->accounts[0], *presale = &in->accounts[1];
  if (!seller->is_signer) return E_MISSING_SIGNER;
  if (presale_writable && !presale->is_writable) return E_NOT_WRITABLE;
  uint64_t result = check_presale(presale, in->program_id);
  if (result != FBT_SUCCESS) return result;
  if (!fbt_pubkey_eq(seller->key->x, presale->data + PS_SELLER)) return E_NOT_SELLER;
  return FBT_SUCCESS;
}

/* ------------------------------------------------------------------ 2 SetActive */
static uint64_t process_set_active(const FbtInput *in) {
  uint64_t result = check_seller_call(in, SET_ACTIVE_ACCOUNT_COUNT, true);
  if (result != FBT_SUCCESS) return result;
  if (in->data_len != SET_ACTIVE_DATA_LEN || in->data[1] > 1) return E_INVALID_INSTRUCTION;
  in->accounts[1].data[PS_IS_ACTIVED] = in->data[1];
  return FBT_SUCCESS;
}

/* ------------------------------------------------------------------ 3 UpdateLimits */
static uint64_t process_update_limits(const FbtInput *in) {
  uint64_t result = check_seller_call(in, UPDATE_LIMITS_ACCOUNT_COUNT, true);
  if (result != FBT_SUCCESS) return result;
  if (in->data_len != UPDATE_LIMITS_DATA_LEN) return E_INVALID_INSTRUCTION;
  uint8_t *s = in->accounts[1].data;
  uint64_t min = fbt_load_u64(in->data + 1), max_user = fbt_load_u64(in->data + 9);
  uint64_t max_total = fbt_load_u64(in->data + 17);
  uint8_t decimals = s[PS_DECIMALS];
  if (decimals > MAX_DECIMALS) return E_PRESALE_INVALID;
  if (!limits_are_valid(fbt_load_u64(s + PS_TOKEN_PRICE), min, max_user, max_total, decimals) ||
      max_total < fbt_load_u64(s + PS_CURRENT_TOTAL_SOLD)) {
    return E_INVALID_LIMITS;
  }
  /* At completion: a completed sale's limits are fixed, and selling out still reaches the
   * minimum raise. */
  bool at_completion = delivers_at_completion(s);
  int64_t now = 0;
  if (at_completion) {
    if (!clock_now(&now)) return FBT_ERROR_INVALID_ARGUMENT;
    if (sale_is_complete(s, now)) return E_SALE_COMPLETED;
    if (!minimum_raise_is_reachable(fbt_load_u64(s + PS_MINIMUM_RAISE), min, max_total)) {
      return E_INVALID_MINIMUM_RAISE;
    }
  }
  fbt_store_u64(s + PS_MAX_USER_BUYABLE, max_user);
  fbt_store_u64(s + PS_MIN_USER_BUYABLE, min);
  fbt_store_u64(s + PS_MAX_TOTAL_BUYABLE, max_total);
  if (at_completion) record_sold_out(s, now); /* new limits that sell it out complete the sale */
  return FBT_SUCCESS;
}

/* ------------------------------------------------------------------ 4 WithdrawUnsold */
static uint64_t process_withdraw_unsold(const FbtInput *in) {
  uint64_t result = check_seller_call(in, WITHDRAW_UNSOLD_ACCOUNT_COUNT, false);
  if (result != FBT_SUCCESS) return result;
  if (in->data_len != WITHDRAW_UNSOLD_DATA_LEN) return E_INVALID_INSTRUCTION;
  SolAccountInfo *presale = &in->accounts[1], *temp = &in->accounts[2];
  SolAccountInfo *destination = &in->accounts[3], *authority = &in->accounts[4];
  SolAccountInfo *mint = &in->accounts[5], *token_program = &in->accounts[6];
  const uint8_t *s = presale->data;
  if (!temp->is_writable || !destination->is_writable) return E_NOT_WRITABLE;
  if (!fbt_pubkey_eq(temp->key->x, s + PS_TEMP_TOKEN_ACCOUNT) ||
      !has_token_account_layout(temp)) {
    return E_WRONG_TEMP_TOKEN_ACCOUNT;
  }
  if (!fbt_pubkey_eq(authority->key->x, s + PS_AUTHORITY)) return E_WRONG_AUTHORITY;
  if (!fbt_pubkey_eq(mint->key->x, s + PS_MINT)) return E_WRONG_MINT;
  result = check_token_program(token_program, mint);
  if (result != FBT_SUCCESS) return result;
  if (!is_token_account_of(destination, token_program, s + PS_MINT, NULL)) {
    return E_INVALID_TOKEN_ACCOUNT;
  }

  /* Instant: when paused or sold out. At completion: after Finalize, and never what is owed. */
  uint64_t owed = 0;
  if (delivers_at_completion(s)) {
    if (s[PS_STATUS] < SALE_SUCCEEDED) return E_NOT_FINALIZED;
    owed = fbt_load_u64(s + PS_TOKENS_OWED);
  } else if (s[PS_IS_ACTIVED] == 1 && !is_sold_out(s)) {
    return E_WITHDRAW_NOT_ALLOWED;
  }

  uint64_t balance;
  if (fbt_sub_underflow(fbt_load_u64(temp->data + TA_AMOUNT), owed, &balance)) {
    return E_INSUFFICIENT_TOKENS;
  }
  if (balance == 0) return FBT_SUCCESS;
  AuthoritySigner signer;
  authority_signer(presale, &signer);
  TokenTransfer withdraw = {temp,          mint,    destination,    authority,
                            token_program, balance, s[PS_DECIMALS], {&signer.signer, 1},
                            in->accounts,  in->account_count};
  return token_transfer_checked(&withdraw);
}

/* ------------------------------------------------------------------ 6 RegisterLeader */
static const uint8_t LEADER_SEED[] = {'l', 'e', 'a', 'd', 'e', 'r'};

/* 3 to 32 characters of A-Z a-z 0-9 _ - (the URL-safe set of the site's leader links). */
static bool leader_code_is_valid(const uint8_t *code, uint64_t len) {
  if (len < MIN_LEADER_CODE_LEN || len > MAX_LEADER_CODE_LEN) return false;
  for (uint64_t i = 0; i < len; i++) {
    if (!LEADER_CODE_CHAR_IS_VALID(code[i])) return false;
  }
  return true;
}

static uint64_t process_register_leader(const FbtInput *in) {
  uint64_t result = check_seller_call(in, REGISTER_LEADER_ACCOUNT_COUNT, true);
  if (result != FBT_SUCCESS) return result;
  SolAccountInfo *seller = &in->accounts[0], *presale = &in->accounts[1];
  SolAccountInfo *record = &in->accounts[2], *wallet = &in->accounts[3];
  SolAccountInfo *system_program = &in->accounts[4], *rent = &in->accounts[5];
  if (in->data_len < REGISTER_LEADER_MIN_DATA_LEN ||
      in->data_len != REGISTER_LEADER_MIN_DATA_LEN + (uint64_t)in->data[1]) {
    return E_INVALID_INSTRUCTION;
  }
  const uint8_t *code = in->data + 2;
  uint64_t code_len = in->data[1];
  if (!leader_code_is_valid(code, code_len)) return E_INVALID_LEADER_CODE;
  if (!seller->is_writable || !record->is_writable) return E_NOT_WRITABLE;
  if (!fbt_pubkey_is_zero(system_program->key->x)) return E_WRONG_SYSTEM_PROGRAM;
  if (!fbt_pubkey_eq(rent->key->x, RENT_SYSVAR_ID.x)) return E_WRONG_RENT_SYSVAR;
  if (fbt_pubkey_is_zero(wallet->key->x) || fbt_pubkey_eq(wallet->key->x, presale->key->x)) {
    return E_INVALID_INSTRUCTION;
  }
  if (fbt_pubkey_eq(record->owner->x, in->program_id->x)) return E_LEADER_EXISTS;
  if (!fbt_pubkey_is_zero(record->owner->x) || record->data_len != 0) {
    return E_INVALID_LEADER_RECORD;
  }
  SolSignerSeed seeds[4] = {
      {LEADER_SEED, sizeof(LEADER_SEED)}, {presale->key->x, 32}, {code, code_len}, {0, 0}};
  SolPubkey derived;
  uint8_t bump;
  FbtPdaQuery query = {seeds, 3, in->program_id};
  if (!fbt_find_program_address(&query, &derived, &bump) ||
      !fbt_pubkey_eq(derived.x, record->key->x)) {
    return E_INVALID_LEADER_RECORD;
  }
  uint8_t *s = presale->data;
  uint64_t leaders;
  if (fbt_add_overflow(fbt_load_u64(s + PS_LEADER_COUNT), 1, &leaders)) {
    return E_ARITHMETIC_OVERFLOW;
  }
  uint64_t rent_lamports;
  result = rent_exempt_minimum(rent, LEADER_RECORD_SIZE, &rent_lamports);
  if (result != FBT_SUCCESS) return result;
  uint8_t bump_seed[1] = {bump};
  seeds[3].addr = bump_seed;
  seeds[3].len = 1;
  SolSignerSeeds signer = {seeds, 4};
  SystemCreate create = {seller,        record, system_program,    in->program_id,
                         rent_lamports, LEADER_RECORD_SIZE, {&signer, 1}, NULL,
                         in->accounts,  in->account_count};
  result = system_create_pda(&create);
  if (result != FBT_SUCCESS) return result;
  if (fbt_current_data_len(record) != LEADER_RECORD_SIZE) return E_INVALID_LEADER_RECORD;
  uint8_t *l = record->data;
  l[LR_KIND] = ACCOUNT_KIND_LEADER_RECORD;
  l[LR_BUMP] = bump;
  l[LR_VERSION] = LEADER_RECORD_LAYOUT_VERSION;
  l[LR_ACTIVE] = 1;
  l[LR_CODE_LENGTH] = (uint8_t)code_len;
  l[LR_COMMISSION_IN_ESCROW] = delivers_at_completion(s) && has_escrow(s) ? 1 : 0;
  fbt_pubkey_copy(l + LR_PRESALE, presale->key->x);
  fbt_pubkey_copy(l + LR_WALLET, wallet->key->x);
  sol_memcpy_(l + LR_CODE, code, code_len);
  fbt_store_u64(s + PS_LEADER_COUNT, leaders);
  return FBT_SUCCESS;
}

/* ------------------------------------------------------------------ 7 ClaimCommission */
/* A succeeded escrow presale pays the leader accrued - claimed from its escrow; a failed one's
 * commission is void. */
static uint64_t claim_commission_from_escrow(SolAccountInfo *wallet, SolAccountInfo *record,
                                             SolAccountInfo *presale) {
  uint8_t *s = presale->data, *l = record->data;
  if (s[PS_STATUS] == SALE_FAILED) return E_SALE_FAILED;
  if (s[PS_STATUS] != SALE_SUCCEEDED) return E_NOT_FINALIZED;
  uint64_t payout, claimed, escrow;
  if (fbt_sub_underflow(fbt_load_u64(l + LR_ACCRUED), fbt_load_u64(l + LR_CLAIMED), &payout) ||
      payout == 0) {
    return E_NOTHING_TO_CLAIM;
  }
  if (fbt_sub_underflow(fbt_load_u64(s + PS_ESCROW_LAMPORTS), payout, &escrow) ||
      fbt_add_overflow(fbt_load_u64(l + LR_CLAIMED), payout, &claimed)) {
    return E_ARITHMETIC_OVERFLOW;
  }
  uint64_t result = move_lamports(presale, wallet, payout);
  if (result != FBT_SUCCESS) return result;
  fbt_store_u64(s + PS_ESCROW_LAMPORTS, escrow);
  fbt_store_u64(l + LR_CLAIMED, claimed);
  return FBT_SUCCESS;
}

static uint64_t process_claim_commission(const FbtInput *in) {
  if (in->account_count != CLAIM_COMMISSION_ACCOUNT_COUNT &&
      in->account_count != CLAIM_COMMISSION_MAX_ACCOUNT_COUNT) {
    return E_WRONG_ACCOUNT_COUNT;
  }
  if (in->has_duplicates) return E_DUPLICATE_ACCOUNT;
  if (in->data_len != CLAIM_COMMISSION_DATA_LEN) return E_INVALID_INSTRUCTION;
  SolAccountInfo *wallet = &in->accounts[0], *record = &in->accounts[1];
  SolAccountInfo *rent = &in->accounts[2];
  if (!wallet->is_signer) return E_MISSING_SIGNER;
  if (!wallet->is_writable || !record->is_writable) return E_NOT_WRITABLE;
  if (!fbt_pubkey_eq(record->owner->x, in->program_id->x) ||
      record->data_len != LEADER_RECORD_SIZE ||
      record->data[LR_KIND] != ACCOUNT_KIND_LEADER_RECORD) {
    return E_INVALID_LEADER_RECORD;
  }
  uint8_t *l = record->data;
  if (!fbt_pubkey_eq(l + LR_WALLET, wallet->key->x)) return E_NOT_LEADER;
  if (!fbt_pubkey_eq(rent->key->x, RENT_SYSVAR_ID.x)) return E_WRONG_RENT_SYSVAR;
  uint64_t result;
  if (in->account_count == CLAIM_COMMISSION_MAX_ACCOUNT_COUNT) {
    SolAccountInfo *presale = &in->accounts[3];
    if (!presale->is_writable) return E_NOT_WRITABLE;
    result = check_presale(presale, in->program_id);
    if (result != FBT_SUCCESS) return result;
    if (!fbt_pubkey_eq(l + LR_PRESALE, presale->key->x)) return E_INVALID_LEADER_RECORD;
    if (has_escrow(presale->data)) return claim_commission_from_escrow(wallet, record, presale);
  } else if (l[LR_COMMISSION_IN_ESCROW] != 0) {
    return E_COMMISSION_IN_ESCROW;
  }
  uint64_t minimum;
  result = rent_exempt_minimum(rent, LEADER_RECORD_SIZE, &minimum);
  if (result != FBT_SUCCESS) return result;
  uint64_t payout, claimed, wallet_lamports;
  if (fbt_sub_underflow(*record->lamports, minimum, &payout) || payout == 0) {
    return E_NOTHING_TO_CLAIM;
  }
  if (fbt_add_overflow(fbt_load_u64(l + LR_CLAIMED), payout, &claimed) ||
      fbt_add_overflow(*wallet->lamports, payout, &wallet_lamports)) {
    return E_ARITHMETIC_OVERFLOW;
  }
  *record->lamports = minimum;
  *wallet->lamports = wallet_lamports;
  fbt_store_u64(l + LR_CLAIMED, claimed);
  return FBT_SUCCESS;
}

/* ------------------------------------------------------------------ 8 SetLeaderActive */
static uint64_t process_set_leader_active(const FbtInput *in) {
  uint64_t result = check_seller_call(in, SET_LEADER_ACTIVE_ACCOUNT_COUNT, false);
  if (result != FBT_SUCCESS) return result;
  if (in->data_len != SET_LEADER_ACTIVE_DATA_LEN || in->data[1] > 1) return E_INVALID_INSTRUCTION;
  SolAccountInfo *record = &in->accounts[2];
  if (!record->is_writable) return E_NOT_WRITABLE;
  if (!is_leader_record_of(record, &in->accounts[1], in->program_id)) {
    return E_INVALID_LEADER_RECORD;
  }
  record->data[LR_ACTIVE] = in->data[1];
  return FBT_SUCCESS;
}

/* ------------------------------------------------------------------ 9 SetAllowlist */
static uint64_t process_set_allowlist(const FbtInput *in) {
  uint64_t result = check_seller_call(in, SET_ALLOWLIST_ACCOUNT_COUNT, true);
  if (result != FBT_SUCCESS) return result;
  if (in->data_len != SET_ALLOWLIST_DATA_LEN) return E_INVALID_INSTRUCTION;
  fbt_pubkey_copy(in->accounts[1].data + PS_ALLOWLIST_ROOT, in->data + 1);
  return FBT_SUCCESS;
}

/* ------------------------------------------------------------------ 10 SetWindow */
static uint64_t process_set_window(const FbtInput *in) {
  uint64_t result = check_seller_call(in, SET_WINDOW_ACCOUNT_COUNT, true);
  if (result != FBT_SUCCESS) return result;
  if (in->data_len != SET_WINDOW_DATA_LEN) return E_INVALID_INSTRUCTION;
  int64_t start = (int64_t)fbt_load_u64(in->data + 1);
  int64_t end = (int64_t)fbt_load_u64(in->data + 9);
  if (start < 0 || end < 0 || (start != 0 && end != 0 && start >= end)) return E_INVALID_WINDOW;
  uint8_t *s = in->accounts[1].data;
  /* At completion: a completed sale's window is fixed; once anyone bought, the end may only
   * come sooner, so what buyers are owed always reaches an outcome. */
  if (delivers_at_completion(s)) {
    int64_t now;
    if (!clock_now(&now)) return FBT_ERROR_INVALID_ARGUMENT;
    if (sale_is_complete(s, now)) return E_SALE_COMPLETED;
    int64_t old_end = (int64_t)fbt_load_u64(s + PS_SALE_END);
    if (fbt_load_u64(s + PS_CURRENT_TOTAL_SOLD) != 0 && (end == 0 || end > old_end)) {
      return E_WINDOW_LOCKED;
    }
  }
  fbt_store_u64(s + PS_SALE_START, (uint64_t)start);
  fbt_store_u64(s + PS_SALE_END, (uint64_t)end);
  return FBT_SUCCESS;
}

/* ------------------------------------------------------------------ 11 ProposeSeller */
static uint64_t process_propose_seller(const FbtInput *in) {
  uint64_t result = check_seller_call(in, PROPOSE_SELLER_ACCOUNT_COUNT, true);
  if (result != FBT_SUCCESS) return result;
  if (in->data_len != PROPOSE_SELLER_DATA_LEN) return E_INVALID_INSTRUCTION;
  fbt_pubkey_copy(in->accounts[1].data + PS_PENDING_SELLER, in->data + 1);
  return FBT_SUCCESS;
}

/* ------------------------------------------------------------------ 12 AcceptSeller */
static uint64_t process_accept_seller(const FbtInput *in) {
  if (in->account_count != ACCEPT_SELLER_ACCOUNT_COUNT) return E_WRONG_ACCOUNT_COUNT;
  if (in->has_duplicates) return E_DUPLICATE_ACCOUNT;
  if (in->data_len != ACCEPT_SELLER_DATA_LEN) return E_INVALID_INSTRUCTION;
  SolAccountInfo *proposed = &in->accounts[0], *presale = &in->accounts[1];
  if (!proposed->is_signer) return E_MISSING_SIGNER;
  if (!presale->is_writable) return E_NOT_WRITABLE;
  uint64_t result = check_presale(presale, in->program_id);
  if (result != FBT_SUCCESS) return result;
  uint8_t *s = presale->data;
  if (fbt_pubkey_is_zero(s + PS_PENDING_SELLER) ||
      !fbt_pubkey_eq(s + PS_PENDING_SELLER, proposed->key->x)) {
    return E_NOT_PENDING_SELLER;
  }
  fbt_pubkey_copy(s + PS_SELLER, proposed->key->x);
  sol_memset_(s + PS_PENDING_SELLER, 0, 32);
  return FBT_SUCCESS;
}

/* ------------------------------------------------------------------ 13 Finalize */
/* Anyone: fixes the outcome of a complete at-completion sale. The vesting starts when it sold
 * out (recorded then), else at the window's end. A failed sale owes no tokens. */
static uint64_t process_finalize(const FbtInput *in) {
  if (in->account_count != FINALIZE_ACCOUNT_COUNT) return E_WRONG_ACCOUNT_COUNT;
  if (in->data_len != FINALIZE_DATA_LEN) return E_INVALID_INSTRUCTION;
  SolAccountInfo *presale = &in->accounts[0];
  if (!presale->is_writable) return E_NOT_WRITABLE;
  uint64_t result = check_presale(presale, in->program_id);
  if (result != FBT_SUCCESS) return result;
  uint8_t *s = presale->data;
  if (!delivers_at_completion(s)) return E_NOT_AT_COMPLETION;
  if (s[PS_STATUS] >= SALE_SUCCEEDED) return E_ALREADY_FINALIZED;
  int64_t now;
  if (!clock_now(&now)) return FBT_ERROR_INVALID_ARGUMENT;
  if (s[PS_STATUS] == SALE_OPEN) {
    if (is_sold_out(s)) {
      record_sold_out(s, now);
    } else if (window_has_ended(s, now)) {
      fbt_store_u64(s + PS_COMPLETED_AT, fbt_load_u64(s + PS_SALE_END));
    } else {
      return E_SALE_NOT_COMPLETE;
    }
  }
  bool succeeded = fbt_load_u64(s + PS_CURRENT_TOTAL_SOLD) >= fbt_load_u64(s + PS_MINIMUM_RAISE);
  s[PS_STATUS] = succeeded ? SALE_SUCCEEDED : SALE_FAILED;
  if (!succeeded) fbt_store_u64(s + PS_TOKENS_OWED, 0);
  return FBT_SUCCESS;
}

/* ------------------------------------------------------------------ 14 Distribute, 15 Claim */
/* The vault side of a delivery, checked once per instruction: presale [w], vault [w],
 * authority, mint, token program, on a succeeded at-completion sale. */
typedef struct {
  SolAccountInfo *presale, *temp, *authority, *mint, *token_program;
  const SolPubkey *program_id;
  const FbtInput *in;
  int64_t now;
  AuthoritySigner signer;
} Delivery;

static uint64_t open_delivery(const FbtInput *in, uint64_t first, Delivery *d) {
  SolAccountInfo *a = &in->accounts[first];
  d->presale = &a[0];
  d->temp = &a[1];
  d->authority = &a[2];
  d->mint = &a[3];
  d->token_program = &a[4];
  d->program_id = in->program_id;
  d->in = in;
  if (!d->presale->is_writable || !d->temp->is_writable) return E_NOT_WRITABLE;
  uint64_t result = check_presale(d->presale, in->program_id);
  if (result != FBT_SUCCESS) return result;
  const uint8_t *s = d->presale->data;
  if (!delivers_at_completion(s)) return E_NOT_AT_COMPLETION;
  if (s[PS_STATUS] == SALE_FAILED) return E_SALE_FAILED;
  if (s[PS_STATUS] != SALE_SUCCEEDED) return E_NOT_FINALIZED;
  if (!fbt_pubkey_eq(d->temp->key->x, s + PS_TEMP_TOKEN_ACCOUNT) ||
      !has_token_account_layout(d->temp)) {
    return E_WRONG_TEMP_TOKEN_ACCOUNT;
  }
  if (!fbt_pubkey_eq(d->authority->key->x, s + PS_AUTHORITY)) return E_WRONG_AUTHORITY;
  if (!fbt_pubkey_eq(d->mint->key->x, s + PS_MINT)) return E_WRONG_MINT;
  result = check_token_program(d->token_program, d->mint);
  if (result != FBT_SUCCESS) return result;
  if (s[PS_DECIMALS] > MAX_DECIMALS) return E_PRESALE_INVALID;
  if (!clock_now(&d->now)) return FBT_ERROR_INVALID_ARGUMENT;
  authority_signer(d->presale, &d->signer);
  return FBT_SUCCESS;
}

/* Moves what the record's buyer has unlocked and not yet received to `token` (an FBT account of
 * that buyer), or nothing (*moved = 0) when nothing is due. `buyer`, when given, must be the
 * record's buyer. A record of another presale or a foreign token account is an error. */
static uint64_t deliver_unlocked(const Delivery *d, SolAccountInfo *record, SolAccountInfo *token,
                                 const SolAccountInfo *buyer, uint64_t *moved) {
  *moved = 0;
  if (!record->is_writable || !token->is_writable) return E_NOT_WRITABLE;
  uint8_t *s = d->presale->data, *r = record->data;
  if (!is_buyer_record_of(record, d->program_id, d->presale->key->x,
                          buyer != NULL ? buyer->key->x : NULL)) {
    return E_INVALID_BUYER_RECORD;
  }
  if (!is_token_account_of(token, d->token_program, s + PS_MINT, r + BR_BUYER)) {
    return E_INVALID_TOKEN_ACCOUNT;
  }
  uint64_t bought = fbt_load_u64(r + BR_TOKENS_RECEIVED);
  uint64_t delivered = fbt_load_u64(r + BR_TOKENS_DELIVERED), unlocked, due;
  uint64_t result = unlocked_tokens(s, bought, d->now, &unlocked);
  if (result != FBT_SUCCESS) return result;
  if (fbt_sub_underflow(unlocked, delivered, &due) || due == 0) return FBT_SUCCESS;
  uint64_t owed, total_delivered, buyers_delivered = fbt_load_u64(s + PS_BUYERS_DELIVERED);
  if (fbt_sub_underflow(fbt_load_u64(s + PS_TOKENS_OWED), due, &owed) ||
      fbt_add_overflow(fbt_load_u64(s + PS_TOKENS_DELIVERED), due, &total_delivered) ||
      (unlocked == bought && fbt_add_overflow(buyers_delivered, 1, &buyers_delivered))) {
    return E_ARITHMETIC_OVERFLOW;
  }
  TokenTransfer transfer = {d->temp, d->mint, token, d->authority, d->token_program, due,
                            s[PS_DECIMALS], {&d->signer.signer, 1}, d->in->accounts,
                            d->in->account_count};
  result = token_transfer_checked(&transfer);
  if (result != FBT_SUCCESS) return result;
  fbt_store_u64(r + BR_TOKENS_DELIVERED, unlocked);
  fbt_store_u64(s + PS_TOKENS_OWED, owed);
  fbt_store_u64(s + PS_TOKENS_DELIVERED, total_delivered);
  fbt_store_u64(s + PS_BUYERS_DELIVERED, buyers_delivered);
  *moved = due;
  return FBT_SUCCESS;
}

/* Anyone: the head, then (buyer record, token account) pairs, 1 to DISTRIBUTE_MAX_BUYERS (the
 * deserializer refuses more). Naming a buyer twice is allowed: the second pair has nothing due. */
static uint64_t process_distribute(const FbtInput *in) {
  uint64_t count = in->account_count;
  if (count < DISTRIBUTE_ACCOUNT_COUNT + 2 || (count - DISTRIBUTE_ACCOUNT_COUNT) % 2 != 0) {
    return E_WRONG_ACCOUNT_COUNT;
  }
  if (in->data_len != DISTRIBUTE_DATA_LEN) return E_INVALID_INSTRUCTION;
  Delivery d;
  uint64_t result = open_delivery(in, 0, &d);
  if (result != FBT_SUCCESS) return result;
  for (uint64_t i = DISTRIBUTE_ACCOUNT_COUNT; i < count; i += 2) {
    uint64_t moved;
    result = deliver_unlocked(&d, &in->accounts[i], &in->accounts[i + 1], NULL, &moved);
    if (result != FBT_SUCCESS) return result;
  }
  return FBT_SUCCESS;
}

/* The buyer: buyer [s], the head, buyer record [w], token account [w]; NothingDue when nothing
 * unlocked since the last delivery. */
static uint64_t process_claim(const FbtInput *in) {
  if (in->account_count != CLAIM_ACCOUNT_COUNT) return E_WRONG_ACCOUNT_COUNT;
  if (in->has_duplicates) return E_DUPLICATE_ACCOUNT;
  if (in->data_len != CLAIM_DATA_LEN) return E_INVALID_INSTRUCTION;
  SolAccountInfo *buyer = &in->accounts[0];
  if (!buyer->is_signer) return E_MISSING_SIGNER;
  Delivery d;
  uint64_t result = open_delivery(in, 1, &d), moved;
  if (result != FBT_SUCCESS) return result;
  result = deliver_unlocked(&d, &in->accounts[6], &in->accounts[7], buyer, &moved);
  if (result != FBT_SUCCESS) return result;
  return moved == 0 ? E_NOTHING_DUE : FBT_SUCCESS;
}

/* ------------------------------------------------------------------ 16 Refund */
/* Anyone, after a failed Finalize: the record's buyer gets back lamportsSpent from the escrow
 * and the record's own lamports; the record is zeroed and emptied (closed). */
static uint64_t process_refund(const FbtInput *in) {
  if (in->account_count != REFUND_ACCOUNT_COUNT) return E_WRONG_ACCOUNT_COUNT;
  if (in->has_duplicates) return E_DUPLICATE_ACCOUNT;
  if (in->data_len != REFUND_DATA_LEN) return E_INVALID_INSTRUCTION;
  SolAccountInfo *presale = &in->accounts[0], *record = &in->accounts[1];
  SolAccountInfo *buyer = &in->accounts[2];
  if (!presale->is_writable || !record->is_writable || !buyer->is_writable) return E_NOT_WRITABLE;
  uint64_t result = check_presale(presale, in->program_id);
  if (result != FBT_SUCCESS) return result;
  uint8_t *s = presale->data, *r = record->data;
  if (!delivers_at_completion(s) || !has_escrow(s)) return E_NO_ESCROW;
  if (s[PS_STATUS] == SALE_SUCCEEDED) return E_SALE_SUCCEEDED;
  if (s[PS_STATUS] != SALE_FAILED) return E_NOT_FINALIZED;
  if (!is_buyer_record_of(record, in->program_id, presale->key->x, buyer->key->x)) {
    return E_INVALID_BUYER_RECORD;
  }
  uint64_t paid = fbt_load_u64(r + BR_LAMPORTS_SPENT), escrow, refunded, buyers;
  if (fbt_sub_underflow(fbt_load_u64(s + PS_ESCROW_LAMPORTS), paid, &escrow) ||
      fbt_add_overflow(fbt_load_u64(s + PS_REFUNDED_LAMPORTS), paid, &refunded) ||
      fbt_add_overflow(fbt_load_u64(s + PS_BUYERS_REFUNDED), 1, &buyers)) {
    return E_ARITHMETIC_OVERFLOW;
  }
  result = move_lamports(presale, buyer, paid);
  if (result != FBT_SUCCESS) return result;
  result = move_lamports(record, buyer, *record->lamports);
  if (result != FBT_SUCCESS) return result;
  sol_memset_(r, 0, BUYER_RECORD_SIZE);
  fbt_store_u64(s + PS_ESCROW_LAMPORTS, escrow);
  fbt_store_u64(s + PS_REFUNDED_LAMPORTS, refunded);
  fbt_store_u64(s + PS_BUYERS_REFUNDED, buyers);
  return FBT_SUCCESS;
}

/* ------------------------------------------------------------------ 17 WithdrawProceeds */
/* The seller, after a successful Finalize of an escrow presale: currentTotalSold - the leaders'
 * commission (theirs to claim) - what was already withdrawn. */
static uint64_t process_withdraw_proceeds(const FbtInput *in) {
  uint64_t result = check_seller_call(in, WITHDRAW_PROCEEDS_ACCOUNT_COUNT, true);
  if (result != FBT_SUCCESS) return result;
  if (in->data_len != WITHDRAW_PROCEEDS_DATA_LEN) return E_INVALID_INSTRUCTION;
  SolAccountInfo *seller = &in->accounts[0], *presale = &in->accounts[1];
  if (!seller->is_writable) return E_NOT_WRITABLE;
  uint8_t *s = presale->data;
  if (!delivers_at_completion(s) || !has_escrow(s)) return E_NO_ESCROW;
  if (s[PS_STATUS] == SALE_FAILED) return E_SALE_FAILED;
  if (s[PS_STATUS] != SALE_SUCCEEDED) return E_NOT_FINALIZED;
  uint64_t proceeds, escrow, withdrawn;
  if (fbt_sub_underflow(fbt_load_u64(s + PS_CURRENT_TOTAL_SOLD),
                        fbt_load_u64(s + PS_LEADER_COMMISSION), &proceeds) ||
      fbt_sub_underflow(proceeds, fbt_load_u64(s + PS_PROCEEDS_WITHDRAWN), &proceeds)) {
    return E_ARITHMETIC_OVERFLOW;
  }
  if (proceeds == 0) return E_NOTHING_TO_WITHDRAW;
  if (fbt_sub_underflow(fbt_load_u64(s + PS_ESCROW_LAMPORTS), proceeds, &escrow) ||
      fbt_add_overflow(fbt_load_u64(s + PS_PROCEEDS_WITHDRAWN), proceeds, &withdrawn)) {
    return E_ARITHMETIC_OVERFLOW;
  }
  result = move_lamports(presale, seller, proceeds);
  if (result != FBT_SUCCESS) return result;
  fbt_store_u64(s + PS_ESCROW_LAMPORTS, escrow);
  fbt_store_u64(s + PS_PROCEEDS_WITHDRAWN, withdrawn);
  return FBT_SUCCESS;
}

/* ------------------------------------------------------------------ entrypoint */
FBT_EXPORT uint64_t entrypoint(const uint8_t *serialized) {
  SolAccountInfo accounts[MAX_ACCOUNTS];
  FbtInput in = {.accounts = accounts, .capacity = MAX_ACCOUNTS};
  if (!fbt_deserialize(serialized, &in)) return E_WRONG_ACCOUNT_COUNT;
  if (in.data_len == 0) return E_INVALID_INSTRUCTION;
  switch (in.data[0]) {
    case IX_INITIALIZE:
      return process_initialize(&in);
    case IX_BUY:
      return process_buy(&in);
    case IX_SET_ACTIVE:
      return process_set_active(&in);
    case IX_UPDATE_LIMITS:
      return process_update_limits(&in);
    case IX_WITHDRAW_UNSOLD:
      return process_withdraw_unsold(&in);
    case IX_BUY_WITH:
      return process_buy_with(&in);
    case IX_REGISTER_LEADER:
      return process_register_leader(&in);
    case IX_CLAIM_COMMISSION:
      return process_claim_commission(&in);
    case IX_SET_LEADER_ACTIVE:
      return process_set_leader_active(&in);
    case IX_SET_ALLOWLIST:
      return process_set_allowlist(&in);
    case IX_SET_WINDOW:
      return process_set_window(&in);
    case IX_PROPOSE_SELLER:
      return process_propose_seller(&in);
    case IX_ACCEPT_SELLER:
      return process_accept_seller(&in);
    case IX_FINALIZE:
      return process_finalize(&in);
    case IX_DISTRIBUTE:
      return process_distribute(&in);
    case IX_CLAIM:
      return process_claim(&in);
    case IX_REFUND:
      return process_refund(&in);
    case IX_WITHDRAW_PROCEEDS:
      return process_withdraw_proceeds(&in);
    default:
      return E_INVALID_INSTRUCTION;
  }
}
