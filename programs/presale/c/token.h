/* token.h - the token programs the presale works with: SPL Token and Token-2022.
 *
 * Every instruction that names a token program checks it with check_token_program (one of the
 * two, and the program that owns the mint), and every token account with is_token_account_of
 * (owned by that program, its base layout, its mint and owner). Initialize alone checks the
 * mint itself (check_sellable_mint): a mint's extensions are fixed when it is initialized
 * (only TokenMetadata, behind a MetadataPointer, and the token-group entries, behind pointers
 * this program refuses, can be added later), a freeze authority once revoked can never be set
 * again, and a mint without a close authority can never be closed and re-created, so what
 * Initialize accepted stays true for every later Buy and withdrawal.
 *
 * Included once, by presale.c. */
#pragma once
#include "presale.h"

static const SolPubkey TOKEN_PROGRAM_ID = {{0x06, 0xdd, 0xf6, 0xe1, 0xd7, 0x65, 0xa1, 0x93,
                                            0xd9, 0xcb, 0xe1, 0x46, 0xce, 0xeb, 0x79, 0xac,
                                            0x1c, 0xb4, 0x85, 0xed, 0x5f, 0x5b, 0x37, 0x91,
                                            0x3a, 0x8c, 0xf5, 0x85, 0x7e, 0xff, 0x00, 0xa9}};
static const SolPubkey TOKEN_2022_PROGRAM_ID = {{0x06, 0xdd, 0xf6, 0xe1, 0xee, 0x75, 0x8f, 0xde,
                                                 0x18, 0x42, 0x5d, 0xbc, 0xe4, 0x6c, 0xcd, 0xda,
                                                 0xb6, 0x1a, 0xfc, 0x4d, 0x83, 0xb9, 0x0d, 0x27,
                                                 0xfe, 0xbd, 0xf9, 0x28, 0xd8, 0xa1, 0x8b, 0xfc}};

/* SPL Token or Token-2022. */
static bool is_supported_token_program(const uint8_t *key) {
  return fbt_pubkey_eq(key, TOKEN_PROGRAM_ID.x) || fbt_pubkey_eq(key, TOKEN_2022_PROGRAM_ID.x);
}

/* The token program account is SPL Token or Token-2022 and is the program that owns `mint`
 * (a mint of the other token program gives WrongTokenProgram; an account that is no token
 * program's mint, InvalidMint). Every instruction that moves tokens calls this first. */
FBT_INLINE uint64_t check_token_program(const SolAccountInfo *token_program,
                                    const SolAccountInfo *mint) {
  if (!is_supported_token_program(token_program->key->x)) return E_WRONG_TOKEN_PROGRAM;
  if (fbt_pubkey_eq(mint->owner->x, token_program->key->x)) return FBT_SUCCESS;
  return is_supported_token_program(mint->owner->x) ? E_WRONG_TOKEN_PROGRAM : E_INVALID_MINT;
}

/* The account's data has the token account base layout of its program: exactly 165 bytes, or
 * (Token-2022 with account extensions, e.g. the ImmutableOwner of every associated token
 * account) longer with the token-account type byte at offset 165. */
FBT_INLINE bool has_token_account_layout(const SolAccountInfo *account) {
  if (account->data_len == TOKEN_ACCOUNT_SIZE) return true;
  return account->data_len > TOKEN_2022_ACCOUNT_TYPE &&
         fbt_pubkey_eq(account->owner->x, TOKEN_2022_PROGRAM_ID.x) &&
         account->data[TOKEN_2022_ACCOUNT_TYPE] == TOKEN_2022_ACCOUNT_TYPE_ACCOUNT;
}

/* An initialized token account of `token_program` (already checked: the mint's program), of
 * `mint`, and of `owner` unless NULL. Its account extensions need no check of their own: those
 * that could take or hold tokens follow mint extensions Initialize refused, and the rest
 * (ImmutableOwner, MemoTransfer, CpiGuard) can at most make the transaction fail as a whole. */
FBT_INLINE bool is_token_account_of(const SolAccountInfo *account, const SolAccountInfo *token_program,
                                const uint8_t *mint, const uint8_t *owner) {
  if (!fbt_pubkey_eq(account->owner->x, token_program->key->x) ||
      !has_token_account_layout(account)) {
    return false;
  }
  const uint8_t *d = account->data;
  if (d[TA_STATE] != TOKEN_STATE_INITIALIZED) return false;
  if (!fbt_pubkey_eq(d + TA_MINT, mint)) return false;
  return owner == NULL || fbt_pubkey_eq(d + TA_OWNER, owner);
}

FBT_INLINE uint16_t token_load_u16(const uint8_t *p) { return (uint16_t)(p[0] | (p[1] << 8)); }

/* Why the presale refuses a mint extension, or FBT_SUCCESS for the two it accepts. Each refused
 * one lets someone take or trap buyers' tokens, or makes a buyer receive other than what the
 * sale promised; any extension not judged safe here is refused as unsupported. */
static uint64_t mint_extension_refusal(uint16_t type) {
  switch (type) {
    case EXT_METADATA_POINTER: /* where the name, symbol and logo live: no power over tokens */
    case EXT_TOKEN_METADATA:
      return FBT_SUCCESS;
    case EXT_TRANSFER_FEE_CONFIG: /* buyers would receive less than they paid for */
      return E_MINT_TRANSFER_FEE;
    case EXT_TRANSFER_HOOK: /* another program runs, and may refuse, on every transfer */
      return E_MINT_TRANSFER_HOOK;
    case EXT_PERMANENT_DELEGATE: /* its holder can move or burn anyone's tokens */
      return E_MINT_PERMANENT_DELEGATE;
    case EXT_DEFAULT_ACCOUNT_STATE: /* new accounts can start frozen */
      return E_MINT_DEFAULT_ACCOUNT_STATE;
    case EXT_NON_TRANSFERABLE: /* bought tokens could never move */
      return E_MINT_NON_TRANSFERABLE;
    case EXT_PAUSABLE: /* its authority can stop every transfer, the vault's included */
      return E_MINT_PAUSABLE;
    default:
      return E_MINT_UNSUPPORTED_EXTENSION;
  }
}

/* Walks a Token-2022 mint's TLV entries the way Token-2022 reads them (fewer than 2 bytes left
 * or an Uninitialized type ends the list) and refuses the first extension not accepted. */
static uint64_t check_mint_extensions(const SolAccountInfo *mint) {
  const uint8_t *d = mint->data;
  uint64_t len = mint->data_len, at = TOKEN_2022_TLV_START;
  while (len - at >= 2) {
    uint16_t type = token_load_u16(d + at);
    if (type == EXT_UNINITIALIZED) break;
    if (len - at < TOKEN_2022_TLV_HEADER) return E_INVALID_MINT;
    uint64_t value_len = token_load_u16(d + at + 2);
    at += TOKEN_2022_TLV_HEADER;
    if (value_len > len - at) return E_INVALID_MINT;
    uint64_t refusal = mint_extension_refusal(type);
    if (refusal != FBT_SUCCESS) return refusal;
    at += value_len;
  }
  return FBT_SUCCESS;
}

/* A mint the presale can sell: owned by `token_program` (check_token_program), initialized,
 * at most 9 decimals, no freeze authority (its holder could freeze the vault or any buyer's
 * account: the presale refuses it rather than warn), and, for Token-2022, no extension but
 * MetadataPointer and TokenMetadata. */
static uint64_t check_sellable_mint(const SolAccountInfo *token_program,
                                    const SolAccountInfo *mint) {
  uint64_t result = check_token_program(token_program, mint);
  if (result != FBT_SUCCESS) return result;
  bool extended = mint->data_len > TOKEN_2022_ACCOUNT_TYPE &&
                  fbt_pubkey_eq(mint->owner->x, TOKEN_2022_PROGRAM_ID.x) &&
                  mint->data[TOKEN_2022_ACCOUNT_TYPE] == TOKEN_2022_ACCOUNT_TYPE_MINT;
  if (mint->data_len != MINT_SIZE && !extended) return E_INVALID_MINT;
  const uint8_t *d = mint->data;
  if (d[MINT_IS_INITIALIZED] != 1 || d[MINT_DECIMALS] > MAX_DECIMALS) return E_INVALID_MINT;
  if (extended) {
    result = check_mint_extensions(mint);
    if (result != FBT_SUCCESS) return result;
  }
  const uint8_t *freeze_tag = d + MINT_FREEZE_AUTHORITY_TAG;
  if ((freeze_tag[0] | freeze_tag[1] | freeze_tag[2] | freeze_tag[3]) != 0) {
    return E_MINT_FREEZE_AUTHORITY;
  }
  return FBT_SUCCESS;
}
