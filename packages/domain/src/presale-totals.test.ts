import { describe, expect, it } from 'vitest';
import {
  PRESALE_TOTAL_OFFSETS,
  PRESALE_V2_ACCOUNT_SIZE,
  decodePresaleTotals,
  encodePresaleState,
} from './index';
import { PRESALE_STATE } from '../test/support/fixtures';

describe('presale totals', () => {
  it('reads the buyer count and the leader commission at the program offsets', () => {
    const bytes = new Uint8Array(PRESALE_V2_ACCOUNT_SIZE);
    bytes.set(encodePresaleState(PRESALE_STATE));
    const view = new DataView(bytes.buffer);
    view.setBigUint64(PRESALE_TOTAL_OFFSETS.buyerCount, 1_234n, true);
    view.setBigUint64(PRESALE_TOTAL_OFFSETS.leaderCommission, 2n ** 63n + 7n, true);
    expect(decodePresaleTotals(bytes)).toEqual({
      buyerCount: 1_234n,
      leaderCommission: 2n ** 63n + 7n,
    });
  });

  it('reads them from a view into a larger buffer', () => {
    const backing = new Uint8Array(PRESALE_V2_ACCOUNT_SIZE + 16);
    const bytes = backing.subarray(16);
    new DataView(backing.buffer).setBigUint64(16 + PRESALE_TOTAL_OFFSETS.buyerCount, 3n, true);
    expect(decodePresaleTotals(bytes)).toEqual({ buyerCount: 3n, leaderCommission: 0n });
  });

  it('gives an account shorter than version 2 no totals', () => {
    expect(decodePresaleTotals(encodePresaleState(PRESALE_STATE))).toBeNull();
    expect(decodePresaleTotals(new Uint8Array(192))).toBeNull();
  });
});
