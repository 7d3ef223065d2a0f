import { murmur3x86x32 } from './murmur3';

/**
 * Syscalls registered by the Agave runtime (4.x). An undefined call that is not in this list is
 * a link error, which catches typos and missing libc helpers (`memcpy`, `__multi3`, ...) at
 * build time instead of at deploy time.
 */
export const KNOWN_SYSCALLS: ReadonlySet<string> = new Set([
  'abort',
  'sol_panic_',
  'sol_log_',
  'sol_log_64_',
  'sol_log_pubkey',
  'sol_log_compute_units_',
  'sol_log_data',
  'sol_create_program_address',
  'sol_try_find_program_address',
  'sol_sha256',
  'sol_keccak256',
  'sol_blake3',
  'sol_secp256k1_recover',
  'sol_curve_validate_point',
  'sol_curve_group_op',
  'sol_curve_multiscalar_mul',
  'sol_get_clock_sysvar',
  'sol_get_epoch_schedule_sysvar',
  'sol_get_fees_sysvar',
  'sol_get_rent_sysvar',
  'sol_get_last_restart_slot',
  'sol_get_epoch_rewards_sysvar',
  'sol_get_sysvar',
  'sol_get_epoch_stake',
  'sol_memcpy_',
  'sol_memmove_',
  'sol_memset_',
  'sol_memcmp_',
  'sol_get_processed_sibling_instruction',
  'sol_get_stack_height',
  'sol_set_return_data',
  'sol_get_return_data',
  'sol_invoke_signed_c',
  'sol_invoke_signed_rust',
  'sol_alt_bn128_group_op',
  'sol_alt_bn128_compression',
  'sol_big_mod_exp',
  'sol_poseidon',
  'sol_remaining_compute_units',
]);

const encoder = new TextEncoder();

/** The 32-bit key the runtime uses for a syscall name (the `imm` of a static syscall). */
export function computeSyscallHash(name: string): number {
  return murmur3x86x32(encoder.encode(name));
}
