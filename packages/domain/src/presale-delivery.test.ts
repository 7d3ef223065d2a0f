import { describe, expect, it } from 'vitest';
import {
  INSTANT_DELIVERY,
  NO_VESTING_TERMS,
  PRESALE_DELIVERY_FIELD_OFFSETS,
  PRESALE_V2_ACCOUNT_SIZE,
  PRESALE_V3_ACCOUNT_SIZE,
  decodePresaleDelivery,
  deliveryOf,
  encodePresaleState,
  isSaleComplete,
  presaleDeliveryFromJson,
  presaleDeliveryToJson,
  presaleDeliveryJsonSchema,
  unlockedTokensAt,
  type PresaleDelivery,
} from './index';
import { PRESALE_STATE, codeOf } from '../test/support/fixtures';

/** A version-3 account with the given delivery bytes written at the program's offsets. */
function v3Account(write: (view: DataView, bytes: Uint8Array) => void, offset = 0): Uint8Array {
  const backing = new Uint8Array(offset + PRESALE_V3_ACCOUNT_SIZE);
  const bytes = backing.subarray(offset);
  bytes.set(encodePresaleState(PRESALE_STATE));
  write(new DataView(bytes.buffer, bytes.byteOffset, bytes.byteLength), bytes);
  return bytes;
}

const o = PRESALE_DELIVERY_FIELD_OFFSETS;

const VESTING_SALE: PresaleDelivery = {
  mode: 'at-completion',
  status: 'succeeded',
  minimumRaise: 40_000_000_000n,
  vesting: { unlockedAtCompletionBps: 2_500, cliffSeconds: 86_400, vestingSeconds: 2_592_000 },
  completedAt: 1_795_300_000,
  tokensOwed: 2n ** 63n + 1n,
  tokensDelivered: 5_000_000n,
  buyersDelivered: 3n,
  buyersRefunded: 0n,
};

function writeVestingSale(view: DataView, bytes: Uint8Array): void {
  bytes[o.deliveryMode] = 1;
  bytes[o.status] = 2;
  view.setUint16(o.unlockedAtCompletionBps, 2_500, true);
  view.setUint32(o.cliffSeconds, 86_400, true);
  view.setUint32(o.vestingSeconds, 2_592_000, true);
  view.setBigUint64(o.minimumRaise, 40_000_000_000n, true);
  view.setBigInt64(o.completedAt, 1_795_300_000n, true);
  view.setBigUint64(o.tokensOwed, 2n ** 63n + 1n, true);
  view.setBigUint64(o.tokensDelivered, 5_000_000n, true);
  view.setBigUint64(o.buyersDelivered, 3n, true);
}

describe('presale delivery layout', () => {
  it('reads mode, status, terms, completion and totals at the program offsets', () => {
    expect(decodePresaleDelivery(v3Account(writeVestingSale))).toEqual(VESTING_SALE);
  });

  it('reads them from a view into a larger buffer', () => {
    expect(decodePresaleDelivery(v3Account(writeVestingSale, 24))).toEqual(VESTING_SALE);
  });

  it('reads each status byte, and a completion not reached yet as null', () => {
    const statuses = [0, 1, 2, 3].map(
      (status) =>
        decodePresaleDelivery(
          v3Account((_view, bytes) => {
            bytes[o.deliveryMode] = 1;
            bytes[o.status] = status;
          }),
        )?.status,
    );
    expect(statuses).toEqual(['open', 'sold-out', 'succeeded', 'failed']);
    expect(decodePresaleDelivery(v3Account(() => undefined))).toEqual({
      ...INSTANT_DELIVERY,
      vesting: { unlockedAtCompletionBps: 0, cliffSeconds: 0, vestingSeconds: 0 },
    });
  });

  it('refuses a mode or status byte the program never writes', () => {
    const badMode = v3Account((_view, bytes) => (bytes[o.deliveryMode] = 2));
    const badStatus = v3Account((_view, bytes) => (bytes[o.status] = 4));
    expect(codeOf(() => decodePresaleDelivery(badMode))).toBe('LAYOUT__INVALID_FLAG');
    expect(codeOf(() => decodePresaleDelivery(badStatus))).toBe('LAYOUT__INVALID_FLAG');
  });

  it('gives an account shorter than version 3 no delivery: an instant presale', () => {
    expect(decodePresaleDelivery(new Uint8Array(PRESALE_V2_ACCOUNT_SIZE))).toBeNull();
    expect(decodePresaleDelivery(encodePresaleState(PRESALE_STATE))).toBeNull();
    expect(deliveryOf({})).toBe(INSTANT_DELIVERY);
    expect(deliveryOf({ delivery: VESTING_SALE })).toBe(VESTING_SALE);
  });
});

describe('sale completion', () => {
  it('is complete once an at-completion sale sold out or was finalized, never for instant', () => {
    const at = (status: PresaleDelivery['status']) => ({ ...VESTING_SALE, status });
    expect(isSaleComplete(at('open'))).toBe(false);
    expect(isSaleComplete(at('sold-out'))).toBe(true);
    expect(isSaleComplete(at('succeeded'))).toBe(true);
    expect(isSaleComplete(at('failed'))).toBe(true);
    expect(isSaleComplete(INSTANT_DELIVERY)).toBe(false);
  });
});

describe('delivery JSON', () => {
  it('round-trips through the wire schema with the buyer count, u64 values exact', () => {
    const json = presaleDeliveryToJson(VESTING_SALE, 7n);
    expect(presaleDeliveryJsonSchema.parse(json)).toEqual(json);
    expect(json).toMatchObject({
      minimumRaiseLamports: '40000000000',
      tokensOwed: '9223372036854775809',
      buyerCount: '7',
      buyersDelivered: '3',
      completedAt: 1_795_300_000,
    });
    expect(presaleDeliveryFromJson(json)).toEqual({ ...VESTING_SALE, buyerCount: 7n });
  });

  it('refuses vesting above 10,000 bps and an unknown status', () => {
    const json = presaleDeliveryToJson(VESTING_SALE, 7n);
    const bps = { ...json, vesting: { ...json.vesting, unlockedAtCompletionBps: 10_001 } };
    expect(presaleDeliveryJsonSchema.safeParse(bps).success).toBe(false);
    expect(presaleDeliveryJsonSchema.safeParse({ ...json, status: 'closed' }).success).toBe(false);
  });
});

describe('FBT unlocked by the vesting', () => {
  const bought = 20_000_000_000n;
  const at = (after: number) => VESTING_SALE.completedAt! + after;
  it('unlocks nothing before the sale succeeded', () => {
    expect(unlockedTokensAt({ ...VESTING_SALE, status: 'sold-out' }, bought, at(60 * 86_400))).toBe(
      0n,
    );
  });

  it('unlocks the completion share until the cliff, linearly after it, all at the end', () => {
    expect(unlockedTokensAt(VESTING_SALE, bought, at(0))).toBe(5_000_000_000n);
    expect(unlockedTokensAt(VESTING_SALE, bought, at(86_399))).toBe(5_000_000_000n);
    expect(unlockedTokensAt(VESTING_SALE, bought, at(86_400))).toBe(5_500_000_000n);
    expect(unlockedTokensAt(VESTING_SALE, bought, at(1_296_000))).toBe(12_500_000_000n);
    expect(unlockedTokensAt(VESTING_SALE, bought, at(2_592_000))).toBe(bought);
    expect(unlockedTokensAt(VESTING_SALE, bought, at(-10))).toBe(5_000_000_000n);
  });

  it('unlocks everything at completion without vesting', () => {
    const plain = { ...VESTING_SALE, vesting: NO_VESTING_TERMS };
    expect(unlockedTokensAt(plain, bought, at(0))).toBe(bought);
  });
});
