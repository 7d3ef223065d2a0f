import { createLocalnet, type Localnet } from '@fbt/localnet';
import { Connection, Keypair, LAMPORTS_PER_SOL, SystemProgram, Transaction } from '@solana/web3.js';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { startRpcGate, type RpcGate } from './support/rpc-gate';

let localnet: Localnet;
let gate: RpcGate;
let direct: Connection;
let gated: Connection;
let payer: Keypair;

beforeAll(async () => {
  localnet = await createLocalnet({ port: 0, wsPort: 0, dataDir: null, slotMs: 100 });
  gate = await startRpcGate(localnet.rpcUrl);
  direct = new Connection(localnet.rpcUrl, 'confirmed');
  gated = new Connection(gate.url, 'confirmed');
  payer = Keypair.generate();
  const signature = await direct.requestAirdrop(payer.publicKey, LAMPORTS_PER_SOL);
  while ((await statusOf(signature)) === null) {
    await new Promise((resolve) => setTimeout(resolve, 50));
  }
});

afterAll(async () => {
  await gate?.stop();
  await localnet?.stop();
});

/** A signed transfer sent through the gate; `sent` resolves with its signature once let through. */
async function sendThroughGate(): Promise<{ sent: Promise<string> }> {
  const { blockhash } = await gated.getLatestBlockhash('confirmed');
  const transaction = new Transaction({ feePayer: payer.publicKey, recentBlockhash: blockhash });
  transaction.add(
    SystemProgram.transfer({
      fromPubkey: payer.publicKey,
      toPubkey: Keypair.generate().publicKey,
      lamports: 1_000,
    }),
  );
  transaction.sign(payer);
  return { sent: gated.sendRawTransaction(transaction.serialize(), { skipPreflight: true }) };
}

async function statusOf(signature: string) {
  return (await direct.getSignatureStatuses([signature])).value[0] ?? null;
}

describe('the JSON-RPC gate of the distribution suite', () => {
  it('passes reads and, open, transactions as the chain answers them', async () => {
    expect(await gated.getSlot('confirmed')).toBeGreaterThan(0);
    const { sent } = await sendThroughGate();
    const signature = await sent;
    await expect.poll(() => statusOf(signature)).not.toBeNull();
    expect(gate.passed).toBe(1);
  });

  it('closed, holds a transaction (reads still pass) until it is let through', async () => {
    gate.close();
    const { sent } = await sendThroughGate();
    await expect.poll(() => gate.waiting).toBe(1);
    expect(await gated.getBalance(payer.publicKey)).toBeGreaterThan(0);
    expect(gate.passed).toBe(1);
    gate.pass(1);
    const signature = await sent;
    await expect.poll(() => statusOf(signature)).not.toBeNull();
    expect(gate.waiting).toBe(0);
    expect(gate.passed).toBe(2);
  });

  it('lets through only as many as it is told, then everything once open', async () => {
    gate.close();
    const first = await sendThroughGate();
    const second = await sendThroughGate();
    await expect.poll(() => gate.waiting).toBe(2);
    gate.pass(1);
    await expect.poll(() => gate.passed).toBe(3);
    expect(gate.waiting).toBe(1);
    gate.open();
    const signatures = await Promise.all([first.sent, second.sent]);
    expect(new Set(signatures).size).toBe(2);
    expect(gate.waiting).toBe(0);
    expect(gate.passed).toBe(4);
  });
});
