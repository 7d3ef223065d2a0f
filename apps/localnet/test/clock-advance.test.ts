import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import {
  Keypair,
  PublicKey,
  SystemProgram,
  Transaction,
  sendAndConfirmTransaction,
  type Connection,
} from '@solana/web3.js';
import { afterEach, describe, expect, it } from 'vitest';
import { fundedKeypair, startTestChain, stopTestChain, type TestChain } from './support/helpers';

const CLOCK_SYSVAR = new PublicKey('SysvarC1ock11111111111111111111111111111111');
const DAY = 86_400;

const chains: TestChain[] = [];
const dirs: string[] = [];
afterEach(async () => {
  for (const chain of chains.splice(0)) await stopTestChain(chain);
  for (const dir of dirs.splice(0)) fs.rmSync(dir, { recursive: true, force: true });
});

async function start(dataDir: string | null = null): Promise<TestChain> {
  const chain = await startTestChain({ dataDir });
  chains.push(chain);
  return chain;
}

/** The Clock sysvar's unix_timestamp, as a program reads it (i64 at byte 32). */
async function sysvarTime(connection: Connection): Promise<number> {
  const info = await connection.getAccountInfo(CLOCK_SYSVAR, 'confirmed');
  if (info === null) throw new Error('no Clock sysvar');
  return Number(info.data.readBigInt64LE(32));
}

/** A transfer landed now, and the block time the chain recorded for it. */
async function landedBlockTime(connection: Connection, payer: Keypair): Promise<number> {
  const signature = await sendAndConfirmTransaction(
    connection,
    new Transaction().add(
      SystemProgram.transfer({
        fromPubkey: payer.publicKey,
        toPubkey: Keypair.generate().publicKey,
        lamports: 1_000_000,
      }),
    ),
    [payer],
    { commitment: 'confirmed' },
  );
  const tx = await connection.getTransaction(signature, {
    commitment: 'confirmed',
    maxSupportedTransactionVersion: 0,
  });
  if (tx === null || tx.blockTime === null || tx.blockTime === undefined)
    throw new Error('no block time');
  return tx.blockTime;
}

describe('advancing the local chain’s clock (tests only, not over JSON-RPC)', () => {
  it('moves the Clock sysvar and the next transactions’ block time ahead at once', async () => {
    const { localnet, connection } = await start();
    const payer = await fundedKeypair(connection);
    const before = await sysvarTime(connection);

    const moved = localnet.chain.advanceClock(10 * DAY);
    expect(moved).toBeGreaterThanOrEqual(before + 10 * DAY);
    expect(localnet.chain.blockTime()).toBe(moved);
    expect(await sysvarTime(connection)).toBe(moved);
    expect(await landedBlockTime(connection, payer)).toBeGreaterThanOrEqual(moved);

    // Later slots keep the advance: time goes on from there, never back to the wall clock.
    const slot = await connection.getSlot('confirmed');
    while ((await connection.getSlot('confirmed')) < slot + 3) {
      await new Promise((resolve) => setTimeout(resolve, 50));
    }
    expect(await sysvarTime(connection)).toBeGreaterThanOrEqual(moved);
    expect(await sysvarTime(connection)).toBeLessThan(moved + DAY);
  });

  it('adds advances up (a second day moves one day more, not two)', async () => {
    const { localnet } = await start();
    const first = localnet.chain.advanceClock(DAY);
    const second = localnet.chain.advanceClock(DAY);
    expect(second - first).toBeGreaterThanOrEqual(DAY);
    expect(second - first).toBeLessThan(2 * DAY);
  });

  it.each([0, -5, 1.5, Number.NaN])('refuses %s seconds', async (seconds) => {
    const { localnet } = await start();
    const before = localnet.chain.blockTime();
    expect(() => localnet.chain.advanceClock(seconds)).toThrow(RangeError);
    expect(localnet.chain.blockTime()).toBe(before);
  });

  it('is not a JSON-RPC method', async () => {
    const { localnet } = await start();
    const answer = (await (
      await fetch(localnet.rpcUrl, {
        method: 'POST',
        headers: { 'content-type': 'application/json' },
        body: JSON.stringify({ jsonrpc: '2.0', id: 1, method: 'advanceClock', params: [60] }),
      })
    ).json()) as { error?: { code: number } };
    expect(answer.error?.code).toBe(-32601);
  });

  it('after a restart, the chain’s time never goes back before its last block', async () => {
    const dataDir = fs.mkdtempSync(path.join(os.tmpdir(), 'fbt-localnet-clock-'));
    dirs.push(dataDir);
    const first = await start(dataDir);
    const payer = await fundedKeypair(first.connection);
    first.localnet.chain.advanceClock(30 * DAY);
    const landed = await landedBlockTime(first.connection, payer);
    await stopTestChain(chains.splice(0)[0]!);

    const again = await start(dataDir);
    expect(again.localnet.chain.blockTime()).toBeGreaterThanOrEqual(landed);
    expect(await sysvarTime(again.connection)).toBeGreaterThanOrEqual(landed);
  });
});
