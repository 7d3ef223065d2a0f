// Address lookup tables on the local chain: created and extended by the real address lookup
// table program (SlotHashes kept as a bank keeps it), a version-0 transaction loading accounts
// from one lands and reads back as a cluster reports it (loaded addresses, balances, history,
// account notifications), a restart replays it, and a transaction over the packet size is
// refused like a cluster refuses it.
import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import {
  AddressLookupTableProgram,
  Keypair,
  LAMPORTS_PER_SOL,
  SystemProgram,
  TransactionInstruction,
  TransactionMessage,
  VersionedTransaction,
  type Connection,
  type PublicKey,
} from '@solana/web3.js';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { fundedKeypair, rawRpc, startTestChain, stopTestChain } from './support/helpers';
import type { TestChain } from './support/helpers';

let t: TestChain;
const dataDir = fs.mkdtempSync(path.join(os.tmpdir(), 'fbt-localnet-alt-'));
beforeAll(async () => {
  t = await startTestChain({ dataDir });
});
afterAll(async () => {
  await stopTestChain(t);
  fs.rmSync(dataDir, { recursive: true, force: true });
});

async function sendV0(
  connection: Connection,
  payer: Keypair,
  instructions: TransactionInstruction[],
  tables: Awaited<ReturnType<Connection['getAddressLookupTable']>>['value'][] = [],
): Promise<string> {
  const latest = await connection.getLatestBlockhash();
  const message = new TransactionMessage({
    payerKey: payer.publicKey,
    recentBlockhash: latest.blockhash,
    instructions,
  }).compileToV0Message(tables.flatMap((table) => (table === null ? [] : [table])));
  const tx = new VersionedTransaction(message);
  tx.sign([payer]);
  const signature = await connection.sendRawTransaction(tx.serialize());
  const confirmed = await connection.confirmTransaction({ signature, ...latest }, 'confirmed');
  if (confirmed.value.err !== null) throw new Error(JSON.stringify(confirmed.value.err));
  return signature;
}

/** Waits until the chain is past `slot` (a table's new addresses are usable from the next one). */
async function slotAfter(connection: Connection, slot: number): Promise<void> {
  while ((await connection.getSlot('confirmed')) <= slot) {
    await new Promise((resolve) => setTimeout(resolve, 50));
  }
}

/** A table holding `addresses`, owned by `authority`, usable once this resolves. */
async function createTable(
  connection: Connection,
  authority: Keypair,
  addresses: PublicKey[],
): Promise<PublicKey> {
  const [create, table] = AddressLookupTableProgram.createLookupTable({
    authority: authority.publicKey,
    payer: authority.publicKey,
    recentSlot: await connection.getSlot('finalized'),
  });
  const extend = AddressLookupTableProgram.extendLookupTable({
    lookupTable: table,
    authority: authority.publicKey,
    payer: authority.publicKey,
    addresses,
  });
  const signature = await sendV0(connection, authority, [create, extend]);
  const status = await connection.getSignatureStatus(signature);
  await slotAfter(connection, status.value?.slot ?? 0);
  return table;
}

describe('address lookup tables', () => {
  let payer: Keypair;
  let recipient: PublicKey;
  let table: PublicKey;
  let signature: string;

  beforeAll(async () => {
    payer = await fundedKeypair(t.connection, 5);
    recipient = Keypair.generate().publicKey;
    table = await createTable(t.connection, payer, [recipient, SystemProgram.programId]);
  });

  it('creates a table from a finalized slot (the current slot is not yet a recent one)', async () => {
    const confirmed = await t.connection.getSlot('confirmed');
    const finalized = await t.connection.getSlot('finalized');
    expect(finalized).toBeLessThan(confirmed);
    expect(confirmed - finalized).toBeLessThanOrEqual(32);
    const { value } = await t.connection.getAddressLookupTable(table);
    expect(value?.state.addresses.map((key) => key.toBase58())).toEqual([
      recipient.toBase58(),
      SystemProgram.programId.toBase58(),
    ]);
    expect(value?.isActive()).toBe(true);
  });

  it('lands a version-0 transfer to an account loaded from the table and reports it as a cluster does', async () => {
    const { value: lookup } = await t.connection.getAddressLookupTable(table);
    const transfer = SystemProgram.transfer({
      fromPubkey: payer.publicKey,
      toPubkey: recipient,
      lamports: LAMPORTS_PER_SOL,
    });
    const notified = new Promise<number>((resolve) => {
      t.connection.onAccountChange(recipient, (info) => resolve(info.lamports), 'confirmed');
    });
    await new Promise((resolve) => setTimeout(resolve, 200)); // the subscription reaches the server
    signature = await sendV0(t.connection, payer, [transfer], [lookup]);
    expect(await t.connection.getBalance(recipient)).toBe(LAMPORTS_PER_SOL);
    expect(await notified).toBe(LAMPORTS_PER_SOL);

    const fetched = await t.connection.getTransaction(signature, {
      commitment: 'confirmed',
      maxSupportedTransactionVersion: 0,
    });
    expect(fetched?.version).toBe(0);
    const message = fetched!.transaction.message;
    // The message itself holds the payer and the invoked program only; the recipient came
    // from the table (writable).
    expect(message.staticAccountKeys.map((key) => key.toBase58())).toEqual([
      payer.publicKey.toBase58(),
      SystemProgram.programId.toBase58(),
    ]);
    expect(fetched?.meta?.loadedAddresses).toEqual({ writable: [recipient], readonly: [] });
    const keys = message.getAccountKeys({
      accountKeysFromLookups: fetched!.meta!.loadedAddresses!,
    });
    const at = keys.staticAccountKeys.length;
    expect(keys.get(at)?.equals(recipient)).toBe(true);
    expect(fetched!.meta!.postBalances[at]! - fetched!.meta!.preBalances[at]!).toBe(
      LAMPORTS_PER_SOL,
    );
    const history = await t.connection.getSignaturesForAddress(recipient);
    expect(history.map((entry) => entry.signature)).toEqual([signature]);

    const parsed = await t.connection.getParsedTransaction(signature, {
      commitment: 'confirmed',
      maxSupportedTransactionVersion: 0,
    });
    expect(parsed?.transaction.message.accountKeys.map((key) => key.source)).toEqual([
      'transaction',
      'transaction',
      'lookupTable',
    ]);
  });

  it('refuses an index the table does not have, and lands nothing', async () => {
    const { value: lookup } = await t.connection.getAddressLookupTable(table);
    const latest = await t.connection.getLatestBlockhash();
    const message = new TransactionMessage({
      payerKey: payer.publicKey,
      recentBlockhash: latest.blockhash,
      instructions: [
        SystemProgram.transfer({ fromPubkey: payer.publicKey, toPubkey: recipient, lamports: 1 }),
      ],
    }).compileToV0Message([lookup!]);
    message.addressTableLookups[0]!.writableIndexes = [7];
    const tx = new VersionedTransaction(message);
    tx.sign([payer]);
    await expect(t.connection.sendRawTransaction(tx.serialize())).rejects.toThrow(
      /InvalidAddressLookupTableIndex|invalid index/i,
    );
  });

  it('refuses a transaction over 1,232 bytes at send and at simulation, as a cluster does', async () => {
    const memo = new TransactionInstruction({
      programId: SystemProgram.programId,
      keys: [],
      data: Buffer.alloc(1_200),
    });
    const latest = await t.connection.getLatestBlockhash();
    const message = new TransactionMessage({
      payerKey: payer.publicKey,
      recentBlockhash: latest.blockhash,
      instructions: [memo],
    }).compileToLegacyMessage();
    const tx = new VersionedTransaction(message);
    tx.sign([payer]);
    const wire = Buffer.from(tx.serialize());
    expect(wire.length).toBeGreaterThan(1_232);
    for (const method of ['sendTransaction', 'simulateTransaction']) {
      const { json } = await rawRpc(
        t.localnet.rpcUrl,
        JSON.stringify({
          jsonrpc: '2.0',
          id: 1,
          method,
          params: [wire.toString('base64'), { encoding: 'base64' }],
        }),
      );
      expect(json).toMatchObject({
        error: {
          code: -32602,
          message: `Invalid params: transaction too large: ${wire.length} bytes (max: 1232 bytes)`,
        },
      });
    }
  });

  it('replays the table and the transaction that used it after a restart', async () => {
    await stopTestChain(t);
    t = await startTestChain({ dataDir });
    const { value } = await t.connection.getAddressLookupTable(table);
    expect(value?.state.addresses).toHaveLength(2);
    const fetched = await t.connection.getTransaction(signature, {
      commitment: 'confirmed',
      maxSupportedTransactionVersion: 0,
    });
    expect(fetched?.meta?.err).toBeNull();
    expect(fetched?.meta?.loadedAddresses).toEqual({ writable: [recipient], readonly: [] });
    expect(await t.connection.getBalance(recipient)).toBe(LAMPORTS_PER_SOL);
  });
});
