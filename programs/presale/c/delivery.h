/* delivery.h - the rules of an at-completion presale that need no account but the presale's
 * bytes: when the sale is complete, and how much of a buyer's FBT the vesting has unlocked.
 * Rules (README "Delivery at completion"):
 * - complete: sold out (currentTotalSold + minUserBuyable > maxTotalBuyable), or the window has
 *   an end and now >= end, or the status is no longer open;
 * - unlocked: 0 until the sale succeeded; then, elapsed = now - completedAt (0 before it),
 *   everything once elapsed >= vestingSeconds (or no vesting), else floor(bought * bps / 10000)
 *   before the cliff and that plus floor((bought - that) * elapsed / vestingSeconds) from it on. */
#pragma once
#include "presale.h"

FBT_INLINE uint64_t fbt_load_u16(const uint8_t *p) { return (uint64_t)p[0] | ((uint64_t)p[1] << 8); }

FBT_INLINE uint64_t fbt_load_u32(const uint8_t *p) {
  return (uint64_t)p[0] | ((uint64_t)p[1] << 8) | ((uint64_t)p[2] << 16) | ((uint64_t)p[3] << 24);
}

FBT_INLINE void fbt_store_u16(uint8_t *p, uint64_t value) {
  p[0] = (uint8_t)value;
  p[1] = (uint8_t)(value >> 8);
}

FBT_INLINE void fbt_store_u32(uint8_t *p, uint64_t value) {
  for (int i = 0; i < 4; i++) p[i] = (uint8_t)(value >> (8 * i));
}

FBT_INLINE bool delivers_at_completion(const uint8_t *s) {
  return s[PS_DELIVERY_MODE] == DELIVERY_AT_COMPLETION;
}

FBT_INLINE bool has_escrow(const uint8_t *s) { return fbt_load_u64(s + PS_MINIMUM_RAISE) != 0; }

/* The clock's unix timestamp; false when the syscall fails. */
static bool clock_now(int64_t *now) {
  uint8_t clock[FBT_CLOCK_SIZE];
  if (sol_get_clock_sysvar(clock) != 0) return false;
  *now = (int64_t)fbt_load_u64(clock + FBT_CLOCK_UNIX_TIMESTAMP);
  return true;
}

/* No further buy can succeed: currentTotalSold + minUserBuyable > maxTotalBuyable. */
static bool is_sold_out(const uint8_t *s) {
  uint64_t left;
  return fbt_sub_underflow(fbt_load_u64(s + PS_MAX_TOTAL_BUYABLE),
                           fbt_load_u64(s + PS_CURRENT_TOTAL_SOLD), &left) ||
         fbt_load_u64(s + PS_MIN_USER_BUYABLE) > left;
}

/* The window has an end and `now` has reached it. */
FBT_INLINE bool window_has_ended(const uint8_t *s, int64_t now) {
  int64_t end = (int64_t)fbt_load_u64(s + PS_SALE_END);
  return end != 0 && now >= end;
}

/* Sold out, ended or finalized: the sale's terms and outcome can no longer change. */
static bool sale_is_complete(const uint8_t *s, int64_t now) {
  return s[PS_STATUS] != SALE_OPEN || is_sold_out(s) || window_has_ended(s, now);
}

/* Marks an open sale that just became sold out, at `now` (its vesting start). */
static void record_sold_out(uint8_t *s, int64_t now) {
  if (s[PS_STATUS] == SALE_OPEN && is_sold_out(s)) {
    s[PS_STATUS] = SALE_SOLD_OUT;
    fbt_store_u64(s + PS_COMPLETED_AT, (uint64_t)now);
  }
}

/* FBT of `bought` unlocked at `now` on a succeeded sale (the caller checked the status). */
static uint64_t unlocked_tokens(const uint8_t *s, uint64_t bought, int64_t now, uint64_t *out) {
  uint64_t duration = fbt_load_u32(s + PS_VESTING_SECONDS);
  int64_t start = (int64_t)fbt_load_u64(s + PS_COMPLETED_AT);
  uint64_t elapsed = now > start ? (uint64_t)now - (uint64_t)start : 0;
  if (duration == 0 || elapsed >= duration) {
    *out = bought;
    return FBT_SUCCESS;
  }
  uint64_t at_completion, linear;
  if (fbt_mul_div_floor(bought, fbt_load_u16(s + PS_UNLOCKED_AT_COMPLETION_BPS), BPS_PER_WHOLE,
                        &at_completion) ||
      at_completion > bought) {
    return E_ARITHMETIC_OVERFLOW;
  }
  if (elapsed < fbt_load_u32(s + PS_CLIFF_SECONDS)) {
    *out = at_completion;
    return FBT_SUCCESS;
  }
  /* elapsed < duration, so linear < bought - at_completion: the sum stays within bought. */
  if (fbt_mul_div_floor(bought - at_completion, elapsed, duration, &linear)) {
    return E_ARITHMETIC_OVERFLOW;
  }
  *out = at_completion + linear;
  return FBT_SUCCESS;
}

/* Initialize's delivery terms, as the data carries them. */
typedef struct {
  uint8_t mode;
  uint64_t minimum_raise;
  uint64_t bps;
  uint64_t cliff;
  uint64_t duration;
} DeliveryTerms;

/* A minimum raise that every sold-out sale reaches. Sold out means currentTotalSold + min >
 * max_total, so the least a sold-out sale can have raised is max_total - min + 1: a higher
 * minimum would let one buyer sell the sale out just short of it (leaving less than a minimum
 * purchase unsold) and so make it fail. Needs valid limits (0 < min <= max_total). */
FBT_INLINE bool minimum_raise_is_reachable(uint64_t minimum_raise, uint64_t min,
                                           uint64_t max_total) {
  return minimum_raise <= max_total - min + 1;
}

/* The terms' rules: an instant presale has no minimum raise and no vesting; bps at most 10000,
 * a cliff no longer than the duration, a duration exactly when less than 100% unlocks at
 * completion; a minimum raise every sold-out sale reaches (minimum_raise_is_reachable). */
static uint64_t check_delivery_terms(const DeliveryTerms *t, uint64_t min, uint64_t max_total) {
  if (t->mode != DELIVERY_INSTANT && t->mode != DELIVERY_AT_COMPLETION) {
    return E_INVALID_INSTRUCTION;
  }
  bool vests = t->bps != BPS_PER_WHOLE || t->cliff != 0 || t->duration != 0;
  if (t->mode == DELIVERY_INSTANT && (t->minimum_raise != 0 || vests)) return E_INSTANT_WITH_TERMS;
  if (t->bps > BPS_PER_WHOLE || t->cliff > t->duration) return E_INVALID_VESTING;
  if ((t->bps < BPS_PER_WHOLE) != (t->duration != 0)) return E_INVALID_VESTING;
  if (!minimum_raise_is_reachable(t->minimum_raise, min, max_total)) {
    return E_INVALID_MINIMUM_RAISE;
  }
  return FBT_SUCCESS;
}
