import { Keypair, SystemProgram, Transaction } from '@solana/web3.js';
import { afterAll, beforeAll, describe, expect, it, vi } from 'vitest';
import { BLOCKHASH_VALIDITY_BLOCKS, blockhashValidityBlocks, createChain } from '../src/index';
import { fundedKeypair, startTestChain, stopTestChain } from './support/helpers';
import type { TestChain } from './support/helpers';

let t: TestChain;
beforeAll(async () => {
  // a fast clock with mainnet's 150-block validity, so 150 blocks pass in about two seconds
  t = await startTestChain({ slotMs: 10, blockhashValiditySlots: BLOCKHASH_VALIDITY_BLOCKS });
});
afterAll(async () => {
  await stopTestChain(t);
});

describe('blockhash lifetime', () => {
  it('accepts a blockhash until lastValidBlockHeight and refuses it afterwards', async () => {
    const { connection } = t;
    const payer = await fundedKeypair(connection, 1);
    const latest = await connection.getLatestBlockhash();
    expect(latest.lastValidBlockHeight - (await connection.getBlockHeight())).toBeLessThanOrEqual(
      BLOCKHASH_VALIDITY_BLOCKS,
    );
    while ((await connection.getBlockHeight()) <= latest.lastValidBlockHeight) {
      await new Promise((resolve) => setTimeout(resolve, 100));
    }
    expect((await connection.isBlockhashValid(latest.blockhash)).value).toBe(false);
    const tx = new Transaction({ feePayer: payer.publicKey, ...latest }).add(
      SystemProgram.transfer({
        fromPubkey: payer.publicKey,
        toPubkey: Keypair.generate().publicKey,
        lamports: 1_000_000,
      }),
    );
    tx.sign(payer);
    await expect(connection.sendRawTransaction(tx.serialize())).rejects.toThrow(
      /Blockhash not found/,
    );
    expect((await connection.getFeeForMessage(tx.compileMessage())).value).toBeNull();
  });
});

describe('blockhash lifetime with a fast clock and the default validity', () => {
  it.each([
    [400, 150],
    [100, 600],
    [10, 6_000],
  ])(
    'at %s ms per slot a blockhash lives %s blocks (150 on mainnet, never under 60 s)',
    (slotMs, blocks) => {
      expect(blockhashValidityBlocks(slotMs)).toBe(blocks);
    },
  );
});

describe('signature status cache', () => {
  it('answers old signatures only with searchTransactionHistory, like a real node', async () => {
    const { connection } = t;
    const payer = await fundedKeypair(connection, 1);
    const [entry] = await connection.getSignaturesForAddress(payer.publicKey);
    const signature = entry?.signature ?? '';
    const landed = entry?.slot ?? 0;
    while ((await connection.getSlot()) <= landed + 300) {
      await new Promise((resolve) => setTimeout(resolve, 200));
    }
    expect((await connection.getSignatureStatuses([signature])).value[0]).toBeNull();
    const searched = await connection.getSignatureStatuses([signature], {
      searchTransactionHistory: true,
    });
    expect(searched.value[0]).toMatchObject({
      slot: landed,
      err: null,
      confirmationStatus: 'finalized',
      confirmations: null,
    });
  });
});

describe('the validity boundary, slot by slot', () => {
  it('a blockhash is valid at exactly lastValidBlockHeight and refused one block later', () => {
    vi.useFakeTimers();
    const chain = createChain({ dataDir: null, slotMs: 400 });
    try {
      chain.start();
      const { blockhash, lastValidBlockHeight } = chain.latestBlockhash();
      vi.advanceTimersByTime((lastValidBlockHeight - chain.slot()) * 400);
      expect(chain.slot()).toBe(lastValidBlockHeight);
      expect(chain.isBlockhashValid(blockhash)).toBe(true);
      vi.advanceTimersByTime(400);
      expect(chain.slot()).toBe(lastValidBlockHeight + 1);
      expect(chain.isBlockhashValid(blockhash)).toBe(false);
    } finally {
      chain.close();
      vi.useRealTimers();
    }
  });
});
