import { DomainError } from './domain-error';

const ALPHABET = '123456789ABCDEFGHJKLMNPQRSTUVWXYZabcdefghijkmnopqrstuvwxyz';
const INDEX: ReadonlyMap<string, number> = new Map([...ALPHABET].map((char, i) => [char, i]));

/**
 * Encodes bytes as Bitcoin-alphabet base58 (the encoding of Solana addresses and signatures).
 *
 * @example
 * encodeBase58(new Uint8Array(32)); // '11111111111111111111111111111111'
 */
export function encodeBase58(bytes: Uint8Array): string {
  let zeros = 0;
  while (zeros < bytes.length && bytes[zeros] === 0) zeros++;

  // Base-256 to base-58 conversion on a little-endian digit array.
  const digits: number[] = [];
  for (let i = zeros; i < bytes.length; i++) {
    let carry = bytes[i] ?? 0;
    for (let j = 0; j < digits.length; j++) {
      carry += (digits[j] ?? 0) << 8;
      digits[j] = carry % 58;
      carry = Math.floor(carry / 58);
    }
    while (carry > 0) {
      digits.push(carry % 58);
      carry = Math.floor(carry / 58);
    }
  }

  let out = '1'.repeat(zeros);
  for (let i = digits.length - 1; i >= 0; i--) out += ALPHABET[digits[i] ?? 0];
  return out;
}

/**
 * Decodes a base58 string. Throws `BASE58__INVALID_CHARACTER` on any character outside the
 * alphabet (including `0`, `O`, `I`, `l` and whitespace).
 */
export function decodeBase58(text: string): Uint8Array {
  let zeros = 0;
  while (zeros < text.length && text[zeros] === '1') zeros++;

  const bytes: number[] = [];
  for (let i = zeros; i < text.length; i++) {
    const char = text[i] ?? '';
    const value = INDEX.get(char);
    if (value === undefined) {
      throw new DomainError('BASE58__INVALID_CHARACTER', { character: char, position: i });
    }
    let carry = value;
    for (let j = 0; j < bytes.length; j++) {
      carry += (bytes[j] ?? 0) * 58;
      bytes[j] = carry & 0xff;
      carry >>= 8;
    }
    while (carry > 0) {
      bytes.push(carry & 0xff);
      carry >>= 8;
    }
  }

  const out = new Uint8Array(zeros + bytes.length);
  for (let i = 0; i < bytes.length; i++) out[out.length - 1 - i] = bytes[i] ?? 0;
  return out;
}
