/** The instance's Redis connections across a Redis restart (real redis-server). */
import { once } from 'node:events';
import { connect, createServer, type AddressInfo, type Socket } from 'node:net';
import type { Redis } from 'ioredis';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { startRedisServer, type RedisServer } from '@fbt/adapters/testing';
import { createRedisClients } from '../../src/cluster/redis-clients';

let server: RedisServer;

beforeAll(async () => {
  server = await startRedisServer();
});

afterAll(async () => {
  await server?.stop();
});

const sleep = (ms: number) => new Promise((resolve) => setTimeout(resolve, ms));

/** Resolves once `client` is connected (at once if it already is). */
const ready = (client: Redis) =>
  client.status === 'ready' ? Promise.resolve() : once(client, 'ready').then(() => undefined);

describe('Redis connections', () => {
  it('closing while a resubscription is unanswered leaves no command failing unheard', async () => {
    // Between the instance and Redis, a relay that can drop the connection and, after that,
    // swallow a SUBSCRIBE: Redis "restarts" and goes away before answering it.
    let swallowSubscribe = false;
    const sockets = new Set<Socket>();
    const relay = createServer((client) => {
      const upstream = connect(server.port, '127.0.0.1');
      sockets.add(client).add(upstream);
      client.on('data', (chunk: Buffer) => {
        if (swallowSubscribe && chunk.toString('latin1').toLowerCase().includes('subscribe')) {
          // The instance shuts down now; the connection then closes with no answer.
          clients.disconnect();
          client.destroy();
          upstream.destroy();
          return;
        }
        upstream.write(chunk);
      });
      upstream.on('data', (chunk: Buffer) => client.write(chunk));
      for (const socket of [client, upstream]) {
        socket.on('error', () => undefined);
        socket.on('close', () => {
          client.destroy();
          upstream.destroy();
        });
      }
    });
    relay.listen(0, '127.0.0.1');
    await once(relay, 'listening');
    const { port } = relay.address() as AddressInfo;
    const clients = createRedisClients(`redis://127.0.0.1:${port}`, () => undefined);
    const unhandled: unknown[] = [];
    const listen = (reason: unknown) => unhandled.push(reason);
    process.on('unhandledRejection', listen);
    // What the cluster does (cluster.ts): subscribe on every 'ready', hearing how it ends.
    clients.subscriber.on('ready', () => {
      clients.subscriber.subscribe('fbt-test').catch(() => undefined);
    });
    try {
      await ready(clients.subscriber);
      // Answered after the handler's own SUBSCRIBE (same connection, in order).
      await clients.subscriber.subscribe('fbt-test');
      swallowSubscribe = true;
      const ended = new Promise((resolve) => clients.subscriber.once('end', resolve));
      for (const socket of sockets) socket.destroy();
      await ended;
      await sleep(200);
      expect(unhandled).toEqual([]);
    } finally {
      process.off('unhandledRejection', listen);
      clients.disconnect();
      relay.close();
    }
  });

  it('a subscriber that subscribes again on ready hears messages published after the restart', async () => {
    const clients = createRedisClients(server.url, () => undefined);
    const publisher = createRedisClients(server.url, () => undefined);
    try {
      const heard: string[] = [];
      clients.subscriber.on('message', (_channel: string, message: string) => heard.push(message));
      // What the cluster does (cluster.ts): subscribe on every 'ready'.
      clients.subscriber.on('ready', () => {
        clients.subscriber.subscribe('fbt-test').catch(() => undefined);
      });
      await ready(clients.subscriber);
      await server.kill();
      await server.start();
      // No waiting for the subscriber's 'ready': it may come while start() still waits for
      // the server, before a listener could be added. Publish until heard (reconnects are
      // at most 2 s apart).
      let published = 0;
      for (let attempt = 0; attempt < 150 && heard.length === 0; attempt++) {
        if (publisher.redis.status === 'ready') {
          published += await publisher.redis.publish('fbt-test', 'after restart');
        }
        await sleep(100);
      }
      expect(published).toBeGreaterThan(0);
      expect(heard).toContain('after restart');
    } finally {
      clients.disconnect();
      publisher.disconnect();
    }
  });
});
