import { Keypair, SystemProgram, Transaction } from '@solana/web3.js';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { blockhashValidityBlocks } from '../src/index';
import { startTestChain, stopTestChain } from './support/helpers';
import type { TestChain } from './support/helpers';

let t: TestChain;
beforeAll(async () => {
  t = await startTestChain();
});
afterAll(async () => {
  await stopTestChain(t);
});

describe('cluster information methods', () => {
  it('answers getVersion, getHealth, getGenesisHash, getSlot, getBlockHeight and getEpochInfo', async () => {
    const { connection } = t;
    expect((await connection.getVersion())['solana-core']).toMatch(/^\d+\.\d+\.\d+$/);
    const health = await fetch(t.localnet.rpcUrl, {
      method: 'POST',
      headers: { 'content-type': 'application/json' },
      body: JSON.stringify({ jsonrpc: '2.0', id: 1, method: 'getHealth' }),
    }).then((r) => r.json() as Promise<{ result: string }>);
    expect(health.result).toBe('ok');
    expect(await connection.getGenesisHash()).toBe(t.localnet.chain.genesisHash);
    const slot = await connection.getSlot();
    expect(slot).toBeGreaterThan(0);
    expect(await connection.getBlockHeight()).toBeGreaterThanOrEqual(slot);
    const epoch = await connection.getEpochInfo();
    expect(epoch.slotsInEpoch).toBe(432_000);
    expect(epoch.absoluteSlot).toBeGreaterThanOrEqual(slot);
  });

  it('advances slots on a clock and keeps a blockhash valid for 60 s worth of its 100 ms blocks', async () => {
    const { connection } = t;
    const first = await connection.getLatestBlockhash();
    const lifetime = first.lastValidBlockHeight - (await connection.getBlockHeight());
    expect(lifetime).toBeLessThanOrEqual(blockhashValidityBlocks(100));
    expect(lifetime).toBeGreaterThan(blockhashValidityBlocks(100) - 10);
    const startSlot = await connection.getSlot();
    await new Promise((resolve) => setTimeout(resolve, 350));
    expect(await connection.getSlot()).toBeGreaterThan(startSlot);
    const second = await connection.getLatestBlockhash();
    expect(second.blockhash).not.toBe(first.blockhash);
    expect((await connection.isBlockhashValid(first.blockhash)).value).toBe(true);
    expect((await connection.isBlockhashValid(Keypair.generate().publicKey.toBase58())).value).toBe(
      false,
    );
  });

  it('prices rent and fees like mainnet', async () => {
    const { connection } = t;
    expect(await connection.getMinimumBalanceForRentExemption(0)).toBe(890_880);
    expect(await connection.getMinimumBalanceForRentExemption(165)).toBe(2_039_280);
    const payer = Keypair.generate();
    const tx = new Transaction({
      feePayer: payer.publicKey,
      ...(await connection.getLatestBlockhash()),
    }).add(
      SystemProgram.transfer({
        fromPubkey: payer.publicKey,
        toPubkey: Keypair.generate().publicKey,
        lamports: 1,
      }),
    );
    expect((await connection.getFeeForMessage(tx.compileMessage())).value).toBe(5_000);
    const fees = await connection.getRecentPrioritizationFees();
    expect(fees.length).toBeGreaterThan(0);
    expect(fees.every((fee) => fee.prioritizationFee >= 0)).toBe(true);
  });
});
