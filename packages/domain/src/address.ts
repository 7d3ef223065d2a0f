import { decodeBase58 } from './base58';
import { DomainError } from './domain-error';

/** Byte length of a Solana public key. */
export const ADDRESS_BYTES = 32;
/** Byte length of a Solana transaction signature. */
export const SIGNATURE_BYTES = 64;

function decodesToLength(text: string, length: number, maxChars: number): boolean {
  if (typeof text !== 'string' || text.length === 0 || text.length > maxChars) return false;
  try {
    return decodeBase58(text).length === length;
  } catch {
    return false;
  }
}

/**
 * True when `text` is a base58 string of exactly 32 bytes (a Solana address).
 *
 * @example
 * isAddress('11111111111111111111111111111111'); // true
 * isAddress('not-an-address'); // false
 */
export function isAddress(text: string): boolean {
  return decodesToLength(text, ADDRESS_BYTES, 44);
}

/** Throws `ADDRESS__INVALID` unless `text` is a Solana address. */
export function assertIsAddress(text: string, field = 'address'): void {
  if (!isAddress(text)) throw new DomainError('ADDRESS__INVALID', { field });
}

/** True when `text` is a base58 string of exactly 64 bytes (a transaction signature). */
export function isSignature(text: string): boolean {
  return decodesToLength(text, SIGNATURE_BYTES, 88);
}

/**
 * Shortens an address for the connect button: first 4 + '...' + last 4 characters.
 * Strings of 11 characters or fewer are returned unchanged (nothing would be hidden).
 *
 * @example
 * shortenAddress('7xKXtg2CW87d97TXJSDpbD5jBkheTqA83TZRuJosgAsU'); // '7xKX...gAsU'
 */
export function shortenAddress(address: string): string {
  if (address.length <= 11) return address;
  return `${address.slice(0, 4)}...${address.slice(-4)}`;
}
