import { Buffer } from 'buffer';
import { U64_MAX } from '@fbt/domain';
import type { AccountMeta, PublicKey } from '@solana/web3.js';

/** `value` as 8 little-endian bytes; RangeError naming `field` outside 0..2^64-1. */
export function u64(value: bigint, field: string): Uint8Array {
  if (value < 0n || value > U64_MAX) throw new RangeError(`${field} must be a u64, got ${value}`);
  const bytes = new Uint8Array(8);
  new DataView(bytes.buffer).setBigUint64(0, value, true);
  return bytes;
}

/** `value` as 8 little-endian bytes of a non-negative i64 (unix seconds). */
export function i64NonNegative(value: bigint, field: string): Uint8Array {
  if (value < 0n || value > 0x7fff_ffff_ffff_ffffn) {
    throw new RangeError(`${field} must be between 0 and 2^63-1, got ${value}`);
  }
  return u64(value, field);
}

/** Instruction data from bytes and single-byte numbers. */
export function data(...parts: readonly (Uint8Array | number)[]): Buffer {
  return Buffer.concat(parts.map((p) => (typeof p === 'number' ? Uint8Array.of(p) : p)));
}

/** A writable account meta. */
export const w = (pubkey: PublicKey, isSigner = false): AccountMeta => ({
  pubkey,
  isSigner,
  isWritable: true,
});

/** A read-only account meta. */
export const r = (pubkey: PublicKey, isSigner = false): AccountMeta => ({
  pubkey,
  isSigner,
  isWritable: false,
});
