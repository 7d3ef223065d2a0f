import bs58 from 'bs58';
import { invalidParams } from './rpc-error';

/** A plain JSON object (not null, not an array). */
export function isRecord(value: unknown): value is Record<string, unknown> {
  return typeof value === 'object' && value !== null && !Array.isArray(value);
}

/** The optional configuration object at `index`; absent or null reads as `{}`. */
export function configAt(params: unknown[], index: number): Record<string, unknown> {
  const value = params[index];
  if (value === undefined || value === null) return {};
  if (!isRecord(value))
    throw invalidParams(`parameter ${index + 1} must be a configuration object`);
  return value;
}

/** The base58 public key at `index`, checked to be 32 bytes; `name` words the error. */
export function pubkeyAt(params: unknown[], index: number, name: string): string {
  const value = params[index];
  if (typeof value !== 'string')
    throw invalidParams(`${name} (parameter ${index + 1}) must be a base58 string`);
  let bytes: Uint8Array;
  try {
    bytes = bs58.decode(value);
  } catch {
    throw invalidParams(`${name} is not valid base58: ${JSON.stringify(value)}`);
  }
  if (bytes.length !== 32)
    throw invalidParams(`${name} must decode to 32 bytes, got ${bytes.length}`);
  return value;
}

/** `value` as a base58 transaction signature, checked to be 64 bytes. */
export function signatureOf(value: unknown, name: string): string {
  if (typeof value !== 'string') throw invalidParams(`${name} must be a base58 string`);
  let bytes: Uint8Array;
  try {
    bytes = bs58.decode(value);
  } catch {
    throw invalidParams(`${name} is not valid base58: ${JSON.stringify(value)}`);
  }
  if (bytes.length !== 64)
    throw invalidParams(`${name} must decode to 64 bytes, got ${bytes.length}`);
  return value;
}

/**
 * A u64 parameter (lamports, sizes, offsets) as a bigint. JSON numbers above 2^53 have already
 * lost digits, so they are refused with a hint to send a decimal string instead.
 */
export function nonNegativeInteger(value: unknown, name: string): bigint {
  if (typeof value === 'number' && Number.isSafeInteger(value) && value >= 0) return BigInt(value);
  if (typeof value === 'string' && /^\d+$/.test(value)) return BigInt(value);
  if (typeof value === 'number' && Number.isInteger(value) && value > 0) {
    throw invalidParams(
      `${name} ${value} is above 2^53 and lost precision in JSON; send it as a decimal string`,
    );
  }
  throw invalidParams(`${name} must be a non-negative integer`);
}
