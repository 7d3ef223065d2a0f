// The `/rpc` websocket against the real local chain: a web3.js Connection pointed at the BFF
// (as the page's is) gets `onAccountChange` for a wallet funded from outside; the limits per
// socket and per client address; the sockets closed when the BFF stops.
import { Connection, Keypair, LAMPORTS_PER_SOL } from '@solana/web3.js';
import type { FastifyInstance } from 'fastify';
import WebSocket from 'ws';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { buildApp } from '../src/app';
import { createManualScheduler } from '../src/cache/scheduler';
import { loadConfig } from '../src/config';
import { createAppDeps, type WiredDeps } from '../src/create-bff';
import { MAX_SOCKETS_PER_ADDRESS, MAX_WATCHES_PER_SOCKET } from '../src/routes/rpc-subscriptions';
import { startSeededChain, type SeededChain } from './support/chain-fixture';
import { TEST_SETTINGS } from './support/test-world';

let chain: SeededChain;
let wired: WiredDeps;
let app: FastifyInstance;
let wsUrl: string;

beforeAll(async () => {
  chain = await startSeededChain();
  wired = await createAppDeps(
    chain.deployment,
    loadConfig({ DATABASE_PATH: ':memory:', PYTH_HERMES_URL: '' }),
    { scheduler: createManualScheduler(), logger: false, settings: TEST_SETTINGS },
  );
  app = await buildApp(wired.deps);
  const address = await app.listen({ host: '127.0.0.1', port: 0 });
  wsUrl = `${address.replace('http', 'ws')}/rpc`;
}, 180_000);

afterAll(async () => {
  await app?.close();
  await wired?.close();
  await chain?.stop();
});

interface Answer {
  id?: number | string | null;
  result?: unknown;
  error?: { code: number; message: string };
  method?: string;
}

/** A raw websocket on `/rpc` that keeps every message it gets. */
async function openSocket(): Promise<{
  socket: WebSocket;
  messages: Answer[];
  closed: Promise<number>;
}> {
  const socket = new WebSocket(wsUrl);
  const messages: Answer[] = [];
  const closed = new Promise<number>((resolve) => socket.once('close', resolve));
  socket.on('message', (raw: WebSocket.Data) => {
    messages.push(JSON.parse(Buffer.from(raw as Buffer).toString('utf8')) as Answer);
  });
  await new Promise((resolve, reject) => {
    socket.once('open', resolve);
    socket.once('error', reject);
  });
  return { socket, messages, closed };
}

async function until<T>(read: () => T | undefined, what: string): Promise<T> {
  for (;;) {
    const value = read();
    if (value !== undefined) return value;
    await new Promise((resolve, reject) => {
      setTimeout(resolve, 20);
      if (app.server.listening === false) reject(new Error(`${what}: the BFF stopped`));
    });
  }
}

/** Closes a socket and waits until the BFF has seen it go (the close handshake is over). */
async function closeSocket({ socket, closed }: Awaited<ReturnType<typeof openSocket>>) {
  socket.close();
  await closed;
}

const subscribe = (id: number, address: string) =>
  JSON.stringify({ jsonrpc: '2.0', id, method: 'accountSubscribe', params: [address] });

describe('account pushes on the /rpc websocket', () => {
  it('tells a web3.js Connection pointed at the BFF that a wallet was funded from outside', async () => {
    const page = new Connection(wsUrl.replace('ws', 'http'), {
      commitment: 'confirmed',
      wsEndpoint: wsUrl,
    });
    const wallet = Keypair.generate().publicKey;
    const seen: number[] = [];
    const listener = page.onAccountChange(wallet, (account) => seen.push(account.lamports));
    const subscribed = await openSocket();
    subscribed.socket.send(subscribe(1, wallet.toBase58()));
    await until(() => subscribed.messages.find((message) => message.id === 1), 'subscribe answer');

    // Funded from outside, 1 SOL at a time, until the first push: the BFF's own subscription to
    // the chain starts a moment after its answer, and a change before it is not pushed.
    let funded = 0;
    while (seen.length === 0) {
      const signature = await chain.connection.requestAirdrop(wallet, LAMPORTS_PER_SOL);
      await chain.connection.confirmTransaction(
        { signature, ...(await chain.connection.getLatestBlockhash()) },
        'confirmed',
      );
      funded++;
      await new Promise((resolve) => setTimeout(resolve, 50));
    }
    // What the page heard is what the chain holds (the last airdrop's push, or an earlier one).
    await until(() => (seen.includes(funded * LAMPORTS_PER_SOL) ? true : undefined), 'the push');
    const raw = await until(
      () =>
        subscribed.messages.find(
          (message) =>
            message.method === 'accountNotification' &&
            JSON.stringify(message).includes(`"lamports":${funded * LAMPORTS_PER_SOL}`),
        ),
      'the raw push',
    );
    expect(raw).toMatchObject({
      params: {
        subscription: 0,
        result: { value: { lamports: funded * LAMPORTS_PER_SOL, data: ['', 'base64'] } },
      },
    });
    await page.removeAccountChangeListener(listener);
    await closeSocket(subscribed);
  });

  it('answers each call: a subscription id, unsubscribed true once, refusals with their code', async () => {
    const opened = await openSocket();
    const { socket, messages } = opened;
    const wallet = Keypair.generate().publicKey.toBase58();
    socket.send(subscribe(1, wallet));
    socket.send(
      JSON.stringify({ jsonrpc: '2.0', id: 2, method: 'signatureSubscribe', params: [] }),
    );
    socket.send(
      JSON.stringify({ jsonrpc: '2.0', id: 3, method: 'accountUnsubscribe', params: [0] }),
    );
    socket.send(
      JSON.stringify({ jsonrpc: '2.0', id: 4, method: 'accountUnsubscribe', params: [0] }),
    );
    const answers = await until(
      () => (messages.length >= 4 ? messages : undefined),
      'four answers',
    );
    expect(answers).toEqual([
      { jsonrpc: '2.0', id: 1, result: 0 },
      {
        jsonrpc: '2.0',
        id: 2,
        error: {
          code: -32601,
          message:
            'Method not allowed on this websocket: signatureSubscribe (only accountSubscribe, accountUnsubscribe)',
        },
      },
      { jsonrpc: '2.0', id: 3, result: true },
      { jsonrpc: '2.0', id: 4, result: false },
    ]);
    await closeSocket(opened);
  });

  it(`watches at most ${MAX_WATCHES_PER_SOCKET} accounts per socket`, async () => {
    const opened = await openSocket();
    const { socket, messages } = opened;
    for (let id = 1; id <= MAX_WATCHES_PER_SOCKET + 1; id++) {
      socket.send(subscribe(id, Keypair.generate().publicKey.toBase58()));
    }
    const last = await until(
      () => messages.find((message) => message.id === MAX_WATCHES_PER_SOCKET + 1),
      'the last answer',
    );
    expect(messages.filter((message) => typeof message.result === 'number')).toHaveLength(
      MAX_WATCHES_PER_SOCKET,
    );
    expect(last.error).toEqual({ code: -32005, message: 'Too many account subscriptions' });
    await closeSocket(opened);
  });

  it(`holds at most ${MAX_SOCKETS_PER_ADDRESS} sockets per client address`, async () => {
    const open = await Promise.all(
      Array.from({ length: MAX_SOCKETS_PER_ADDRESS }, () => openSocket()),
    );
    const extra = await openSocket();
    expect(await extra.closed).toBe(1013);
    await Promise.all(open.map(closeSocket));
  });

  it('closes its sockets with 1001 when the BFF stops', async () => {
    const { socket, closed } = await openSocket();
    socket.send(subscribe(1, Keypair.generate().publicKey.toBase58()));
    await app.close();
    expect(await closed).toBe(1001);
  });
});
