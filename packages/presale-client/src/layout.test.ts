import { PublicKey } from '@solana/web3.js';
import { describe, expect, it } from 'vitest';
import { decodeBuyerRecordAccount, decodePresaleAccount, PresaleLayoutError } from './layout';

/** A presale account as the program writes it (288 bytes; 192 for a version-1 account). */
function presaleFixture(size = 288): Uint8Array {
  const bytes = new Uint8Array(size);
  const view = new DataView(bytes.buffer);
  bytes[0] = 1; // isInitialized
  bytes[1] = 1; // isActived
  bytes.fill(0x11, 2, 34); // seller
  bytes.fill(0x22, 34, 66); // temp token account
  view.setBigUint64(66, 50_000n, true);
  view.setBigUint64(74, 10_000_000_000n, true);
  view.setBigUint64(82, 100_000_000n, true);
  view.setBigUint64(90, 100_000_000_000n, true);
  view.setBigUint64(98, 1_500_000_000n, true);
  bytes[106] = 1; // kind
  bytes[107] = 1; // version
  bytes[108] = 254; // authority bump
  bytes[109] = 6; // decimals
  bytes.fill(0x33, 112, 144); // mint
  bytes.fill(0x44, 144, 176); // authority
  view.setBigUint64(176, 30_000_000_000n, true);
  view.setBigUint64(184, 2n, true);
  if (size === 288) {
    bytes[107] = 2;
    view.setBigInt64(192, 1_700_000_000n, true); // sale start
    view.setBigInt64(200, 1_800_000_000n, true); // sale end
    bytes.fill(0xab, 208, 240); // allowlist root
    bytes.fill(0x55, 240, 272); // pending seller
    view.setBigUint64(272, 3n, true);
    view.setBigUint64(280, 150_000_000n, true);
  }
  return bytes;
}

describe('decodePresaleAccount', () => {
  it('decodes the base layout and the fields after it', () => {
    const account = decodePresaleAccount(presaleFixture());
    expect(account).toMatchObject({
      isInitialized: true,
      isActived: true,
      tokenPrice: 50_000n,
      maxUserBuyable: 10_000_000_000n,
      minUserBuyable: 100_000_000n,
      maxTotalBuyable: 100_000_000_000n,
      currentTotalSold: 1_500_000_000n,
      version: 2,
      authorityBump: 254,
      decimals: 6,
      tokensSold: 30_000_000_000n,
      buyerCount: 2n,
    });
    expect(account.sellerPubkey).toBe(new PublicKey(new Uint8Array(32).fill(0x11)).toBase58());
    expect(account.mint).toBe(new PublicKey(new Uint8Array(32).fill(0x33)).toBase58());
    expect(account.authority).toBe(new PublicKey(new Uint8Array(32).fill(0x44)).toBase58());
    expect(account).toMatchObject({
      saleStart: 1_700_000_000n,
      saleEnd: 1_800_000_000n,
      hasAllowlist: true,
      allowlistRoot: 'ab'.repeat(32),
      pendingSeller: new PublicKey(new Uint8Array(32).fill(0x55)).toBase58(),
      leaderCount: 3n,
      leaderCommission: 150_000_000n,
    });
  });

  it('decodes a version-1 (192-byte) account with no window, allowlist, pending seller or leaders', () => {
    expect(decodePresaleAccount(presaleFixture(192))).toMatchObject({
      version: 1,
      buyerCount: 2n,
      saleStart: 0n,
      saleEnd: 0n,
      hasAllowlist: false,
      allowlistRoot: null,
      pendingSeller: null,
      leaderCount: 0n,
      leaderCommission: 0n,
    });
  });

  it('decodes a version-3 account’s delivery, completion and escrow fields', () => {
    const bytes = new Uint8Array(408);
    bytes.set(presaleFixture());
    const view = new DataView(bytes.buffer);
    bytes[107] = 3;
    bytes[288] = 1; // at completion
    bytes[289] = 2; // succeeded
    view.setUint16(290, 2_500, true);
    view.setUint32(292, 3_600, true);
    view.setUint32(296, 86_400, true);
    [304, 312, 320, 328, 336, 344, 352, 360, 368].forEach((offset, i) =>
      view.setBigUint64(offset, BigInt(1_000 + i), true),
    );
    expect(decodePresaleAccount(bytes)).toMatchObject({
      version: 3,
      saleEnd: 1_800_000_000n,
      deliveryMode: 'at-completion',
      status: 'succeeded',
      unlockedAtCompletionBps: 2_500,
      cliffSeconds: 3_600,
      vestingSeconds: 86_400,
      minimumRaise: 1_000n,
      completedAt: 1_001n,
      tokensOwed: 1_002n,
      tokensDelivered: 1_003n,
      escrowLamports: 1_004n,
      refundedLamports: 1_005n,
      proceedsWithdrawn: 1_006n,
      buyersDelivered: 1_007n,
      buyersRefunded: 1_008n,
    });
    bytes[289] = 4;
    expect(() => decodePresaleAccount(bytes)).toThrow('unknown sale status 4');
  });

  it('reads an account older than version 3 as an instant presale, open, nothing escrowed', () => {
    for (const size of [288, 192]) {
      expect(decodePresaleAccount(presaleFixture(size))).toMatchObject({
        deliveryMode: 'instant',
        status: 'open',
        minimumRaise: 0n,
        unlockedAtCompletionBps: 10_000,
        tokensOwed: 0n,
        escrowLamports: 0n,
      });
    }
  });

  it('decodes a never-initialized (all zero) account as not initialized', () => {
    expect(decodePresaleAccount(new Uint8Array(288))).toMatchObject({
      isInitialized: false,
      hasAllowlist: false,
      pendingSeller: null,
    });
  });

  it.each([
    ['too short', new Uint8Array(106), /must be 408 \(or 288, 192\) bytes, got 106/],
    ['of another size', new Uint8Array(300), /must be 408 \(or 288, 192\) bytes, got 300/],
    [
      'initialized with the wrong kind',
      (() => {
        const b = presaleFixture();
        b[106] = 2;
        return b;
      })(),
      /kind 2, expected 1/,
    ],
  ])('rejects an account that is %s', (_label, bytes, message) => {
    expect(() => decodePresaleAccount(bytes)).toThrow(PresaleLayoutError);
    expect(() => decodePresaleAccount(bytes)).toThrow(message);
  });
});

describe('decodeBuyerRecordAccount', () => {
  it('reads fbtBuyedAmount from the first 8 bytes and the owners of the record', () => {
    const bytes = new Uint8Array(88);
    const view = new DataView(bytes.buffer);
    view.setBigUint64(0, 2_000_000_000n, true);
    bytes.fill(0x11, 8, 40);
    bytes.fill(0x22, 40, 72);
    bytes[72] = 2;
    bytes[73] = 255;
    bytes[74] = 1;
    view.setBigUint64(80, 40_000_000_000n, true);
    const decoded = decodeBuyerRecordAccount(bytes);
    expect(decoded).not.toHaveProperty('bump'); // byte 73 was a PDA bump; records have none now
    expect(decoded).toMatchObject({
      fbtBuyedAmount: 2_000_000_000n,
      version: 1,
      tokensReceived: 40_000_000_000n,
      tokensDelivered: 0n,
    });
  });

  it('reads a version-2 record’s delivered tokens', () => {
    const bytes = new Uint8Array(96);
    const view = new DataView(bytes.buffer);
    bytes[72] = 2;
    bytes[74] = 2;
    view.setBigUint64(80, 9_000n, true);
    view.setBigUint64(88, 2_250n, true);
    expect(decodeBuyerRecordAccount(bytes)).toMatchObject({
      version: 2,
      tokensReceived: 9_000n,
      tokensDelivered: 2_250n,
    });
  });

  it('rejects bytes that are not a buyer record', () => {
    expect(() => decodeBuyerRecordAccount(new Uint8Array(88))).toThrow(
      'buyer record has kind 0, expected 2',
    );
    expect(() => decodeBuyerRecordAccount(new Uint8Array(8))).toThrow(
      'buyer record must be 96 (or 88) bytes, got 8',
    );
  });
});
