/**
 * MurmurHash3 x86 32-bit. The Solana loader identifies syscalls (and, in sBPF v0, internal
 * functions) by `murmur3_32(name, seed 0)`.
 *
 * @example murmur3x86x32(new TextEncoder().encode('sol_log_')) === 0x207559bd
 */
export function murmur3x86x32(bytes: Uint8Array, seed = 0): number {
  const c1 = 0xcc9e2d51;
  const c2 = 0x1b873593;
  const length = bytes.length;
  let h = seed >>> 0;
  let i = 0;
  const at = (k: number): number => bytes[k] ?? 0;
  for (; i + 4 <= length; i += 4) {
    let k = at(i) | (at(i + 1) << 8) | (at(i + 2) << 16) | (at(i + 3) << 24);
    k = Math.imul(k, c1);
    k = (k << 15) | (k >>> 17);
    k = Math.imul(k, c2);
    h ^= k;
    h = (h << 13) | (h >>> 19);
    h = (Math.imul(h, 5) + 0xe6546b64) | 0;
  }
  const tail = length & 3;
  if (tail > 0) {
    let k = 0;
    if (tail === 3) k ^= at(i + 2) << 16;
    if (tail >= 2) k ^= at(i + 1) << 8;
    k ^= at(i);
    k = Math.imul(k, c1);
    k = (k << 15) | (k >>> 17);
    k = Math.imul(k, c2);
    h ^= k;
  }
  h ^= length;
  h ^= h >>> 16;
  h = Math.imul(h, 0x85ebca6b);
  h ^= h >>> 13;
  h = Math.imul(h, 0xc2b2ae35);
  h ^= h >>> 16;
  return h >>> 0;
}
