import { describe, expect, it } from 'vitest';
import {
  BUYER_RECORD_SIZE,
  EMPTY_BUYER_RECORD,
  decodeBuyerRecord,
  encodeBuyerRecord,
} from './index';
import { codeOf, hex, toHex } from '../test/support/fixtures';

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

describe('buyer record token counts', () => {
  const record = (length: number): Uint8Array => {
    const bytes = new Uint8Array(length);
    const view = new DataView(bytes.buffer);
    view.setBigUint64(0, 2_000_000_000n, true);
    view.setBigUint64(80, 40_000_000_000n, true);
    if (length >= 96) view.setBigUint64(88, 10_000_000_000n, true);
    return bytes;
  };

  it('reads what the wallet bought and was delivered from a version-2 record', () => {
    expect(decodeBuyerRecord(record(96))).toEqual({
      fbtBuyedAmount: 2_000_000_000n,
      tokensReceived: 40_000_000_000n,
      tokensDelivered: 10_000_000_000n,
    });
  });

  it('reads nothing delivered from a version-1 record, which has no such field', () => {
    expect(decodeBuyerRecord(record(88))).toEqual({
      fbtBuyedAmount: 2_000_000_000n,
      tokensReceived: 40_000_000_000n,
      tokensDelivered: 0n,
    });
  });
});
