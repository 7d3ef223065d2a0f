/* fbt_sol.h - the small Solana C runtime our presale program is written against.
 *
 * Written for Debian clang-19 (-target bpfel -mcpu=v2) and our own linker (tools/sbpf-link).
 * It holds the ABI structs used by sol_invoke_signed_c, the syscall prototypes we call, the
 * input deserializer (loader ABI v1) and checked arithmetic that never needs 128-bit helpers.
 *
 * Rules this header follows (each one is a pitfall of upstream clang + sBPF):
 * - no mutable globals (the linker rejects .data/.bss);
 * - at most 5 arguments per function (no stack arguments in sBPF): pass a struct;
 * - no __int128, no floats, no __builtin_mul_overflow (they lower to libcalls that do not exist);
 * - account data is not 8-aligned at arbitrary offsets: use fbt_load_u64/fbt_store_u64.
 */
#pragma once
#include <stdbool.h>
#include <stddef.h>
#include <stdint.h>

#define FBT_EXPORT __attribute__((visibility("default")))
#define FBT_INLINE static inline __attribute__((always_inline))

/* ------------------------------------------------------------------ ABI structs */
typedef struct {
  uint8_t x[32];
} SolPubkey;

/* Layout fixed by the runtime's C CPI ABI. Pointers must point into the serialized input. */
typedef struct {
  SolPubkey *key;
  uint64_t *lamports;
  uint64_t data_len;
  uint8_t *data;
  SolPubkey *owner;
  uint64_t rent_epoch;
  bool is_signer;
  bool is_writable;
  bool executable;
} SolAccountInfo;

typedef struct {
  SolPubkey *pubkey;
  bool is_writable;
  bool is_signer;
} SolAccountMeta;

typedef struct {
  SolPubkey *program_id;
  SolAccountMeta *accounts;
  uint64_t account_len;
  uint8_t *data;
  uint64_t data_len;
} SolInstruction;

typedef struct {
  const uint8_t *addr;
  uint64_t len;
} SolSignerSeed;

typedef struct {
  const SolSignerSeed *addr;
  uint64_t len;
} SolSignerSeeds;

/* ------------------------------------------------------------------ syscalls */
void sol_log_(const char *message, uint64_t length);
void sol_log_64_(uint64_t a, uint64_t b, uint64_t c, uint64_t d, uint64_t e);
uint64_t sol_invoke_signed_c(const SolInstruction *instruction, const SolAccountInfo *infos,
                             uint64_t info_count, const SolSignerSeeds *signers,
                             uint64_t signer_count);
uint64_t sol_create_program_address(const SolSignerSeed *seeds, uint64_t seed_count,
                                    const SolPubkey *program_id, SolPubkey *out);
uint64_t sol_try_find_program_address(const SolSignerSeed *seeds, uint64_t seed_count,
                                      const SolPubkey *program_id, SolPubkey *out,
                                      uint8_t *bump_out);
typedef struct {
  const uint8_t *addr;
  uint64_t len;
} SolBytes;
uint64_t sol_sha256(const SolBytes *values, uint64_t count, uint8_t *result);
/* curve 0 = Curve25519 Edwards; returns 0 when `point` is a valid curve point. */
uint64_t sol_curve_validate_point(uint64_t curve, const uint8_t *point, uint8_t *result);
/* Writes the Clock sysvar (40 bytes: slot, epoch start timestamp, epoch, leader schedule epoch,
 * unix timestamp). */
uint64_t sol_get_clock_sysvar(uint8_t *clock);
#define FBT_CLOCK_SIZE 40
#define FBT_CLOCK_UNIX_TIMESTAMP 32
void sol_memcpy_(void *dst, const void *src, uint64_t n);
void sol_memset_(void *dst, uint64_t value, uint64_t n);

/* LLVM may turn struct copies into memcpy/memset calls: define them on top of the syscalls. */
__attribute__((weak)) void *memcpy(void *dst, const void *src, size_t n) {
  sol_memcpy_(dst, src, n);
  return dst;
}
__attribute__((weak)) void *memset(void *dst, int value, size_t n) {
  sol_memset_(dst, (uint64_t)(uint8_t)value, n);
  return dst;
}

#define fbt_log(literal) sol_log_((literal), sizeof(literal) - 1)

/* ------------------------------------------------------------------ results
 * 0 = success; a value below 2^32 reaches clients as InstructionError::Custom(value);
 * builtin ProgramErrors are (n << 32). */
#define FBT_SUCCESS 0ULL
#define FBT_BUILTIN(n) ((uint64_t)(n) << 32)
#define FBT_ERROR_INVALID_ARGUMENT FBT_BUILTIN(2)

/* ------------------------------------------------------------------ memory helpers
 * sBPF loads and stores need no alignment, but LLVM's BPF backend splits an unaligned u64
 * access into eight byte accesses. Inline asm keeps it one instruction. */
FBT_INLINE uint64_t fbt_load_u64(const uint8_t *p) {
  uint64_t value;
  __asm__ volatile("%0 = *(u64 *)(%1 + 0)" : "=r"(value) : "r"(p) : "memory");
  return value;
}

FBT_INLINE void fbt_store_u64(uint8_t *p, uint64_t value) {
  __asm__ volatile("*(u64 *)(%0 + 0) = %1" : : "r"(p), "r"(value) : "memory");
}

FBT_INLINE bool fbt_pubkey_eq(const uint8_t *a, const uint8_t *b) {
  uint64_t diff = (fbt_load_u64(a) ^ fbt_load_u64(b)) | (fbt_load_u64(a + 8) ^ fbt_load_u64(b + 8)) |
                  (fbt_load_u64(a + 16) ^ fbt_load_u64(b + 16)) |
                  (fbt_load_u64(a + 24) ^ fbt_load_u64(b + 24));
  return diff == 0;
}

FBT_INLINE bool fbt_pubkey_is_zero(const uint8_t *a) {
  return (fbt_load_u64(a) | fbt_load_u64(a + 8) | fbt_load_u64(a + 16) | fbt_load_u64(a + 24)) == 0;
}

FBT_INLINE void fbt_pubkey_copy(uint8_t *dst, const uint8_t *src) {
  fbt_store_u64(dst, fbt_load_u64(src));
  fbt_store_u64(dst + 8, fbt_load_u64(src + 8));
  fbt_store_u64(dst + 16, fbt_load_u64(src + 16));
  fbt_store_u64(dst + 24, fbt_load_u64(src + 24));
}

FBT_INLINE void fbt_put_u64(uint8_t *p, uint64_t value) {
  for (int i = 0; i < 8; i++) p[i] = (uint8_t)(value >> (8 * i));
}

/* ------------------------------------------------------------------ checked arithmetic
 * Each returns true on overflow and leaves *out untouched. */
FBT_INLINE bool fbt_add_overflow(uint64_t a, uint64_t b, uint64_t *out) {
  uint64_t sum = a + b;
  if (sum < a) return true;
  *out = sum;
  return false;
}

FBT_INLINE bool fbt_sub_underflow(uint64_t a, uint64_t b, uint64_t *out) {
  if (b > a) return true;
  *out = a - b;
  return false;
}

/* Full 64x64 -> 128 product from 32-bit limbs (no __multi3). */
FBT_INLINE void fbt_mul_wide(uint64_t a, uint64_t b, uint64_t *hi, uint64_t *lo) {
  uint64_t a_lo = a & 0xffffffffULL, a_hi = a >> 32;
  uint64_t b_lo = b & 0xffffffffULL, b_hi = b >> 32;
  uint64_t ll = a_lo * b_lo, lh = a_lo * b_hi, hl = a_hi * b_lo, hh = a_hi * b_hi;
  uint64_t mid = (ll >> 32) + (lh & 0xffffffffULL) + (hl & 0xffffffffULL);
  *lo = (mid << 32) | (ll & 0xffffffffULL);
  *hi = hh + (lh >> 32) + (hl >> 32) + (mid >> 32);
}

FBT_INLINE bool fbt_mul_overflow(uint64_t a, uint64_t b, uint64_t *out) {
  uint64_t hi, lo;
  fbt_mul_wide(a, b, &hi, &lo);
  if (hi != 0) return true;
  *out = lo;
  return false;
}

/* floor(a * b / d) for d > 0; true when the quotient does not fit in 64 bits.
 * The common case (product below 2^64) is one division; otherwise a 64-step long division. */
static bool fbt_mul_div_floor(uint64_t a, uint64_t b, uint64_t d, uint64_t *out) {
  uint64_t hi, lo;
  if (d == 0) return true;
  fbt_mul_wide(a, b, &hi, &lo);
  if (hi == 0) {
    *out = lo / d;
    return false;
  }
  if (hi >= d) return true;
  uint64_t remainder = hi, quotient = 0;
  for (int i = 63; i >= 0; i--) {
    uint64_t carry = remainder >> 63;
    remainder = (remainder << 1) | ((lo >> i) & 1);
    quotient <<= 1;
    if (carry || remainder >= d) {
      remainder -= d;
      quotient |= 1;
    }
  }
  *out = quotient;
  return false;
}

/* ------------------------------------------------------------------ program addresses
 * The canonical bump of a PDA, like sol_try_find_program_address, at a fraction of its cost:
 * that syscall charges ~1.5k CU per attempt, while sha256 + an Edwards point check cost a few
 * hundred. A PDA is sha256(seeds || bump || program_id || "ProgramDerivedAddress") that is
 * NOT a valid curve point. `seeds` must have room for one more entry (the bump). */
#define FBT_MAX_PDA_SEEDS 4
static const uint8_t FBT_PDA_MARKER[] = {'P', 'r', 'o', 'g', 'r', 'a', 'm', 'D', 'e', 'r', 'i',
                                         'v', 'e', 'd', 'A', 'd', 'd', 'r', 'e', 's', 's'};

typedef struct {
  const SolSignerSeed *seeds;
  uint64_t seed_count; /* at most FBT_MAX_PDA_SEEDS */
  const SolPubkey *program_id;
} FbtPdaQuery;

/* Returns true and sets *address / *bump on success (false if no bump works, or bad input). */
static bool fbt_find_program_address(const FbtPdaQuery *query, SolPubkey *address, uint8_t *bump) {
  if (query->seed_count > FBT_MAX_PDA_SEEDS) return false;
  SolBytes parts[FBT_MAX_PDA_SEEDS + 3];
  uint64_t n = 0;
  for (; n < query->seed_count; n++) {
    parts[n].addr = query->seeds[n].addr;
    parts[n].len = query->seeds[n].len;
  }
  uint8_t bump_seed[1];
  parts[n].addr = bump_seed;
  parts[n].len = 1;
  parts[n + 1].addr = query->program_id->x;
  parts[n + 1].len = 32;
  parts[n + 2].addr = FBT_PDA_MARKER;
  parts[n + 2].len = sizeof(FBT_PDA_MARKER);
  for (int candidate = 255; candidate >= 0; candidate--) {
    bump_seed[0] = (uint8_t)candidate;
    if (sol_sha256(parts, n + 3, address->x) != 0) return false;
    uint8_t on_curve_result;
    if (sol_curve_validate_point(0, address->x, &on_curve_result) != 0) {
      *bump = (uint8_t)candidate; /* not on the curve: a valid program address */
      return true;
    }
  }
  return false;
}

/* The program address for seeds that already end with the bump (like
 * sol_create_program_address, for a few hundred CU instead of ~1.5k). False when the hash is a
 * curve point, i.e. the bump is not valid for these seeds. */
__attribute__((unused)) static bool fbt_create_program_address(const FbtPdaQuery *query,
                                                          SolPubkey *address) {
  if (query->seed_count > FBT_MAX_PDA_SEEDS + 1) return false;
  SolBytes parts[FBT_MAX_PDA_SEEDS + 3];
  uint64_t n = 0;
  for (; n < query->seed_count; n++) {
    parts[n].addr = query->seeds[n].addr;
    parts[n].len = query->seeds[n].len;
  }
  parts[n].addr = query->program_id->x;
  parts[n].len = 32;
  parts[n + 1].addr = FBT_PDA_MARKER;
  parts[n + 1].len = sizeof(FBT_PDA_MARKER);
  if (sol_sha256(parts, n + 2, address->x) != 0) return false;
  uint8_t on_curve_result;
  return sol_curve_validate_point(0, address->x, &on_curve_result) != 0;
}

/* ------------------------------------------------------------------ input deserializer
 * Loader ABI v1 (BPF Loader 2 / Upgradeable). u64 account count, then per account a u8 marker
 * (0xff = new, otherwise the index of the earlier account it duplicates). A new account is
 *   u8 is_signer, u8 is_writable, u8 executable, u8[4] padding, key[32], owner[32],
 *   u64 lamports, u64 data_len, data[data_len], 10 KiB realloc room, padding to 8, u64 rent_epoch;
 * a duplicate is followed by 7 bytes of padding. Then u64 data_len, data, program_id[32]. */
#define FBT_MAX_PERMITTED_DATA_INCREASE (10 * 1024)

typedef struct {
  SolAccountInfo *accounts;
  uint64_t account_count;
  uint64_t capacity;
  bool has_duplicates;
  const uint8_t *data;
  uint64_t data_len;
  const SolPubkey *program_id;
} FbtInput;

/* Fills `input->accounts` (capacity entries). Returns false when there are more accounts than
 * the capacity; the caller turns that into an error. */
static bool fbt_deserialize(const uint8_t *cursor, FbtInput *input) {
  uint64_t count = fbt_load_u64(cursor);
  cursor += 8;
  input->account_count = count;
  input->has_duplicates = false;
  if (count > input->capacity) return false;
  for (uint64_t i = 0; i < count; i++) {
    uint8_t marker = *cursor++;
    SolAccountInfo *info = &input->accounts[i];
    if (marker == 0xff) {
      info->is_signer = *cursor++ != 0;
      info->is_writable = *cursor++ != 0;
      info->executable = *cursor++ != 0;
      cursor += 4;
      info->key = (SolPubkey *)cursor;
      cursor += 32;
      info->owner = (SolPubkey *)cursor;
      cursor += 32;
      info->lamports = (uint64_t *)cursor;
      cursor += 8;
      info->data_len = fbt_load_u64(cursor);
      cursor += 8;
      info->data = (uint8_t *)cursor;
      cursor += info->data_len + FBT_MAX_PERMITTED_DATA_INCREASE;
      cursor = (const uint8_t *)(((uint64_t)cursor + 7) & ~(uint64_t)7);
      info->rent_epoch = fbt_load_u64(cursor);
      cursor += 8;
    } else {
      *info = input->accounts[marker];
      input->has_duplicates = true;
      cursor += 7;
    }
  }
  input->data_len = fbt_load_u64(cursor);
  cursor += 8;
  input->data = cursor;
  input->program_id = (const SolPubkey *)(cursor + input->data_len);
  return true;
}

/* The serialized data length of an account, which a CPI (CreateAccount, Allocate) updates. */
FBT_INLINE uint64_t fbt_current_data_len(const SolAccountInfo *info) {
  return fbt_load_u64((const uint8_t *)info->lamports + 8);
}
