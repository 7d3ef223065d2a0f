import {
  ComputeBudgetProgram,
  Keypair,
  LAMPORTS_PER_SOL,
  PublicKey,
  SystemProgram,
  Transaction,
  TransactionInstruction,
  TransactionMessage,
  VersionedTransaction,
  sendAndConfirmTransaction,
} from '@solana/web3.js';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { fundedKeypair, startTestChain, stopTestChain } from './support/helpers';
import type { TestChain } from './support/helpers';

const MEMO_PROGRAM = new PublicKey('MemoSq4gqABAXKb96qnH8TysNcWxMyWCqXgDLGmfcHr');

let t: TestChain;
beforeAll(async () => {
  t = await startTestChain();
});
afterAll(async () => {
  await stopTestChain(t);
});

describe('transfers and transaction history', () => {
  it('airdrops, transfers SOL and reports the transaction with balances, fee and logs', async () => {
    const { connection } = t;
    const payer = await fundedKeypair(connection, 2);
    expect(await connection.getBalance(payer.publicKey)).toBe(2 * LAMPORTS_PER_SOL);
    const recipient = Keypair.generate().publicKey;
    const tx = new Transaction()
      .add(ComputeBudgetProgram.setComputeUnitPrice({ microLamports: 1_000 }))
      .add(ComputeBudgetProgram.setComputeUnitLimit({ units: 10_000 }))
      .add(
        SystemProgram.transfer({
          fromPubkey: payer.publicKey,
          toPubkey: recipient,
          lamports: LAMPORTS_PER_SOL / 2,
        }),
      )
      .add(
        new TransactionInstruction({
          programId: MEMO_PROGRAM,
          keys: [],
          data: Buffer.from('fbt:leader:alice'),
        }),
      );
    const signature = await sendAndConfirmTransaction(connection, tx, [payer], {
      commitment: 'confirmed',
    });
    expect(await connection.getBalance(recipient)).toBe(LAMPORTS_PER_SOL / 2);

    const fetched = await connection.getTransaction(signature, {
      commitment: 'confirmed',
      maxSupportedTransactionVersion: 0,
    });
    expect(fetched).not.toBeNull();
    const meta = fetched?.meta;
    expect(meta?.err).toBeNull();
    expect(meta?.fee).toBe(5_000 + 10); // 1,000 micro-lamports x 10,000 CU = 10 lamports priority
    expect(meta?.preBalances[0]).toBe(2 * LAMPORTS_PER_SOL);
    expect(meta?.postBalances[0]).toBe(2 * LAMPORTS_PER_SOL - LAMPORTS_PER_SOL / 2 - 5_010);
    expect(meta?.logMessages?.some((line) => line.includes('Memo'))).toBe(true);
    expect(meta?.computeUnitsConsumed).toBeGreaterThan(0);
    expect(fetched?.version).toBe('legacy');
    expect(fetched?.transaction.signatures[0]).toBe(signature);

    const parsed = await connection.getParsedTransaction(signature, {
      maxSupportedTransactionVersion: 0,
    });
    const instructions = parsed?.transaction.message.instructions ?? [];
    expect(instructions[3]).toMatchObject({ program: 'spl-memo', parsed: 'fbt:leader:alice' });
    expect(instructions[2]).toMatchObject({ programId: SystemProgram.programId });
    expect(parsed?.transaction.message.accountKeys[0]).toMatchObject({
      signer: true,
      writable: true,
    });

    const history = await connection.getSignaturesForAddress(payer.publicKey);
    expect(history[0]?.signature).toBe(signature);
    expect(history[0]?.memo).toBe('[16] fbt:leader:alice');
    expect(history).toHaveLength(2); // the airdrop and the transfer

    const statuses = await connection.getSignatureStatuses(
      [signature, history[1]?.signature ?? ''],
      {
        searchTransactionHistory: true,
      },
    );
    expect(statuses.value[0]?.confirmationStatus).toMatch(/confirmed|finalized/);
    expect(statuses.value[0]?.err).toBeNull();
    expect(statuses.value[1]).not.toBeNull();
  });

  it('pages getSignaturesForAddress newest first with limit, before and until', async () => {
    const { connection } = t;
    const payer = await fundedKeypair(connection, 1);
    const sent: string[] = [];
    for (let i = 0; i < 4; i++) {
      sent.push(
        await sendAndConfirmTransaction(
          connection,
          new Transaction().add(
            SystemProgram.transfer({
              fromPubkey: payer.publicKey,
              toPubkey: Keypair.generate().publicKey,
              lamports: 1_000_000,
            }),
          ),
          [payer],
        ),
      );
    }
    const all = (await connection.getSignaturesForAddress(payer.publicKey)).map((s) => s.signature);
    expect(all.slice(0, 4)).toEqual([...sent].reverse());
    expect(all).toHaveLength(5); // plus the airdrop
    const page = await connection.getSignaturesForAddress(payer.publicKey, {
      limit: 2,
      before: sent[3],
    });
    expect(page.map((s) => s.signature)).toEqual([sent[2], sent[1]]);
    const until = await connection.getSignaturesForAddress(payer.publicKey, { until: sent[1] });
    expect(until.map((s) => s.signature)).toEqual([sent[3], sent[2]]);
  });

  it('accepts versioned (v0) transactions and requires maxSupportedTransactionVersion to read them', async () => {
    const { connection } = t;
    const payer = await fundedKeypair(connection, 1);
    const { blockhash } = await connection.getLatestBlockhash();
    const message = new TransactionMessage({
      payerKey: payer.publicKey,
      recentBlockhash: blockhash,
      instructions: [
        SystemProgram.transfer({
          fromPubkey: payer.publicKey,
          toPubkey: Keypair.generate().publicKey,
          lamports: 1_000_000,
        }),
      ],
    }).compileToV0Message();
    const tx = new VersionedTransaction(message);
    tx.sign([payer]);
    const signature = await connection.sendTransaction(tx);
    const latest = await connection.getLatestBlockhash();
    await connection.confirmTransaction({ signature, ...latest });
    expect(
      (await connection.getTransaction(signature, { maxSupportedTransactionVersion: 0 }))?.version,
    ).toBe(0);
    await expect(connection.getTransaction(signature, {})).rejects.toThrow(
      /maxSupportedTransactionVersion/,
    );
  });
});
