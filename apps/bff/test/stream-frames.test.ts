import { afterEach, describe, expect, it } from 'vitest';
import type { FastifyInstance } from 'fastify';
import WebSocket from 'ws';
import { createTestWorld, SOL, startApp } from './support/test-world';

let app: FastifyInstance | undefined;
const sockets: WebSocket[] = [];
afterEach(async () => {
  for (const socket of sockets.splice(0)) socket.terminate();
  await app?.close();
  app = undefined;
});

/** Raw frames as a browser would see them: text (a string here) or binary (a Buffer). */
async function rawClient(url: string) {
  const socket = new WebSocket(url);
  sockets.push(socket);
  const frames: WebSocket.Data[] = [];
  // A text frame as its text, a binary one as its bytes.
  socket.on('message', (raw: Buffer, isBinary: boolean) =>
    frames.push(isBinary ? raw : raw.toString('utf8')),
  );
  await new Promise((resolve, reject) => {
    socket.once('open', resolve);
    socket.once('error', reject);
  });
  const waitFor = async (count: number) => {
    for (let i = 0; i < 2_000 && frames.length < count; i++) {
      await new Promise((resolve) => setTimeout(resolve, 10));
    }
    return frames;
  };
  return { socket, waitFor };
}

describe('stream frames', () => {
  it('a broadcast, encoded once for every socket, still arrives as the same JSON text frame', async () => {
    const world = createTestWorld();
    app = await startApp(world);
    const url = (await app.listen({ host: '127.0.0.1', port: 0 })).replace('http', 'ws');
    const clients = await Promise.all([1, 2, 3].map(() => rawClient(`${url}/api/v1/stream`)));
    for (const client of clients) {
      client.socket.send(JSON.stringify({ type: 'subscribe', topics: ['presale:public'] }));
      await client.waitFor(1);
    }
    const address = world.deployment.presales.public.address;
    const snapshot = world.presales.get(address);
    if (snapshot === undefined) throw new Error('missing presale');
    world.watchers.get(address)?.({
      ...snapshot,
      slot: 300,
      state: { ...snapshot.state, currentTotalSold: 42n * SOL },
    });
    const received = await Promise.all(clients.map((client) => client.waitFor(2)));
    for (const frames of received) {
      expect(frames).toHaveLength(2);
      // Binary frames stay bytes (a browser would get a Blob): every frame must be text.
      for (const frame of frames) expect(typeof frame).toBe('string');
      expect(JSON.parse(frames[1] as string)).toMatchObject({
        type: 'presale',
        topic: 'presale:public',
        data: { state: { currentTotalSold: (42n * SOL).toString() } },
      });
    }
    expect(received[0]?.[1]).toBe(received[2]?.[1]);
  });
});
