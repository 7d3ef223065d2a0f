import { describe, expect, it } from 'vitest';
import {
  INITIAL_PRESALE_STATE,
  PRESALE_STATE_OFFSETS,
  PRESALE_STATE_SIZE,
  decodePresaleState,
  encodePresaleState,
  isDomainError,
} from './index';
import { PRESALE_HEX, PRESALE_STATE, codeOf, hex, presale, toHex } from '../test/support/fixtures';

describe('presale state layout', () => {
  it("is exactly 106 bytes, its fields in the base layout's order", () => {
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
