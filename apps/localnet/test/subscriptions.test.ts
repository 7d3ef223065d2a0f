import { Keypair, LAMPORTS_PER_SOL, SystemProgram, Transaction } from '@solana/web3.js';
import type { AccountInfo, Context } from '@solana/web3.js';
import WebSocket from 'ws';
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

function nextValue<T>(
  register: (resolve: (value: T) => void) => Promise<number> | number,
): Promise<{ id: number; value: Promise<T> }> {
  let resolveValue: (value: T) => void = () => undefined;
  const value = new Promise<T>((resolve) => {
    resolveValue = resolve;
  });
  return Promise.resolve(register(resolveValue)).then((id) => ({ id, value }));
}

describe('pubsub websocket', () => {
  it('notifies an account subscriber when a transfer changes the account', async () => {
    const { connection } = t;
    const payer = await fundedKeypair(connection, 2);
    const watched = Keypair.generate().publicKey;
    const { id, value } = await nextValue<[AccountInfo<Buffer>, Context]>((resolve) =>
      connection.onAccountChange(watched, (info, context) => resolve([info, context]), {
        commitment: 'confirmed',
      }),
    );
    // give the subscription time to reach the server before the transfer lands
    await new Promise((resolve) => setTimeout(resolve, 200));
    const tx = new Transaction({
      feePayer: payer.publicKey,
      ...(await connection.getLatestBlockhash()),
    }).add(
      SystemProgram.transfer({
        fromPubkey: payer.publicKey,
        toPubkey: watched,
        lamports: LAMPORTS_PER_SOL,
      }),
    );
    tx.sign(payer);
    await connection.sendRawTransaction(tx.serialize());
    const [info, context] = await value;
    expect(info.lamports).toBe(LAMPORTS_PER_SOL);
    expect(context.slot).toBeGreaterThan(0);
    await connection.removeAccountChangeListener(id);
  });

  it('confirms a transaction through signatureSubscribe', async () => {
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
    const signature = await connection.sendRawTransaction(tx.serialize());
    const result = await new Promise<{ err: unknown }>((resolve) => {
      connection.onSignature(signature, (res) => resolve(res), 'confirmed');
    });
    expect(result.err).toBeNull();
  });

  it('streams slots and stops after slotUnsubscribe', async () => {
    const { connection } = t;
    const slots: number[] = [];
    const id = connection.onSlotChange((info) => slots.push(info.slot));
    await new Promise((resolve) => setTimeout(resolve, 600));
    await connection.removeSlotChangeListener(id);
    expect(slots.length).toBeGreaterThanOrEqual(2);
    expect(slots.every((slot, i) => i === 0 || slot > (slots[i - 1] ?? 0))).toBe(true);
  });

  it('answers raw subscribe/unsubscribe requests and rejects unknown ids and bad params', async () => {
    const socket = new WebSocket(t.localnet.wsUrl);
    await new Promise((resolve) => socket.once('open', resolve));
    const replies: unknown[] = [];
    const waitFor = (count: number) =>
      new Promise<void>((resolve) => {
        const check = () => (replies.length >= count ? resolve() : setTimeout(check, 10));
        check();
      });
    socket.on('message', (data) =>
      replies.push(JSON.parse(typeof data === 'string' ? data : (data as Buffer).toString('utf8'))),
    );
    socket.send(JSON.stringify({ jsonrpc: '2.0', id: 1, method: 'slotSubscribe' }));
    await waitFor(1);
    const subId = (replies[0] as { result: number }).result;
    expect(typeof subId).toBe('number');
    const before = replies.length;
    socket.send(
      JSON.stringify({ jsonrpc: '2.0', id: 2, method: 'slotUnsubscribe', params: [subId] }),
    );
    socket.send(
      JSON.stringify({ jsonrpc: '2.0', id: 3, method: 'slotUnsubscribe', params: [subId] }),
    );
    socket.send(
      JSON.stringify({ jsonrpc: '2.0', id: 4, method: 'accountSubscribe', params: ['not-a-key'] }),
    );
    socket.send('{oops');
    socket.send(JSON.stringify({ jsonrpc: '2.0', id: 5, method: 'getBalance', params: [] }));
    await waitFor(before + 5);
    const byId = (id: number) =>
      replies.find((r) => (r as { id?: number }).id === id) as {
        result?: unknown;
        error?: { code: number; message: string };
      };
    expect(byId(2).result).toBe(true);
    expect(byId(3).error).toEqual({
      code: -32602,
      message: 'Invalid params: Invalid subscription id.',
    });
    expect(byId(4).error?.code).toBe(-32602);
    expect(byId(5).error?.code).toBe(-32601);
    expect(replies.some((r) => (r as { error?: { code: number } }).error?.code === -32700)).toBe(
      true,
    );

    // account and signature subscriptions are removed by their own unsubscribe only
    const key = '11111111111111111111111111111111';
    const signature = '1'.repeat(64);
    socket.send(
      JSON.stringify({ jsonrpc: '2.0', id: 6, method: 'accountSubscribe', params: [key] }),
    );
    socket.send(
      JSON.stringify({ jsonrpc: '2.0', id: 7, method: 'signatureSubscribe', params: [signature] }),
    );
    await waitFor(before + 7);
    const accountSub = byId(6).result as number;
    const signatureSub = byId(7).result as number;
    const repliesBefore = replies.length;
    socket.send(
      JSON.stringify({
        jsonrpc: '2.0',
        id: 8,
        method: 'signatureUnsubscribe',
        params: [accountSub],
      }),
    );
    socket.send(
      JSON.stringify({ jsonrpc: '2.0', id: 9, method: 'accountUnsubscribe', params: [accountSub] }),
    );
    socket.send(
      JSON.stringify({
        jsonrpc: '2.0',
        id: 10,
        method: 'signatureUnsubscribe',
        params: [signatureSub],
      }),
    );
    await waitFor(repliesBefore + 3);
    expect(byId(8).error?.code).toBe(-32602);
    expect(byId(9).result).toBe(true);
    expect(byId(10).result).toBe(true);
    socket.close();
  });

  it('notifies a program subscriber of each written account the program owns that passes the filters', async () => {
    const { connection } = t;
    const payer = await fundedKeypair(connection, 2);
    const recipient = Keypair.generate().publicKey;
    const seen: { pubkey: string; lamports: number; size: number }[] = [];
    const sized: string[] = [];
    const { id: wallets, value: recipientSeen } = await nextValue<void>((resolve) =>
      connection.onProgramAccountChange(
        SystemProgram.programId,
        ({ accountId, accountInfo }) => {
          seen.push({
            pubkey: accountId.toBase58(),
            lamports: accountInfo.lamports,
            size: accountInfo.data.length,
          });
          if (accountId.equals(recipient)) resolve();
        },
        { commitment: 'confirmed', filters: [{ dataSize: 0 }] },
      ),
    );
    // Subscribed before the first: its notifications would come before the first's.
    const withData = connection.onProgramAccountChange(
      SystemProgram.programId,
      ({ accountId }) => sized.push(accountId.toBase58()),
      { commitment: 'confirmed', filters: [{ dataSize: 1 }] },
    );
    await new Promise((resolve) => setTimeout(resolve, 200));
    const tx = new Transaction({
      feePayer: payer.publicKey,
      ...(await connection.getLatestBlockhash()),
    }).add(
      SystemProgram.transfer({
        fromPubkey: payer.publicKey,
        toPubkey: recipient,
        lamports: LAMPORTS_PER_SOL,
      }),
    );
    tx.sign(payer);
    await connection.sendRawTransaction(tx.serialize());
    await recipientSeen;
    expect(seen).toContainEqual({
      pubkey: recipient.toBase58(),
      lamports: LAMPORTS_PER_SOL,
      size: 0,
    });
    expect(seen.map((entry) => entry.pubkey)).toContain(payer.publicKey.toBase58());
    // The same transaction's notifications all went out at once: the 1-byte filter passed none.
    expect(sized).toEqual([]);
    await connection.removeProgramAccountChangeListener(wallets);
    await connection.removeProgramAccountChangeListener(withData);
  });

  it('refuses a program subscription with a malformed program id or filter', async () => {
    const socket = new WebSocket(t.localnet.wsUrl);
    await new Promise((resolve) => socket.once('open', resolve));
    const replies = new Map<number, { error?: { code: number; message: string } }>();
    const answered = new Promise<void>((resolve) => {
      socket.on('message', (data: WebSocket.Data) => {
        const reply = JSON.parse((data as Buffer).toString('utf8')) as {
          id: number;
          error?: { code: number; message: string };
        };
        replies.set(reply.id, reply);
        if (replies.size === 3) resolve();
      });
    });
    const call = (id: number, params: unknown[]) =>
      socket.send(JSON.stringify({ jsonrpc: '2.0', id, method: 'programSubscribe', params }));
    call(1, ['not-a-key']);
    call(2, [
      SystemProgram.programId.toBase58(),
      { filters: [{ memcmp: { offset: -1, bytes: '1' } }] },
    ]);
    call(3, [SystemProgram.programId.toBase58(), { filters: [{ nope: true }] }]);
    await answered;
    expect(replies.get(1)?.error).toMatchObject({
      code: -32602,
      message: expect.stringContaining('program id must be a base58 public key') as string,
    });
    expect(replies.get(2)?.error?.code).toBe(-32602);
    expect(replies.get(3)?.error).toMatchObject({
      code: -32602,
      message: expect.stringContaining('must be { dataSize } or { memcmp }') as string,
    });
    socket.close();
  });
});
