/* presale.c - the FBT presale program: sells FBT (SPL Token) for SOL at a fixed price.
 *
 * Instructions (tag = first data byte), accounts in order, [s] signer, [w] writable:
 *   0 Initialize     seller[s], presale[s,w], temp_token[w], mint, authority, token_program
 *   1 Buy            buyer[s,w], presale[w], seller[w], temp_token[w], buyer_token[w],
 *                    buyer_record[w], authority, mint, token_program, system_program, rent
 *   2 SetActive      seller[s], presale[w]
 *   3 UpdateLimits   seller[s], presale[w]
 *   4 WithdrawUnsold seller[s], presale, temp_token[w], destination_token[w], authority, mint,
 *                    token_program
 * The authority is the PDA ["authority", presale] that owns the temp token account; buyer
 * records are PDAs ["buyer", presale, buyer]. Every failure returns a documented custom code
 * (presale.h, README.md). No instruction accepts duplicate accounts.
 */
#include "presale.h"

static const SolPubkey TOKEN_PROGRAM_ID = {{0x06, 0xdd, 0xf6, 0xe1, 0xd7, 0x65, 0xa1, 0x93,
                                            0xd9, 0xcb, 0xe1, 0x46, 0xce, 0xeb, 0x79, 0xac,
                                            0x1c, 0xb4, 0x85, 0xed, 0x5f, 0x5b, 0x37, 0x91,
                                            0x3a, 0x8c, 0xf5, 0x85, 0x7e, 0xff, 0x00, 0xa9}};
static const SolPubkey RENT_SYSVAR_ID = {{0x06, 0xa7, 0xd5, 0x17, 0x19, 0x2c, 0x5c, 0x51,
                                          0x21, 0x8c, 0xc9, 0x4c, 0x3d, 0x4a, 0xf1, 0x7f,
                                          0x58, 0xda, 0xee, 0x08, 0x9b, 0xa1, 0xfd, 0x44,
                                          0xe3, 0xdb, 0xd9, 0x8a, 0x00, 0x00, 0x00, 0x00}};
static const uint8_t AUTHORITY_SEED[] = {'a', 'u', 't', 'h', 'o', 'r', 'i', 't', 'y'};
static const uint8_t BUYER_SEED[] = {'b', 'u', 'y', 'e', 'r'};
static const uint64_t POW10[MAX_DECIMALS + 1] = {
    1ULL, 10ULL, 100ULL, 1000ULL, 10000ULL, 100000ULL, 1000000ULL, 10000000ULL, 100000000ULL,
    1000000000ULL};

#define MAX_ACCOUNTS 12
#define ACCOUNT_STORAGE_OVERHEAD 128
#define F64_ONE_BITS 0x3FF0000000000000ULL
#define F64_TWO_BITS 0x4000000000000000ULL

/* ------------------------------------------------------------------ account checks */
static bool is_token_program(const SolAccountInfo *info) {
  return fbt_pubkey_eq(info->key->x, TOKEN_PROGRAM_ID.x);
}
static bool is_owned_by_token_program(const SolAccountInfo *info) {
  return fbt_pubkey_eq(info->owner->x, TOKEN_PROGRAM_ID.x);
}

/* An initialized presale state account owned by this program. */
static uint64_t check_presale(const SolAccountInfo *presale, const SolPubkey *program_id) {
  if (!fbt_pubkey_eq(presale->owner->x, program_id->x)) return E_PRESALE_WRONG_OWNER;
  if (presale->data_len != PRESALE_ACCOUNT_SIZE) return E_PRESALE_INVALID;
  const uint8_t *s = presale->data;
  if (s[PS_IS_INITIALIZED] != 1 || s[PS_KIND] != ACCOUNT_KIND_PRESALE) return E_NOT_INITIALIZED;
  return FBT_SUCCESS;
}

/* An initialized SPL Token account of `mint` (and of `owner` unless NULL). */
static bool is_token_account_of(const SolAccountInfo *account, const uint8_t *mint,
                                const uint8_t *owner) {
  if (!is_owned_by_token_program(account) || account->data_len != TOKEN_ACCOUNT_SIZE) return false;
  const uint8_t *d = account->data;
  if (d[TA_STATE] != TOKEN_STATE_INITIALIZED) return false;
  if (!fbt_pubkey_eq(d + TA_MINT, mint)) return false;
  return owner == NULL || fbt_pubkey_eq(d + TA_OWNER, owner);
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
} SystemTransfer;

static uint64_t system_transfer(const SystemTransfer *t) {
  uint8_t data[12] = {2, 0, 0, 0};
  fbt_put_u64(data + 4, t->lamports);
  SolAccountMeta metas[2] = {{t->from->key, true, true}, {t->to->key, true, false}};
  SolInstruction ix = {t->system_program->key, metas, 2, data, sizeof(data)};
  SolAccountInfo infos[3] = {*t->from, *t->to, *t->system_program};
  return sol_invoke_signed_c(&ix, infos, 3, NULL, 0);
}

typedef struct {
  SolAccountInfo *payer;
  SolAccountInfo *account;
  SolAccountInfo *system_program;
  const SolPubkey *owner;
  uint64_t lamports;
  uint64_t space;
  Signers signers;
} SystemCreate;

/* CreateAccount when the address holds no lamports; otherwise top up, Allocate and Assign, so
 * that lamports sent to the address beforehand cannot block account creation. */
static uint64_t system_create_pda(const SystemCreate *c) {
  SolAccountInfo *account = c->account;
  uint64_t existing = *account->lamports;
  if (existing == 0) {
    uint8_t data[52] = {0, 0, 0, 0};
    fbt_put_u64(data + 4, c->lamports);
    fbt_put_u64(data + 12, c->space);
    fbt_pubkey_copy(data + 20, c->owner->x);
    SolAccountMeta metas[2] = {{c->payer->key, true, true}, {account->key, true, true}};
    SolInstruction ix = {c->system_program->key, metas, 2, data, sizeof(data)};
    SolAccountInfo infos[3] = {*c->payer, *account, *c->system_program};
    return sol_invoke_signed_c(&ix, infos, 3, c->signers.signers, c->signers.signer_count);
  }
  if (existing < c->lamports) {
    SystemTransfer top_up = {c->payer, account, c->system_program, c->lamports - existing};
    uint64_t result = system_transfer(&top_up);
    if (result != FBT_SUCCESS) return result;
  }
  SolAccountMeta metas[1] = {{account->key, true, true}};
  SolAccountInfo infos[2] = {*account, *c->system_program};
  uint8_t allocate[12] = {8, 0, 0, 0};
  fbt_put_u64(allocate + 4, c->space);
  SolInstruction allocate_ix = {c->system_program->key, metas, 1, allocate, sizeof(allocate)};
  uint64_t result =
      sol_invoke_signed_c(&allocate_ix, infos, 2, c->signers.signers, c->signers.signer_count);
  if (result != FBT_SUCCESS) return result;
  uint8_t assign[36] = {1, 0, 0, 0};
  fbt_pubkey_copy(assign + 4, c->owner->x);
  SolInstruction assign_ix = {c->system_program->key, metas, 1, assign, sizeof(assign)};
  return sol_invoke_signed_c(&assign_ix, infos, 2, c->signers.signers, c->signers.signer_count);
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
  if (in->account_count != 6) return E_WRONG_ACCOUNT_COUNT;
  if (in->has_duplicates) return E_DUPLICATE_ACCOUNT;
  if (in->data_len != INITIALIZE_DATA_LEN) return E_INVALID_INSTRUCTION;
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
  if (!is_token_program(token_program)) return E_WRONG_TOKEN_PROGRAM;

  const uint8_t *d = in->data;
  uint64_t price = fbt_load_u64(d + 1), min = fbt_load_u64(d + 9);
  uint64_t max_user = fbt_load_u64(d + 17), max_total = fbt_load_u64(d + 25);
  uint8_t bump = d[33], active = d[34];
  if (active > 1) return E_INVALID_INSTRUCTION;
  if (price == 0) return E_INVALID_PRICE;

  if (!is_owned_by_token_program(mint) || mint->data_len != MINT_SIZE ||
      mint->data[MINT_IS_INITIALIZED] != 1 || mint->data[MINT_DECIMALS] > MAX_DECIMALS) {
    return E_INVALID_MINT;
  }
  uint8_t decimals = mint->data[MINT_DECIMALS];
  if (!limits_are_valid(price, min, max_user, max_total, decimals)) return E_INVALID_LIMITS;

  uint8_t bump_seed[1] = {bump};
  SolSignerSeed seeds[3] = {
      {AUTHORITY_SEED, sizeof(AUTHORITY_SEED)}, {presale->key->x, 32}, {bump_seed, 1}};
  SolPubkey derived;
  FbtPdaQuery query = {seeds, 3, in->program_id};
  if (!fbt_create_program_address(&query, &derived) ||
      !fbt_pubkey_eq(derived.x, authority->key->x)) {
    return E_WRONG_AUTHORITY;
  }

  if (!is_token_account_of(temp, mint->key->x, NULL)) return E_WRONG_TEMP_TOKEN_ACCOUNT;
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
  s[PS_VERSION] = LAYOUT_VERSION;
  s[PS_AUTHORITY_BUMP] = bump;
  s[PS_DECIMALS] = decimals;
  fbt_pubkey_copy(s + PS_MINT, mint->key->x);
  fbt_pubkey_copy(s + PS_AUTHORITY, authority->key->x);
  fbt_store_u64(s + PS_TOKENS_SOLD, 0);
  fbt_store_u64(s + PS_BUYER_COUNT, 0);
  return FBT_SUCCESS;
}

/* ------------------------------------------------------------------ 1 Buy */
static uint64_t process_buy(const FbtInput *in) {
  if (in->account_count != 11) return E_WRONG_ACCOUNT_COUNT;
  if (in->has_duplicates) return E_DUPLICATE_ACCOUNT;
  if (in->data_len != BUY_DATA_LEN) return E_INVALID_INSTRUCTION;
  SolAccountInfo *buyer = &in->accounts[0], *presale = &in->accounts[1];
  SolAccountInfo *seller = &in->accounts[2], *temp = &in->accounts[3];
  SolAccountInfo *buyer_token = &in->accounts[4], *record = &in->accounts[5];
  SolAccountInfo *authority = &in->accounts[6], *mint = &in->accounts[7];
  SolAccountInfo *token_program = &in->accounts[8], *system_program = &in->accounts[9];
  SolAccountInfo *rent = &in->accounts[10];
  const SolPubkey *program_id = in->program_id;

  if (!buyer->is_signer) return E_MISSING_SIGNER;
  if (!buyer->is_writable || !presale->is_writable || !seller->is_writable ||
      !temp->is_writable || !buyer_token->is_writable || !record->is_writable) {
    return E_NOT_WRITABLE;
  }
  uint64_t result = check_presale(presale, program_id);
  if (result != FBT_SUCCESS) return result;
  uint8_t *s = presale->data;
  if (!fbt_pubkey_eq(seller->key->x, s + PS_SELLER)) return E_NOT_SELLER;
  if (!fbt_pubkey_eq(temp->key->x, s + PS_TEMP_TOKEN_ACCOUNT) ||
      temp->data_len != TOKEN_ACCOUNT_SIZE) {
    return E_WRONG_TEMP_TOKEN_ACCOUNT;
  }
  if (!fbt_pubkey_eq(authority->key->x, s + PS_AUTHORITY)) return E_WRONG_AUTHORITY;
  if (!fbt_pubkey_eq(mint->key->x, s + PS_MINT)) return E_WRONG_MINT;
  if (!is_token_program(token_program)) return E_WRONG_TOKEN_PROGRAM;
  if (!fbt_pubkey_is_zero(system_program->key->x)) return E_WRONG_SYSTEM_PROGRAM;
  if (!fbt_pubkey_eq(rent->key->x, RENT_SYSVAR_ID.x)) return E_WRONG_RENT_SYSVAR;
  if (s[PS_IS_ACTIVED] != 1) return E_PRESALE_INACTIVE;

  uint64_t amount = fbt_load_u64(in->data + 1);
  uint64_t price = fbt_load_u64(s + PS_TOKEN_PRICE);
  uint64_t max_user = fbt_load_u64(s + PS_MAX_USER_BUYABLE);
  uint64_t min = fbt_load_u64(s + PS_MIN_USER_BUYABLE);
  uint64_t max_total = fbt_load_u64(s + PS_MAX_TOTAL_BUYABLE);
  uint64_t sold = fbt_load_u64(s + PS_CURRENT_TOTAL_SOLD);
  if (amount == 0) return E_ZERO_AMOUNT;
  /* Sold out (spec): currentTotalSold + minUserBuyable > maxTotalBuyable. */
  uint64_t total_left;
  if (fbt_sub_underflow(max_total, sold, &total_left) || min > total_left) return E_SOLD_OUT;
  if (amount < min) return E_BELOW_MINIMUM;
  if (amount > total_left) return E_EXCEEDS_TOTAL_MAXIMUM;

  if (!is_token_account_of(buyer_token, s + PS_MINT, buyer->key->x)) {
    return E_INVALID_TOKEN_ACCOUNT;
  }

  bool is_new_record;
  uint64_t spent = 0, received = 0;
  uint8_t record_bump = 0;
  if (fbt_pubkey_eq(record->owner->x, program_id->x)) {
    const uint8_t *r = record->data;
    if (record->data_len != BUYER_RECORD_SIZE || r[BR_KIND] != ACCOUNT_KIND_BUYER_RECORD ||
        !fbt_pubkey_eq(r + BR_PRESALE, presale->key->x) ||
        !fbt_pubkey_eq(r + BR_BUYER, buyer->key->x)) {
      return E_INVALID_BUYER_RECORD;
    }
    is_new_record = false;
    spent = fbt_load_u64(r + BR_LAMPORTS_SPENT);
    received = fbt_load_u64(r + BR_TOKENS_RECEIVED);
  } else if (fbt_pubkey_is_zero(record->owner->x) && record->data_len == 0) {
    /* First purchase: the address must be this buyer's PDA for this presale. The instruction
     * layout is fixed by the spec (no bump byte), so the bump is searched here, once, with our
     * cheap search; the CreateAccount CPI below re-derives it from the signer seeds too. */
    SolSignerSeed seeds[3] = {
        {BUYER_SEED, sizeof(BUYER_SEED)}, {presale->key->x, 32}, {buyer->key->x, 32}};
    SolPubkey derived;
    FbtPdaQuery query = {seeds, 3, program_id};
    if (!fbt_find_program_address(&query, &derived, &record_bump) ||
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
  if (fbt_load_u64(temp->data + TA_AMOUNT) < tokens) return E_INSUFFICIENT_TOKENS;

  uint64_t new_received, new_tokens_sold, new_total = sold + amount; /* amount <= total_left */
  if (fbt_add_overflow(received, tokens, &new_received) ||
      fbt_add_overflow(fbt_load_u64(s + PS_TOKENS_SOLD), tokens, &new_tokens_sold)) {
    return E_ARITHMETIC_OVERFLOW;
  }

  if (is_new_record) {
    uint64_t rent_lamports;
    result = rent_exempt_minimum(rent, BUYER_RECORD_SIZE, &rent_lamports);
    if (result != FBT_SUCCESS) return result;
    uint8_t bump_seed[1] = {record_bump};
    SolSignerSeed seeds[4] = {{BUYER_SEED, sizeof(BUYER_SEED)},
                              {presale->key->x, 32},
                              {buyer->key->x, 32},
                              {bump_seed, 1}};
    SolSignerSeeds signer = {seeds, 4};
    SystemCreate create = {buyer,         record, system_program,   program_id,
                           rent_lamports, BUYER_RECORD_SIZE, {&signer, 1}};
    result = system_create_pda(&create);
    if (result != FBT_SUCCESS) return result;
    if (fbt_current_data_len(record) != BUYER_RECORD_SIZE) return E_INVALID_BUYER_RECORD;
  }

  SystemTransfer pay = {buyer, seller, system_program, amount};
  result = system_transfer(&pay);
  if (result != FBT_SUCCESS) return result;

  uint8_t authority_bump[1] = {s[PS_AUTHORITY_BUMP]};
  SolSignerSeed authority_seeds[3] = {
      {AUTHORITY_SEED, sizeof(AUTHORITY_SEED)}, {presale->key->x, 32}, {authority_bump, 1}};
  SolSignerSeeds authority_signer = {authority_seeds, 3};
  TokenTransfer deliver = {temp,   mint,     buyer_token,          authority,
                           token_program, tokens, decimals, {&authority_signer, 1}};
  result = token_transfer_checked(&deliver);
  if (result != FBT_SUCCESS) return result;

  uint8_t *r = record->data;
  if (is_new_record) {
    fbt_pubkey_copy(r + BR_PRESALE, presale->key->x);
    fbt_pubkey_copy(r + BR_BUYER, buyer->key->x);
    r[BR_KIND] = ACCOUNT_KIND_BUYER_RECORD;
    r[BR_BUMP] = record_bump;
    r[BR_VERSION] = LAYOUT_VERSION;
    uint64_t buyers;
    if (fbt_add_overflow(fbt_load_u64(s + PS_BUYER_COUNT), 1, &buyers)) return E_ARITHMETIC_OVERFLOW;
    fbt_store_u64(s + PS_BUYER_COUNT, buyers);
  }
  fbt_store_u64(r + BR_LAMPORTS_SPENT, new_spent);
  fbt_store_u64(r + BR_TOKENS_RECEIVED, new_received);
  fbt_store_u64(s + PS_CURRENT_TOTAL_SOLD, new_total);
  fbt_store_u64(s + PS_TOKENS_SOLD, new_tokens_sold);
  return FBT_SUCCESS;
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
  uint64_t result = check_seller_call(in, 2, true);
  if (result != FBT_SUCCESS) return result;
  if (in->data_len != SET_ACTIVE_DATA_LEN || in->data[1] > 1) return E_INVALID_INSTRUCTION;
  in->accounts[1].data[PS_IS_ACTIVED] = in->data[1];
  return FBT_SUCCESS;
}

/* ------------------------------------------------------------------ 3 UpdateLimits */
static uint64_t process_update_limits(const FbtInput *in) {
  uint64_t result = check_seller_call(in, 2, true);
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
  fbt_store_u64(s + PS_MAX_USER_BUYABLE, max_user);
  fbt_store_u64(s + PS_MIN_USER_BUYABLE, min);
  fbt_store_u64(s + PS_MAX_TOTAL_BUYABLE, max_total);
  return FBT_SUCCESS;
}

/* ------------------------------------------------------------------ 4 WithdrawUnsold */
static uint64_t process_withdraw_unsold(const FbtInput *in) {
  uint64_t result = check_seller_call(in, 7, false);
  if (result != FBT_SUCCESS) return result;
  if (in->data_len != WITHDRAW_UNSOLD_DATA_LEN) return E_INVALID_INSTRUCTION;
  SolAccountInfo *presale = &in->accounts[1], *temp = &in->accounts[2];
  SolAccountInfo *destination = &in->accounts[3], *authority = &in->accounts[4];
  SolAccountInfo *mint = &in->accounts[5], *token_program = &in->accounts[6];
  const uint8_t *s = presale->data;
  if (!temp->is_writable || !destination->is_writable) return E_NOT_WRITABLE;
  if (!fbt_pubkey_eq(temp->key->x, s + PS_TEMP_TOKEN_ACCOUNT) ||
      temp->data_len != TOKEN_ACCOUNT_SIZE) {
    return E_WRONG_TEMP_TOKEN_ACCOUNT;
  }
  if (!fbt_pubkey_eq(authority->key->x, s + PS_AUTHORITY)) return E_WRONG_AUTHORITY;
  if (!fbt_pubkey_eq(mint->key->x, s + PS_MINT)) return E_WRONG_MINT;
  if (!is_token_program(token_program)) return E_WRONG_TOKEN_PROGRAM;
  if (!is_token_account_of(destination, s + PS_MINT, NULL)) return E_INVALID_TOKEN_ACCOUNT;

  uint64_t total_left;
  bool sold_out = fbt_sub_underflow(fbt_load_u64(s + PS_MAX_TOTAL_BUYABLE),
                                    fbt_load_u64(s + PS_CURRENT_TOTAL_SOLD), &total_left) ||
                  fbt_load_u64(s + PS_MIN_USER_BUYABLE) > total_left;
  if (s[PS_IS_ACTIVED] == 1 && !sold_out) return E_WITHDRAW_NOT_ALLOWED;

  uint64_t balance = fbt_load_u64(temp->data + TA_AMOUNT);
  if (balance == 0) return FBT_SUCCESS;
  uint8_t authority_bump[1] = {s[PS_AUTHORITY_BUMP]};
  SolSignerSeed seeds[3] = {
      {AUTHORITY_SEED, sizeof(AUTHORITY_SEED)}, {presale->key->x, 32}, {authority_bump, 1}};
  SolSignerSeeds signer = {seeds, 3};
  TokenTransfer withdraw = {temp,    mint,          destination,         authority,
                            token_program, balance, s[PS_DECIMALS], {&signer, 1}};
  return token_transfer_checked(&withdraw);
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
    default:
      return E_INVALID_INSTRUCTION;
  }
}
