/**
 * The server side of bench/ws-fanout.ts, run in its own process: the BFF app (its stream hub)
 * or a naive `@fastify/websocket` send loop, on a free loopback port. Talks to the parent over
 * IPC: `listening`, `memory` (after a full GC), `published` (the publish time, on the clock
 * both processes share, and how long the send loop took).
 */
import { execSync } from 'node:child_process';
import type { AddressInfo } from 'node:net';
import { setFlagsFromString } from 'node:v8';
import { runInNewContext } from 'node:vm';
import fastifyWebsocket from '@fastify/websocket';
import { buildApp } from '@fbt/bff';
import { TEST_SETTINGS, createTestWorld, depsFor } from '@fbt/bff/testing';
import Fastify, { type FastifyInstance } from 'fastify';

export type ServerMode = 'app' | 'naive';

setFlagsFromString('--expose-gc');
const gc = runInNewContext('gc') as () => void;
const now = () => performance.timeOrigin + performance.now();

function memory(): { heap: number; rss: number } {
  for (let i = 0; i < 3; i++) gc();
  const usage = process.memoryUsage();
  return { heap: usage.heapUsed, rss: usage.rss };
}

/** The same message for both servers: the presale envelope the stream sends. */
function presaleMessage(json: string): string {
  return `{"type":"presale","topic":"presale:public","data":${json}}`;
}

async function appServer(): Promise<{ app: FastifyInstance; publish(message: string): void }> {
  const world = createTestWorld();
  const app = await buildApp(
    depsFor(world, {
      settings: {
        ...TEST_SETTINGS,
        streamMaxClients: 1_000_000,
        streamMaxClientsPerAddress: 1_000_000,
        streamHeartbeatMs: 600_000,
      },
    }),
  );
  return { app, publish: (message) => app.streamHub.publish('presale:public', message) };
}

interface NaiveSocket {
  on(event: 'message' | 'close', listener: () => void): void;
  send(data: string): void;
}

/** What a first websocket server looks like: a Set of sockets and a send loop. */
async function naiveServer(
  current: () => string,
): Promise<{ app: FastifyInstance; publish(message: string): void }> {
  const app = Fastify();
  const subscribers = new Set<NaiveSocket>();
  await app.register(fastifyWebsocket);
  app.get('/api/v1/stream', { websocket: true }, (connection: unknown) => {
    // @fastify/websocket's own ws copy has no types here; this is all the loop uses of it.
    const socket = connection as NaiveSocket;
    socket.on('message', () => {
      subscribers.add(socket);
      socket.send(current());
    });
    socket.on('close', () => subscribers.delete(socket));
  });
  return {
    app,
    publish: (message) => {
      for (const socket of subscribers) socket.send(message);
    },
  };
}

export async function runServer(mode: ServerMode): Promise<void> {
  const send = (message: Record<string, unknown>) => process.send?.(message);
  const world = createTestWorld();
  const json =
    (await (await buildApp(depsFor(world))).inject('/api/v1/presales/public')).body || '{}';
  const server = mode === 'app' ? await appServer() : await naiveServer(() => presaleMessage(json));
  await server.app.listen({ host: '127.0.0.1', port: 0 });
  const { port } = server.app.server.address() as AddressInfo;
  const openFiles = Number(execSync('ulimit -n', { shell: '/bin/sh' }).toString().trim());
  send({ kind: 'listening', port, openFiles });
  send({ kind: 'memory', ...memory() });
  process.on('message', (message: { kind: string; round?: number }) => {
    if (message.kind === 'measure-memory') send({ kind: 'memory', ...memory() });
    if (message.kind === 'publish') {
      // A fresh message each round (as a cache change is), the same size every time.
      const fetchedAt = new Date(Date.UTC(2026, 10, 21) + (message.round ?? 0)).toISOString();
      const text = presaleMessage(
        json.replace(/"fetchedAt":"[^"]*"/, `"fetchedAt":"${fetchedAt}"`),
      );
      const at = now();
      server.publish(text);
      // The send loop itself: ws writes to each socket before returning when it can.
      send({ kind: 'published', at, loopMs: now() - at });
    }
  });
}
