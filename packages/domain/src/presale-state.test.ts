import { describe, expect, it } from 'vitest';
import {
  BUYER_RECORD_SIZE,
  EMPTY_BUYER_RECORD,
  INITIAL_PRESALE_STATE,
  PRESALE_STATE_OFFSETS,
  PRESALE_STATE_SIZE,
  decodeBuyerRecord,
  decodePresaleState,
  encodeBuyerRecord,
  encodePresaleState,
  isDomainError,
  type DomainErrorCode,
} from './index';
import { PRESALE_HEX, PRESALE_STATE, hex, presale, toHex } from '../test/support/fixtures';

function codeOf(run: () => unknown): DomainErrorCode | undefined {
  try {
    run();
  } catch (error) {
    if (isDomainError(error)) return error.code;
    throw error;
  }
  return undefined;
}

describe('presale state layout', () => {
  it('is exactly 106 bytes with the spec field order', () => {
    expect(PRESALE_STATE_SIZE).toBe(106);
    expect(hex(PRESALE_HEX)).toHaveLength(106);
    expect(PRESALE_STATE_OFFSETS).toEqual({
      isInitialized: 0,
      isActived: 1,
      sellerPubkey: 2,
      tempTokenAccountPubkey: 34,
      tokenPrice: 66,
      maxUserBuyable: 74,
      minUserBuyable: 82,
      maxTotalBuyable: 90,
      currentTotalSold: 98,
    });
  });

  it('decodes the hex fixture into base58 keys and bigint lamports', () => {
    expect(decodePresaleState(hex(PRESALE_HEX))).toEqual(PRESALE_STATE);
  });

  it('encodes back to the same bytes', () => {
    expect(toHex(encodePresaleState(PRESALE_STATE))).toBe(PRESALE_HEX);
  });

  it('reads the first 106 bytes of a longer account (program fields follow)', () => {
    const longer = new Uint8Array(160).fill(0xee);
    longer.set(hex(PRESALE_HEX));
    expect(decodePresaleState(longer)).toEqual(PRESALE_STATE);
  });

  it('decodes from a subarray with a non-zero byteOffset', () => {
    const buffer = new Uint8Array(200);
    buffer.set(hex(PRESALE_HEX), 50);
    expect(decodePresaleState(buffer.subarray(50))).toEqual(PRESALE_STATE);
  });

  it('round-trips u64 extremes', () => {
    const state = presale({ tokenPrice: 1n, maxTotalBuyable: 0xffff_ffff_ffff_ffffn });
    expect(decodePresaleState(encodePresaleState(state))).toEqual(state);
  });

  it.each([
    ['an empty buffer', new Uint8Array(0)],
    ['105 bytes', new Uint8Array(105)],
  ])('refuses %s with LAYOUT__INVALID_LENGTH', (_name, bytes) => {
    expect(codeOf(() => decodePresaleState(bytes))).toBe('LAYOUT__INVALID_LENGTH');
  });

  it.each([
    ['isInitialized', 0, 2],
    ['isActived', 1, 0xff],
  ])('refuses a %s byte that is not 0 or 1', (field, offset, value) => {
    const bytes = hex(PRESALE_HEX);
    bytes[offset] = value;
    try {
      decodePresaleState(bytes);
      expect.unreachable();
    } catch (error) {
      expect(isDomainError(error, 'LAYOUT__INVALID_FLAG')).toBe(true);
      expect((error as { context: { field: string } }).context.field).toBe(field);
    }
  });

  it.each([
    ['a negative amount', presale({ currentTotalSold: -1n })],
    ['an amount above u64', presale({ tokenPrice: 1n << 64n })],
    ['a key that is not 32 bytes', presale({ sellerPubkey: '1111' })],
  ])('refuses to encode %s', (_name, state) => {
    expect(codeOf(() => encodePresaleState(state))).toBe('LAYOUT__VALUE_OUT_OF_RANGE');
  });

  it('starts inactive with empty keys and zero numbers before load', () => {
    expect(INITIAL_PRESALE_STATE).toEqual({
      isInitialized: false,
      isActived: false,
      sellerPubkey: '11111111111111111111111111111111',
      tempTokenAccountPubkey: '11111111111111111111111111111111',
      tokenPrice: 0n,
      maxUserBuyable: 0n,
      minUserBuyable: 0n,
      maxTotalBuyable: 0n,
      currentTotalSold: 0n,
    });
    expect(toHex(encodePresaleState(INITIAL_PRESALE_STATE))).toBe('00'.repeat(106));
    expect(Object.isFrozen(INITIAL_PRESALE_STATE)).toBe(true);
  });
});

describe('buyer record layout', () => {
  it.each([
    ['0000000000000000', 0n],
    ['00e1f50500000000', 100_000_000n],
    ['ffffffffffffffff', 0xffff_ffff_ffff_ffffn],
  ])('decodes %s as %s lamports', (bytesHex, amount) => {
    expect(decodeBuyerRecord(hex(bytesHex))).toEqual({ fbtBuyedAmount: amount });
    expect(toHex(encodeBuyerRecord({ fbtBuyedAmount: amount }))).toBe(bytesHex);
  });

  it('ignores program bytes after the first 8', () => {
    expect(decodeBuyerRecord(hex('00e1f50500000000' + 'ab'.repeat(40)))).toEqual({
      fbtBuyedAmount: 100_000_000n,
    });
  });

  it('refuses fewer than 8 bytes', () => {
    expect(BUYER_RECORD_SIZE).toBe(8);
    expect(codeOf(() => decodeBuyerRecord(hex('00e1f505')))).toBe('LAYOUT__INVALID_LENGTH');
  });

  it('refuses to encode an amount outside u64', () => {
    expect(codeOf(() => encodeBuyerRecord({ fbtBuyedAmount: -5n }))).toBe(
      'LAYOUT__VALUE_OUT_OF_RANGE',
    );
  });

  it('has an empty record for wallets that never bought', () => {
    expect(EMPTY_BUYER_RECORD.fbtBuyedAmount).toBe(0n);
  });
});
