import { encodeBase58, decodeBase58 } from './base58';
import { ADDRESS_BYTES } from './address';
import { DomainError } from './domain-error';
import { U64_MAX } from './units';

/**
 * The presale configuration account's base layout: the 106 bytes every version of the account
 * begins with, at fixed offsets, so a client that knows only these fields reads any version.
 * Keys are base58 strings, money is lamports.
 */
export interface PresaleState {
  readonly isInitialized: boolean;
  readonly isActived: boolean;
  readonly sellerPubkey: string;
  readonly tempTokenAccountPubkey: string;
  /** Lamports per whole FBT. */
  readonly tokenPrice: bigint;
  readonly maxUserBuyable: bigint;
  readonly minUserBuyable: bigint;
  readonly maxTotalBuyable: bigint;
  readonly currentTotalSold: bigint;
}

/** Byte offsets of the base layout. The program may append fields after these 106 bytes. */
export const PRESALE_STATE_OFFSETS = {
  isInitialized: 0,
  isActived: 1,
  sellerPubkey: 2,
  tempTokenAccountPubkey: 34,
  tokenPrice: 66,
  maxUserBuyable: 74,
  minUserBuyable: 82,
  maxTotalBuyable: 90,
  currentTotalSold: 98,
} as const;

/** Size of the base layout in bytes. */
export const PRESALE_STATE_SIZE = 106;

const EMPTY_KEY = encodeBase58(new Uint8Array(ADDRESS_BYTES));

/** The state shown before the chain has answered: inactive, empty keys, all numbers 0. */
export const INITIAL_PRESALE_STATE: PresaleState = Object.freeze({
  isInitialized: false,
  isActived: false,
  sellerPubkey: EMPTY_KEY,
  tempTokenAccountPubkey: EMPTY_KEY,
  tokenPrice: 0n,
  maxUserBuyable: 0n,
  minUserBuyable: 0n,
  maxTotalBuyable: 0n,
  currentTotalSold: 0n,
});

type U64Field =
  'tokenPrice' | 'maxUserBuyable' | 'minUserBuyable' | 'maxTotalBuyable' | 'currentTotalSold';
const U64_FIELDS: readonly U64Field[] = [
  'tokenPrice',
  'maxUserBuyable',
  'minUserBuyable',
  'maxTotalBuyable',
  'currentTotalSold',
];

function readFlag(bytes: Uint8Array, offset: number, field: string): boolean {
  const value = bytes[offset];
  if (value !== 0 && value !== 1) throw new DomainError('LAYOUT__INVALID_FLAG', { field, value });
  return value === 1;
}

/**
 * Decodes a presale account. Accepts the 106-byte base layout or a longer account whose first
 * 106 bytes are that layout (the program appends its own fields).
 *
 * Throws `LAYOUT__INVALID_LENGTH` when shorter than 106 bytes and `LAYOUT__INVALID_FLAG` when a
 * boolean byte is neither 0 nor 1.
 *
 * @example
 * const state = decodePresaleState(accountData);
 * state.currentTotalSold; // 12_500_000_000n
 */
export function decodePresaleState(bytes: Uint8Array): PresaleState {
  if (bytes.length < PRESALE_STATE_SIZE) {
    throw new DomainError('LAYOUT__INVALID_LENGTH', {
      layout: 'PresaleState',
      expected: PRESALE_STATE_SIZE,
      actual: bytes.length,
    });
  }
  const view = new DataView(bytes.buffer, bytes.byteOffset, bytes.byteLength);
  const o = PRESALE_STATE_OFFSETS;
  const u64 = (offset: number): bigint => view.getBigUint64(offset, true);
  return {
    isInitialized: readFlag(bytes, o.isInitialized, 'isInitialized'),
    isActived: readFlag(bytes, o.isActived, 'isActived'),
    sellerPubkey: encodeBase58(bytes.subarray(o.sellerPubkey, o.sellerPubkey + ADDRESS_BYTES)),
    tempTokenAccountPubkey: encodeBase58(
      bytes.subarray(o.tempTokenAccountPubkey, o.tempTokenAccountPubkey + ADDRESS_BYTES),
    ),
    tokenPrice: u64(o.tokenPrice),
    maxUserBuyable: u64(o.maxUserBuyable),
    minUserBuyable: u64(o.minUserBuyable),
    maxTotalBuyable: u64(o.maxTotalBuyable),
    currentTotalSold: u64(o.currentTotalSold),
  };
}

/**
 * Encodes a presale state into the 106-byte base layout (for tests, fixtures and seeding).
 * Throws `ADDRESS__INVALID`-style `LAYOUT__VALUE_OUT_OF_RANGE` when a number does not fit a u64
 * or a key is not 32 bytes.
 */
export function encodePresaleState(state: PresaleState): Uint8Array {
  const bytes = new Uint8Array(PRESALE_STATE_SIZE);
  const view = new DataView(bytes.buffer);
  const o = PRESALE_STATE_OFFSETS;
  bytes[o.isInitialized] = state.isInitialized ? 1 : 0;
  bytes[o.isActived] = state.isActived ? 1 : 0;
  writeKey(bytes, o.sellerPubkey, state.sellerPubkey, 'sellerPubkey');
  writeKey(bytes, o.tempTokenAccountPubkey, state.tempTokenAccountPubkey, 'tempTokenAccountPubkey');
  for (const field of U64_FIELDS) {
    const value = state[field];
    if (value < 0n || value > U64_MAX) {
      throw new DomainError('LAYOUT__VALUE_OUT_OF_RANGE', { field, value });
    }
    view.setBigUint64(o[field], value, true);
  }
  return bytes;
}

function writeKey(bytes: Uint8Array, offset: number, key: string, field: string): void {
  const decoded = decodeBase58(key);
  if (decoded.length !== ADDRESS_BYTES) {
    throw new DomainError('LAYOUT__VALUE_OUT_OF_RANGE', { field, bytes: decoded.length });
  }
  bytes.set(decoded, offset);
}
