import { afterEach, describe, expect, it } from 'vitest';
import type { FastifyInstance } from 'fastify';
import WebSocket from 'ws';
import { streamServerMessageSchema, type StreamServerMessage } from '@fbt/domain';
import {
  createTestWorld,
  settle,
  SOL,
  startApp,
  TEST_SETTINGS,
  type TestWorld,
} from './support/test-world';

let app: FastifyInstance | undefined;
const sockets: WebSocket[] = [];
afterEach(async () => {
  for (const socket of sockets.splice(0)) socket.terminate();
  await app?.close();
  app = undefined;
});

/** A real ws client collecting validated server messages. */
async function connect(url: string) {
  const socket = new WebSocket(url);
  sockets.push(socket);
  const messages: StreamServerMessage[] = [];
  const waiters: (() => void)[] = [];
  socket.on('message', (raw: WebSocket.Data) => {
    messages.push(
      streamServerMessageSchema.parse(
        JSON.parse(typeof raw === 'string' ? raw : Buffer.from(raw as Buffer).toString('utf8')),
      ),
    );
    for (const wake of waiters.splice(0)) wake();
  });
  await new Promise((resolve, reject) => {
    socket.once('open', resolve);
    socket.once('error', reject);
  });
  const waitFor = async (count: number) => {
    while (messages.length < count) {
      await new Promise<void>((resolve, reject) => {
        const timer = setTimeout(
          () => reject(new Error(`only ${messages.length} of ${count} messages`)),
          20_000,
        );
        waiters.push(() => {
          clearTimeout(timer);
          resolve();
        });
      });
    }
    return messages;
  };
  const closed = new Promise<number>((resolve) =>
    socket.once('close', (code: number) => resolve(code)),
  );
  return {
    socket,
    messages,
    waitFor,
    closed,
    send: (value: unknown) => socket.send(JSON.stringify(value)),
  };
}

async function listen(world: TestWorld, settings = TEST_SETTINGS) {
  app = await startApp(world, { settings });
  const address = await app.listen({ host: '127.0.0.1', port: 0 });
  return address.replace('http', 'ws') + '/api/v1/stream';
}

describe('websocket /api/v1/stream', () => {
  it('sends the current value on subscribe and every change after', async () => {
    const world = createTestWorld();
    const url = await listen(world);
    const client = await connect(url);
    client.send({ type: 'subscribe', topics: ['presale:public', 'price', 'goals'] });
    const initial = await client.waitFor(3);
    expect(initial.map((message) => message.type)).toEqual(['presale', 'price', 'goals']);

    const address = world.deployment.presales.public.address;
    const snapshot = world.presales.get(address);
    if (snapshot === undefined) throw new Error('missing presale');
    world.watchers.get(address)?.({
      ...snapshot,
      slot: 200,
      state: { ...snapshot.state, currentTotalSold: 30n * SOL },
    });
    const [, , , update] = await client.waitFor(4);
    expect(update).toMatchObject({
      type: 'presale',
      topic: 'presale:public',
      data: { state: { currentTotalSold: (30n * SOL).toString() } },
    });
  });

  it('does not send topics the client did not subscribe to, nor after unsubscribe', async () => {
    const world = createTestWorld();
    const url = await listen(world);
    const client = await connect(url);
    client.send({ type: 'subscribe', topics: ['presale:leader'] });
    await client.waitFor(1);
    client.send({ type: 'unsubscribe', topics: ['presale:leader'] });
    client.send({ type: 'subscribe', topics: ['goals'] });
    await client.waitFor(2);
    const leader = world.deployment.presales.leader.address;
    const snapshot = world.presales.get(leader);
    if (snapshot === undefined) throw new Error('missing presale');
    world.watchers.get(leader)?.({
      ...snapshot,
      slot: 300,
      state: { ...snapshot.state, currentTotalSold: SOL },
    });
    world.counts.telegram = { count: 1300, source: 'operator' };
    world.scheduler.tick(300_000);
    await settle();
    const messages = await client.waitFor(3);
    expect(messages.map((message) => message.type)).toEqual(['presale', 'goals', 'goals']);
  });

  it('answers a bad message with a coded error and stays open', async () => {
    const url = await listen(createTestWorld());
    const client = await connect(url);
    client.socket.send('not json');
    client.send({ type: 'subscribe', topics: ['nope'] });
    const [first, second] = await client.waitFor(2);
    expect(first).toEqual({
      type: 'error',
      error: { code: 'STREAM__BAD_MESSAGE', message: 'Messages must be JSON.' },
    });
    expect(second).toMatchObject({ type: 'error', error: { code: 'STREAM__BAD_MESSAGE' } });
    client.send({ type: 'subscribe', topics: ['price'] });
    expect((await client.waitFor(3))[2]?.type).toBe('price');
  });

  it('sends heartbeats and drops a client that stopped answering pings', async () => {
    const world = createTestWorld();
    const url = await listen(world);
    const client = await connect(url);
    world.scheduler.tick(TEST_SETTINGS.streamHeartbeatMs);
    const [beat] = await client.waitFor(1);
    expect(beat).toEqual({ type: 'heartbeat', at: world.clock.now() });
    // The ws client answers pings automatically; simulate a dead peer by marking it silent.
    await new Promise((resolve) => setTimeout(resolve, 50));
    expect(app!.streamHub.stats().clients).toBe(1);
    // Reach into ws 7 to stop its automatic pong replies: the peer now looks dead.
    (
      client.socket as unknown as { _receiver: { removeAllListeners(event: string): void } }
    )._receiver.removeAllListeners('ping');
    world.scheduler.tick(TEST_SETTINGS.streamHeartbeatMs);
    await new Promise((resolve) => setTimeout(resolve, 50));
    world.scheduler.tick(TEST_SETTINGS.streamHeartbeatMs);
    expect(await client.closed).toBe(1008);
    expect(app!.streamHub.stats()).toMatchObject({ clients: 0, dropped: 1 });
  });

  it('drops a slow client whose unsent bytes exceed the buffer limit', async () => {
    const world = createTestWorld();
    const url = await listen(world, { ...TEST_SETTINGS, streamMaxBufferBytes: 1_024 });
    const client = await connect(url);
    client.send({ type: 'subscribe', topics: ['presale:public'] });
    await client.waitFor(1);
    // Stop reading: the server's socket buffer fills up.
    (client.socket as unknown as { _socket: { pause(): void } })._socket.pause();
    const address = world.deployment.presales.public.address;
    const snapshot = world.presales.get(address);
    if (snapshot === undefined) throw new Error('missing presale');
    for (let i = 1; i <= 20_000 && app!.streamHub.stats().clients > 0; i++) {
      world.watchers.get(address)?.({
        ...snapshot,
        slot: 1_000 + i,
        state: { ...snapshot.state, currentTotalSold: BigInt(i) },
      });
      if (i % 500 === 0) await new Promise((resolve) => setImmediate(resolve));
    }
    expect(app!.streamHub.stats()).toMatchObject({ clients: 0, dropped: 1 });
  });

  it('refuses clients beyond the limit with 1013', async () => {
    const url = await listen(createTestWorld(), { ...TEST_SETTINGS, streamMaxClients: 1 });
    await connect(url);
    const second = await connect(url);
    expect(await second.closed).toBe(1013);
  });

  it('refuses more sockets from one address than allowed with 1013 (try again later), and frees the slot on close', async () => {
    const url = await listen(createTestWorld(), {
      ...TEST_SETTINGS,
      streamMaxClientsPerAddress: 2,
    });
    const first = await connect(url);
    await connect(url);
    const third = await connect(url);
    expect(await third.closed).toBe(1013);
    first.socket.close();
    await first.closed;
    await new Promise((resolve) => setTimeout(resolve, 50));
    const fourth = await connect(url);
    fourth.send({ type: 'subscribe', topics: ['price'] });
    expect((await fourth.waitFor(1))[0]?.type).toBe('price');
  });

  it('closes every socket with 1001 on shutdown', async () => {
    const url = await listen(createTestWorld());
    const client = await connect(url);
    await app!.close();
    app = undefined;
    expect(await client.closed).toBe(1001);
  });
});
