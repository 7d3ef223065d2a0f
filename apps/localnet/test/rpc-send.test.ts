import {
  Keypair,
  LAMPORTS_PER_SOL,
  SendTransactionError,
  SystemProgram,
  Transaction,
  sendAndConfirmTransaction,
} from '@solana/web3.js';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { fundedKeypair, startTestChain, stopTestChain } from './support/helpers';
import type { TestChain } from './support/helpers';

let t: TestChain;
beforeAll(async () => {
  t = await startTestChain();
});
afterAll(async () => {
  await stopTestChain(t);
});

describe('simulation and preflight', () => {
  it('simulates without signatures and returns logs, units and the failure', async () => {
    const { connection } = t;
    const payer = await fundedKeypair(connection, 1);
    const tx = new Transaction({
      feePayer: payer.publicKey,
      ...(await connection.getLatestBlockhash()),
    }).add(
      SystemProgram.transfer({
        fromPubkey: payer.publicKey,
        toPubkey: Keypair.generate().publicKey,
        lamports: 5 * LAMPORTS_PER_SOL,
      }),
    );
    const sim = await connection.simulateTransaction(tx);
    expect(sim.value.err).toEqual({ InstructionError: [0, { Custom: 1 }] });
    expect(sim.value.logs?.some((line) => line.includes('insufficient lamports'))).toBe(true);
    expect(sim.value.unitsConsumed).toBeGreaterThan(0);
  });

  it('returns post-simulation accounts when asked, without changing the chain', async () => {
    const { connection } = t;
    const payer = await fundedKeypair(connection, 1);
    const recipient = Keypair.generate().publicKey;
    const tx = new Transaction({
      feePayer: payer.publicKey,
      ...(await connection.getLatestBlockhash()),
    }).add(
      SystemProgram.transfer({
        fromPubkey: payer.publicKey,
        toPubkey: recipient,
        lamports: 3_000_000,
      }),
    );
    const sim = await connection.simulateTransaction(tx, undefined, [recipient]);
    expect(sim.value.err).toBeNull();
    expect(sim.value.accounts?.[0]?.lamports).toBe(3_000_000);
    expect(await connection.getBalance(recipient)).toBe(0);
  });

  it('rejects a failing transaction at preflight with -32002 and the logs, and charges nothing', async () => {
    const { connection } = t;
    const payer = await fundedKeypair(connection, 1);
    const tx = new Transaction().add(
      SystemProgram.transfer({
        fromPubkey: payer.publicKey,
        toPubkey: Keypair.generate().publicKey,
        lamports: 5 * LAMPORTS_PER_SOL,
      }),
    );
    const error = await sendAndConfirmTransaction(connection, tx, [payer]).catch((e: unknown) => e);
    expect(error).toBeInstanceOf(SendTransactionError);
    expect((error as SendTransactionError).message).toContain('custom program error: 0x1');
    expect((error as SendTransactionError).logs?.length).toBeGreaterThan(0);
    expect(await connection.getBalance(payer.publicKey)).toBe(LAMPORTS_PER_SOL);
  });

  it('lands a failing transaction sent with skipPreflight, charging the fee and recording the error', async () => {
    const { connection } = t;
    const payer = await fundedKeypair(connection, 1);
    const tx = new Transaction({
      feePayer: payer.publicKey,
      ...(await connection.getLatestBlockhash()),
    }).add(
      SystemProgram.transfer({
        fromPubkey: payer.publicKey,
        toPubkey: Keypair.generate().publicKey,
        lamports: 5 * LAMPORTS_PER_SOL,
      }),
    );
    tx.sign(payer);
    const signature = await connection.sendRawTransaction(tx.serialize(), { skipPreflight: true });
    const latest = await connection.getLatestBlockhash();
    const result = await connection.confirmTransaction({ signature, ...latest });
    expect(result.value.err).toEqual({ InstructionError: [0, { Custom: 1 }] });
    expect(await connection.getBalance(payer.publicKey)).toBe(LAMPORTS_PER_SOL - 5_000);
    expect((await connection.getTransaction(signature))?.meta?.err).toEqual({
      InstructionError: [0, { Custom: 1 }],
    });
  });

  it("answers an unknown blockhash with 'Blockhash not found'", async () => {
    const { connection } = t;
    const payer = await fundedKeypair(connection, 1);
    const tx = new Transaction({
      feePayer: payer.publicKey,
      recentBlockhash: Keypair.generate().publicKey.toBase58(),
    }).add(
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
  });

  it('refuses a transaction whose signature does not verify with -32003', async () => {
    const { connection } = t;
    const payer = await fundedKeypair(connection, 1);
    const tx = new Transaction({
      feePayer: payer.publicKey,
      ...(await connection.getLatestBlockhash()),
    }).add(
      SystemProgram.transfer({
        fromPubkey: payer.publicKey,
        toPubkey: Keypair.generate().publicKey,
        lamports: 1_000_000,
      }),
    );
    tx.sign(payer);
    const wire = tx.serialize();
    wire[10] = (wire[10] ?? 0) ^ 0xff; // corrupt the signature
    await expect(connection.sendRawTransaction(wire)).rejects.toThrow(
      /signature verification failure/,
    );
  });

  it('reports a resent transaction as already processed', async () => {
    const { connection } = t;
    const payer = await fundedKeypair(connection, 1);
    const tx = new Transaction({
      feePayer: payer.publicKey,
      ...(await connection.getLatestBlockhash()),
    }).add(
      SystemProgram.transfer({
        fromPubkey: payer.publicKey,
        toPubkey: Keypair.generate().publicKey,
        lamports: 1_000_000,
      }),
    );
    tx.sign(payer);
    await connection.sendRawTransaction(tx.serialize());
    await expect(connection.sendRawTransaction(tx.serialize())).rejects.toThrow(
      /already been processed/,
    );
  });
});
