/**
 * Local chain throughput: what the JSON-RPC layer, the durable ledger and replay cost on top of
 * litesvm itself.
 *
 * Same run, same machine, same transaction shape (a signed SOL transfer):
 *   - baseline: litesvm sendTransaction in-process (no HTTP, no ledger);
 *   - localnet in memory: web3.js sendRawTransaction over HTTP, preflight on (simulate + execute);
 *   - localnet durable: the same with the fsync'd ledger;
 *   - replay: restart of the durable chain, per transaction;
 *   - reads: getAccountInfo over HTTP vs getHealth (the bare JSON-RPC round trip).
 * Each path gets a warm-up pass first. Prints figures and ratios; asserts nothing. On a shared
 * 2-core machine the absolute figures move with load; compare the ratios.
 *
 * Run: npm run localnet-rpc -w @fbt/bench
 */
import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { createLocalnet } from '@fbt/localnet';
import { address, getTransactionDecoder, lamports } from '@solana/kit';
import { Connection, Keypair, SystemProgram, Transaction } from '@solana/web3.js';
import { LiteSVM } from 'litesvm';

const TRANSACTIONS = 300;
const READS = 1_000;

function transfer(payer: Keypair, blockhash: string, i: number): Buffer {
  const tx = new Transaction({ feePayer: payer.publicKey, recentBlockhash: blockhash }).add(
    SystemProgram.transfer({
      fromPubkey: payer.publicKey,
      toPubkey: Keypair.generate().publicKey,
      lamports: 1_000_000 + i,
    }),
  );
  tx.sign(payer);
  return tx.serialize();
}

function perSecond(count: number, ms: number): number {
  return Math.round((count * 1000) / ms);
}

function baseline(): number {
  const svm = new LiteSVM();
  const payer = Keypair.generate();
  svm.airdrop(address(payer.publicKey.toBase58()), lamports(1_000_000_000_000n));
  const wires = Array.from({ length: TRANSACTIONS }, (_v, i) =>
    transfer(payer, svm.latestBlockhash(), i),
  );
  const decoder = getTransactionDecoder();
  const start = performance.now();
  for (const wire of wires) svm.sendTransaction(decoder.decode(wire));
  return perSecond(TRANSACTIONS, performance.now() - start);
}

async function overRpc(dataDir: string | null): Promise<{ txPerSecond: number; rpcUrl: string }> {
  const localnet = await createLocalnet({ port: 0, wsPort: 0, dataDir });
  const connection = new Connection(localnet.rpcUrl, 'confirmed');
  const payer = Keypair.generate();
  await connection.requestAirdrop(payer.publicKey, 1_000_000_000_000);
  const { blockhash } = await connection.getLatestBlockhash();
  const wires = Array.from({ length: TRANSACTIONS }, (_v, i) => transfer(payer, blockhash, i));
  const start = performance.now();
  for (const wire of wires) await connection.sendRawTransaction(wire);
  const txPerSecond = perSecond(TRANSACTIONS, performance.now() - start);
  await localnet.stop();
  return { txPerSecond, rpcUrl: localnet.rpcUrl };
}

async function replay(dataDir: string): Promise<{ entries: number; msPerTx: number }> {
  const entries = fs
    .readFileSync(path.join(dataDir, 'ledger.jsonl'), 'utf8')
    .split('\n')
    .filter(Boolean).length;
  const start = performance.now();
  const localnet = await createLocalnet({ port: 0, wsPort: 0, dataDir });
  const ms = performance.now() - start;
  await localnet.stop();
  return { entries, msPerTx: ms / entries };
}

async function reads(): Promise<{ health: number; account: number }> {
  const localnet = await createLocalnet({ port: 0, wsPort: 0, dataDir: null });
  const connection = new Connection(localnet.rpcUrl, 'confirmed');
  const payer = Keypair.generate();
  await connection.requestAirdrop(payer.publicKey, 1_000_000_000);
  const call = (method: string, params: unknown[]) =>
    fetch(localnet.rpcUrl, {
      method: 'POST',
      headers: { 'content-type': 'application/json' },
      body: JSON.stringify({ jsonrpc: '2.0', id: 1, method, params }),
    }).then((response) => response.json());
  const time = async (method: string, params: unknown[]) => {
    const start = performance.now();
    for (let i = 0; i < READS; i++) await call(method, params);
    return perSecond(READS, performance.now() - start);
  };
  await time('getHealth', []); // warm-up
  const health = await time('getHealth', []);
  const account = await time('getAccountInfo', [
    payer.publicKey.toBase58(),
    { encoding: 'base64' },
  ]);
  await localnet.stop();
  return { health, account };
}

const dir = fs.mkdtempSync(path.join(os.tmpdir(), 'fbt-bench-localnet-'));
try {
  // warm-up pass for each path (JIT, native module load), then the measured pass
  baseline();
  await overRpc(null);
  const svmRate = baseline();
  const memory = await overRpc(null);
  const durable = await overRpc(dir);
  const replayed = await replay(dir);
  const read = await reads();
  const ratio = (value: number, base: number) => (value / base).toFixed(2);
  console.log(`localnet-rpc (${TRANSACTIONS} signed SOL transfers, sequential; ${READS} reads)`);
  console.log(`  litesvm in-process (baseline)     ${svmRate} tx/s`);
  console.log(
    `  sendTransaction over HTTP, memory  ${memory.txPerSecond} tx/s  (${ratio(memory.txPerSecond, svmRate)}x baseline)`,
  );
  console.log(
    `  sendTransaction over HTTP, fsync   ${durable.txPerSecond} tx/s  (${ratio(durable.txPerSecond, svmRate)}x baseline, ${ratio(durable.txPerSecond, memory.txPerSecond)}x memory)`,
  );
  console.log(
    `  replay on restart                  ${replayed.msPerTx.toFixed(2)} ms/tx over ${replayed.entries} entries (${perSecond(1, replayed.msPerTx)} tx/s, ${ratio(perSecond(1, replayed.msPerTx), svmRate)}x baseline)`,
  );
  console.log(`  getHealth round trip (baseline)    ${read.health} req/s`);
  console.log(
    `  getAccountInfo                     ${read.account} req/s  (${ratio(read.account, read.health)}x getHealth)`,
  );
} finally {
  fs.rmSync(dir, { recursive: true, force: true });
}
