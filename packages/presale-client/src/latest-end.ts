import type { DeliveryMode } from './delivery-terms';
import { i64NonNegative } from './encoding';

/** Bytes of the optional latest accepted sale end that ends Buy and BuyWith data. */
export const LATEST_END_BYTES = 8;

/**
 * The optional tail of Buy and BuyWith data: the latest sale end the buyer accepts, as i64
 * little-endian unix seconds (0 to 2^63-1), or nothing when it is not given.
 */
export function encodeLatestEnd(latestEnd: bigint | undefined): Uint8Array[] {
  return latestEnd === undefined ? [] : [i64NonNegative(latestEnd, 'latestEnd')];
}

/** The latest accepted sale end of the last {@link LATEST_END_BYTES} bytes at `offset`. */
export function decodeLatestEnd(bytes: Uint8Array, offset: number): bigint {
  return new DataView(bytes.buffer, bytes.byteOffset, bytes.byteLength).getBigInt64(offset, true);
}

/** What a buyer was shown of a presale: how it delivers and when its window ends. */
export interface ShownSaleEnd {
  readonly deliveryMode: DeliveryMode;
  /** Unix seconds, null when no end was shown. */
  readonly saleEnd: number | bigint | null;
}

/**
 * The latest sale end our buys send for a presale as the buyer was shown it. At completion the
 * buyer's FBT wait for the sale to sell out or end, so the end shown is the bound (0 when none
 * was shown: an end set since is refused too); an instant presale delivers in the buy, so its
 * end bounds nothing and none is sent.
 */
export function latestEndFor(shown: ShownSaleEnd): bigint | undefined {
  if (shown.deliveryMode !== 'at-completion') return undefined;
  return shown.saleEnd === null ? 0n : BigInt(shown.saleEnd);
}
