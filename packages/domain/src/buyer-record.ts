import { DomainError } from './domain-error';
import { U64_MAX } from './units';

/** The per-buyer record: lamports this wallet has spent on one presale. */
export interface BuyerRecord {
  /** Lamports spent so far (the field's name since the first layout, kept as clients know it). */
  readonly fbtBuyedAmount: bigint;
  /**
   * FBT base units bought (instant: received in the buys; at completion: owed until delivered),
   * from the program's record (offset 80); absent when the bytes stop before it.
   */
  readonly tokensReceived?: bigint;
  /**
   * At completion: FBT base units delivered so far (offset 88 of a version-2 record); 0n in a
   * version-1 record, which has none, and absent when the bytes stop before `tokensReceived`.
   */
  readonly tokensDelivered?: bigint;
}

/** Offsets of the token counts in the program's buyer record (mirrors c/presale.h). */
export const BUYER_RECORD_TOKEN_OFFSETS = { tokensReceived: 80, tokensDelivered: 88 } as const;

/** Minimum size of a buyer record: the u64 `fbtBuyedAmount` at offset 0. */
export const BUYER_RECORD_SIZE = 8;

/** A wallet that has never bought has this record. */
export const EMPTY_BUYER_RECORD: BuyerRecord = Object.freeze({ fbtBuyedAmount: 0n });

/**
 * Decodes a buyer record: its first 8 bytes are `fbtBuyedAmount` (u64 LE); from the program's
 * version-1 record (88 bytes) on, `tokensReceived`, and from version 2 (96), `tokensDelivered`.
 * Throws `LAYOUT__INVALID_LENGTH` when shorter than 8 bytes.
 *
 * @example
 * decodeBuyerRecord(Uint8Array.of(0, 0xe1, 0xf5, 0x05, 0, 0, 0, 0)); // { fbtBuyedAmount: 100_000_000n }
 */
export function decodeBuyerRecord(bytes: Uint8Array): BuyerRecord {
  if (bytes.length < BUYER_RECORD_SIZE) {
    throw new DomainError('LAYOUT__INVALID_LENGTH', {
      layout: 'BuyerRecord',
      expected: BUYER_RECORD_SIZE,
      actual: bytes.length,
    });
  }
  const view = new DataView(bytes.buffer, bytes.byteOffset, bytes.byteLength);
  const fbtBuyedAmount = view.getBigUint64(0, true);
  const o = BUYER_RECORD_TOKEN_OFFSETS;
  if (bytes.length < o.tokensReceived + 8) return { fbtBuyedAmount };
  return {
    fbtBuyedAmount,
    tokensReceived: view.getBigUint64(o.tokensReceived, true),
    tokensDelivered:
      bytes.length < o.tokensDelivered + 8 ? 0n : view.getBigUint64(o.tokensDelivered, true),
  };
}

/** Encodes a buyer record's first 8 bytes (for tests and fixtures). */
export function encodeBuyerRecord(record: BuyerRecord): Uint8Array {
  const bytes = new Uint8Array(BUYER_RECORD_SIZE);
  if (record.fbtBuyedAmount < 0n || record.fbtBuyedAmount > U64_MAX) {
    throw new DomainError('LAYOUT__VALUE_OUT_OF_RANGE', {
      field: 'fbtBuyedAmount',
      value: record.fbtBuyedAmount,
    });
  }
  new DataView(bytes.buffer).setBigUint64(0, record.fbtBuyedAmount, true);
  return bytes;
}
