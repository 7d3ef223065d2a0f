import { describe, expect, it } from 'vitest';
import { computeSyscallHash, murmur3x86x32 } from '../src/index';

describe('murmur3x86x32', () => {
  const encode = (text: string): Uint8Array => new TextEncoder().encode(text);
  it.each([
    ['', 0x00000000],
    ['abc', 0xb3dd93fa],
    ['hello', 0x248bfa47],
    ['The quick brown fox jumps over the lazy dog', 0x2e4ff723],
  ])('hashes %j to the reference value', (text, expected) => {
    expect(murmur3x86x32(encode(text))).toBe(expected);
  });

  it('gives the key the Solana runtime registers for sol_log_', () => {
    expect(computeSyscallHash('sol_log_')).toBe(0x207559bd);
  });
});
