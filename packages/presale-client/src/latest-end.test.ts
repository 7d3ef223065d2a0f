import { Buffer } from 'buffer';
import { Keypair } from '@solana/web3.js';
import { describe, expect, it } from 'vitest';
import { buildBuyWithInstruction, encodeBuyWithInstructionData } from './buy-with';
import {
  buildBuyInstruction,
  buildBuyInstructions,
  decodeBuyInstruction,
  encodeBuyInstructionData,
} from './instructions';
import { latestEndFor } from './latest-end';

const programId = Keypair.generate().publicKey;
const base = {
  programId,
  presale: Keypair.generate().publicKey,
  buyer: Keypair.generate().publicKey,
  seller: Keypair.generate().publicKey,
  tempTokenAccount: Keypair.generate().publicKey,
  mint: Keypair.generate().publicKey,
  lamports: 1_000_000_000n,
};
/** 1 January 2100 as i64 LE. */
const YEAR_2100 = 4_102_444_800n;
const YEAR_2100_HEX = '005786f400000000';

describe('the latest accepted sale end', () => {
  it('ends Buy data as i64 LE, and is absent by default (the 9-byte Buy)', () => {
    expect(encodeBuyInstructionData(1n, YEAR_2100).toString('hex')).toBe(
      `01${'0100000000000000'}${YEAR_2100_HEX}`,
    );
    expect(encodeBuyInstructionData(1n)).toHaveLength(9);
    expect(buildBuyInstruction({ ...base, latestEnd: YEAR_2100 }).data).toHaveLength(17);
  });

  it('ends BuyWith data after the proof', () => {
    const proof = [new Uint8Array(32).fill(3)];
    const data = Buffer.from(encodeBuyWithInstructionData(2n, proof, YEAR_2100));
    expect(data).toHaveLength(10 + 32 + 8);
    expect(data.subarray(42).toString('hex')).toBe(YEAR_2100_HEX);
    expect(encodeBuyWithInstructionData(2n, proof)).toHaveLength(42);
  });

  it('reaches the BuyWith of buildBuyInstructions', () => {
    const [ix] = buildBuyInstructions({ ...base, latestEnd: 1_800_000_000n });
    expect(decodeBuyInstruction(ix!, programId)?.latestEnd).toBe(1_800_000_000n);
  });

  it('refuses a negative end or one past i64', () => {
    expect(() => encodeBuyInstructionData(1n, -1n)).toThrow(
      'latestEnd must be between 0 and 2^63-1, got -1',
    );
    expect(() => encodeBuyWithInstructionData(1n, [], 2n ** 63n)).toThrow(RangeError);
  });

  it('is decoded from Buy and BuyWith, null when absent', () => {
    const proof = [new Uint8Array(32).fill(9), new Uint8Array(32).fill(8)];
    const bounded = buildBuyWithInstruction({ ...base, allowlistProof: proof, latestEnd: 7n });
    expect(decodeBuyInstruction(bounded, programId)).toMatchObject({
      instruction: 'BuyWith',
      lamports: base.lamports,
      latestEnd: 7n,
    });
    expect(decodeBuyInstruction(bounded, programId)?.allowlistProof).toHaveLength(2);
    const buy = buildBuyInstruction({ ...base, latestEnd: YEAR_2100 });
    expect(decodeBuyInstruction(buy, programId)).toMatchObject({
      instruction: 'Buy',
      latestEnd: YEAR_2100,
    });
    expect(decodeBuyInstruction(buildBuyInstruction(base), programId)?.latestEnd).toBeNull();
    expect(decodeBuyInstruction(buildBuyWithInstruction(base), programId)?.latestEnd).toBeNull();
  });

  it.each([1, 7, 9])('decodes nothing from a purchase with %i trailing bytes', (extra) => {
    for (const ix of [buildBuyInstruction(base), buildBuyWithInstruction(base)]) {
      const data = Buffer.concat([ix.data, Buffer.alloc(extra)]);
      expect(decodeBuyInstruction({ ...ix, data }, programId)).toBeNull();
    }
  });

  it('is the end shown for a presale at completion, none for an instant one', () => {
    expect(latestEndFor({ deliveryMode: 'at-completion', saleEnd: 1_800_000_000 })).toBe(
      1_800_000_000n,
    );
    expect(latestEndFor({ deliveryMode: 'at-completion', saleEnd: YEAR_2100 })).toBe(YEAR_2100);
    // No end shown: any end set since is later than the buyer accepted.
    expect(latestEndFor({ deliveryMode: 'at-completion', saleEnd: null })).toBe(0n);
    expect(latestEndFor({ deliveryMode: 'instant', saleEnd: 1_800_000_000 })).toBeUndefined();
  });
});
