import type { FastifyInstance } from 'fastify';
import WebSocket from 'ws';
import { afterEach, describe, expect, it } from 'vitest';
import { streamServerMessageSchema, type StreamServerMessage } from '@fbt/domain';
import { intervalScheduler } from '../src/cache/scheduler';
import { createTestWorld, SOL, startApp, TEST_SETTINGS } from './support/test-world';
import { openSocket, parseAnswer } from './support/raw-socket';

/** Request and headers timers far shorter than the time the websocket stays open. */
const REQUEST_TIMEOUT_MS = 200;
const HEADERS_TIMEOUT_MS = 100;
const HEARTBEAT_MS = 1_000;

let app: FastifyInstance | undefined;
const sockets: WebSocket[] = [];
afterEach(async () => {
  for (const socket of sockets.splice(0)) socket.terminate();
  await app?.close();
  app = undefined;
});

async function until(condition: () => boolean, what: string): Promise<void> {
  for (let i = 0; i < 3_000 && !condition(); i++) {
    await new Promise((resolve) => setTimeout(resolve, 10));
  }
  if (!condition()) throw new Error(`never happened: ${what}`);
}

describe('websockets and the request timeouts', () => {
  // The heartbeat period is the configuration's minimum: a shorter one would make the
  // dead-peer check (a pong per period) the thing under test on a loaded machine.
  it('an open /api/v1/stream outlives REQUEST_TIMEOUT_MS and HEADERS_TIMEOUT_MS many times over and keeps getting heartbeats and changes', async () => {
    const world = createTestWorld();
    // Real timers: the heartbeats and node's connection checks run on the clock.
    app = await startApp(world, {
      scheduler: intervalScheduler,
      settings: {
        ...TEST_SETTINGS,
        requestTimeoutMs: REQUEST_TIMEOUT_MS,
        headersTimeoutMs: HEADERS_TIMEOUT_MS,
        streamHeartbeatMs: HEARTBEAT_MS,
      },
    });
    await app.listen({ host: '127.0.0.1', port: 0 });
    const address = app.server.address();
    const port = typeof address === 'object' && address !== null ? address.port : 0;

    const socket = new WebSocket(`ws://127.0.0.1:${port}/api/v1/stream`);
    sockets.push(socket);
    const messages: StreamServerMessage[] = [];
    socket.on('message', (raw: WebSocket.Data) => {
      const text = typeof raw === 'string' ? raw : Buffer.from(raw as Buffer).toString('utf8');
      messages.push(streamServerMessageSchema.parse(JSON.parse(text)));
    });
    let closeCode: number | null = null;
    socket.on('close', (code: number) => (closeCode = code));
    await new Promise((resolve, reject) => {
      socket.once('open', resolve);
      socket.once('error', reject);
    });
    const openedAt = Date.now();
    socket.send(JSON.stringify({ type: 'subscribe', topics: ['presale:public'] }));
    await until(() => messages.some((m) => m.type === 'presale'), 'the first presale message');

    // The timers are in force on this server: headers that never finish get a 408.
    const slow = await openSocket(port);
    let slowAnswer = '';
    slow.on('data', (chunk: Buffer) => (slowAnswer += chunk.toString('utf8')));
    slow.on('error', () => undefined);
    const slowClosed = new Promise<void>((resolve) => slow.once('close', () => resolve()));
    slow.write('GET /healthz HTTP/1.1\r\nHost: localhost\r\nX-Never-Ends: ');
    await slowClosed;
    expect(parseAnswer(slowAnswer).status).toBe(408);

    // Three heartbeats (three seconds, fifteen request timeouts) on one socket.
    const heartbeats = () => messages.filter((m) => m.type === 'heartbeat').length;
    await until(
      () => heartbeats() >= 5 && Date.now() - openedAt > 5 * REQUEST_TIMEOUT_MS,
      'five heartbeats',
    );
    expect(closeCode).toBeNull();
    expect(socket.readyState).toBe(WebSocket.OPEN);

    // Still a working socket both ways: a change is pushed, a late subscribe is answered.
    const presale = world.deployment.presales.public.address;
    const snapshot = world.presales.get(presale);
    if (snapshot === undefined) throw new Error('missing presale');
    const sold = 42n * SOL;
    world.watchers.get(presale)?.({
      ...snapshot,
      slot: snapshot.slot + 1,
      state: { ...snapshot.state, currentTotalSold: sold },
    });
    await until(
      () =>
        messages.some(
          (m) => m.type === 'presale' && m.data.state.currentTotalSold === sold.toString(),
        ),
      'the pushed change',
    );
    socket.send(JSON.stringify({ type: 'subscribe', topics: ['goals'] }));
    await until(() => messages.some((m) => m.type === 'goals'), 'the late subscription');
    expect(closeCode).toBeNull();
  }, 60_000);
});
