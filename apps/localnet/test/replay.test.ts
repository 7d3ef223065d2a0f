import { spawn } from 'node:child_process';
import type { ChildProcess } from 'node:child_process';
import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import {
  Connection,
  Keypair,
  LAMPORTS_PER_SOL,
  SystemProgram,
  Transaction,
  sendAndConfirmTransaction,
} from '@solana/web3.js';
import { createMint, getOrCreateAssociatedTokenAccount, mintTo } from '@solana/spl-token';
import { afterEach, describe, expect, it } from 'vitest';
import { fundedKeypair, settle, startTestChain, stopTestChain } from './support/helpers';

const MAIN = path.resolve(import.meta.dirname, '../src/main.ts');
const tempDirs: string[] = [];
const children: ChildProcess[] = [];

function tempDir(): string {
  const dir = fs.mkdtempSync(path.join(os.tmpdir(), 'fbt-localnet-'));
  tempDirs.push(dir);
  return dir;
}

afterEach(() => {
  for (const child of children.splice(0)) if (child.exitCode === null) child.kill('SIGKILL');
  for (const dir of tempDirs.splice(0)) fs.rmSync(dir, { recursive: true, force: true });
});

/** Starts `tsx src/main.ts` on free ports and resolves with its URLs once it listens. */
function startChild(
  dataDir: string,
  extra: string[] = [],
): Promise<{ child: ChildProcess; rpcUrl: string; wsUrl: string }> {
  const child = spawn(
    process.execPath,
    [
      '--import',
      'tsx',
      MAIN,
      '--port',
      '0',
      '--ws-port',
      '0',
      '--data-dir',
      dataDir,
      '--slot-ms',
      '100',
      ...extra,
    ],
    {
      stdio: ['ignore', 'pipe', 'pipe'],
    },
  );
  children.push(child);
  return new Promise((resolve, reject) => {
    let out = '';
    let err = '';
    child.stderr?.on('data', (chunk: Buffer) => (err += chunk.toString()));
    child.stdout?.on('data', (chunk: Buffer) => {
      out += chunk.toString();
      const rpc = /JSON-RPC (http:\/\/\S+)/.exec(out)?.[1];
      const ws = /websocket (ws:\/\/\S+)/.exec(out)?.[1];
      if (rpc !== undefined && ws !== undefined) resolve({ child, rpcUrl: rpc, wsUrl: ws });
    });
    child.once('exit', (code) =>
      reject(new Error(`localnet exited early (${code}): ${out}${err}`)),
    );
  });
}

describe('durable ledger', () => {
  it('replays every landed transaction after an in-process restart', async () => {
    const dataDir = tempDir();
    const first = await startTestChain({ dataDir });
    const payer = await fundedKeypair(first.connection, 3);
    const mint = await createMint(first.connection, payer, payer.publicKey, null, 6);
    const ata = await getOrCreateAssociatedTokenAccount(
      first.connection,
      payer,
      mint,
      payer.publicKey,
    );
    await mintTo(first.connection, payer, mint, ata.address, payer, 42_000_000n);
    const recipient = Keypair.generate().publicKey;
    const signature = await sendAndConfirmTransaction(
      first.connection,
      new Transaction().add(
        SystemProgram.transfer({
          fromPubkey: payer.publicKey,
          toPubkey: recipient,
          lamports: LAMPORTS_PER_SOL,
        }),
      ),
      [payer],
    );
    const balanceBefore = await first.connection.getBalance(payer.publicKey);
    await new Promise((resolve) => setTimeout(resolve, 300)); // a few idle slots after the last transaction
    const slotBefore = await first.connection.getSlot();
    const genesisBefore = await first.connection.getGenesisHash();
    await stopTestChain(first);

    const second = await startTestChain({ dataDir });
    try {
      expect(await second.connection.getGenesisHash()).toBe(genesisBefore);
      // block height never goes back across a restart (the slot mark survives, not only the ledger)
      expect(await second.connection.getSlot()).toBeGreaterThan(slotBefore);
      expect(await second.connection.getBalance(payer.publicKey)).toBe(balanceBefore);
      expect(await second.connection.getBalance(recipient)).toBe(LAMPORTS_PER_SOL);
      expect((await second.connection.getTokenAccountBalance(ata.address)).value.amount).toBe(
        '42000000',
      );
      const tx = await second.connection.getTransaction(signature, {
        maxSupportedTransactionVersion: 0,
      });
      expect(tx?.meta?.err).toBeNull();
      const status = await second.connection.getSignatureStatus(signature, {
        searchTransactionHistory: true,
      });
      expect(status.value?.err).toBeNull();
      // the chain keeps working after replay
      await sendAndConfirmTransaction(
        second.connection,
        new Transaction().add(
          SystemProgram.transfer({
            fromPubkey: payer.publicKey,
            toPubkey: recipient,
            lamports: 1_000_000,
          }),
        ),
        [payer],
      );
      expect(await second.connection.getBalance(recipient)).toBe(LAMPORTS_PER_SOL + 1_000_000);
    } finally {
      await stopTestChain(second);
    }
  });

  it('loses no confirmed transaction when the process is killed with SIGKILL', async () => {
    const dataDir = tempDir();
    const first = await startChild(dataDir);
    const connection = new Connection(first.rpcUrl, {
      wsEndpoint: first.wsUrl,
      commitment: 'confirmed',
    });
    const payer = await fundedKeypair(connection, 5);
    const recipients = [Keypair.generate(), Keypair.generate(), Keypair.generate()].map(
      (k) => k.publicKey,
    );
    const signatures: string[] = [];
    for (const [i, recipient] of recipients.entries()) {
      signatures.push(
        await sendAndConfirmTransaction(
          connection,
          new Transaction().add(
            SystemProgram.transfer({
              fromPubkey: payer.publicKey,
              toPubkey: recipient,
              lamports: (i + 1) * 100_000_000,
            }),
          ),
          [payer],
        ),
      );
    }
    await settle();
    const exited = new Promise((resolve) => first.child.once('exit', resolve));
    first.child.kill('SIGKILL');
    await exited;

    const second = await startChild(dataDir);
    const again = new Connection(second.rpcUrl, { commitment: 'confirmed' });
    for (const [i, recipient] of recipients.entries()) {
      expect(await again.getBalance(recipient)).toBe((i + 1) * 100_000_000);
    }
    const statuses = await again.getSignatureStatuses(signatures, {
      searchTransactionHistory: true,
    });
    expect(statuses.value.every((s) => s !== null && s.err === null)).toBe(true);
    second.child.kill('SIGTERM');
  });

  it('starts empty with --reset', async () => {
    const dataDir = tempDir();
    const first = await startTestChain({ dataDir });
    const payer = await fundedKeypair(first.connection, 1);
    await stopTestChain(first);
    const second = await startTestChain({ dataDir, reset: true });
    try {
      expect(await second.connection.getBalance(payer.publicKey)).toBe(0);
    } finally {
      await stopTestChain(second);
    }
  });

  it('recovers from a torn last line and refuses to reset a directory that is not a ledger', async () => {
    const dataDir = tempDir();
    const first = await startTestChain({ dataDir });
    const payer = await fundedKeypair(first.connection, 1);
    await stopTestChain(first);
    fs.appendFileSync(path.join(dataDir, 'ledger.jsonl'), '{"slot":9,"ts":1,"tx":"AAA');
    const second = await startTestChain({ dataDir });
    try {
      expect(await second.connection.getBalance(payer.publicKey)).toBe(LAMPORTS_PER_SOL);
    } finally {
      await stopTestChain(second);
    }
    const foreign = tempDir();
    fs.writeFileSync(path.join(foreign, 'precious.txt'), 'keep me');
    await expect(startTestChain({ dataDir: foreign, reset: true })).rejects.toThrow(
      /refusing to --reset/,
    );
    expect(fs.existsSync(path.join(foreign, 'precious.txt'))).toBe(true);
  });
});
