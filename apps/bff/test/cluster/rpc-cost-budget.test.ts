/**
 * The `/rpc` cost budget counted once for all instances (Redis), and Redis down falls back to
 * each instance's own budget (the paid RPC stays protected, visitors are not refused for it).
 */
import { createServer, type Server } from 'node:http';
import type { AddressInfo } from 'node:net';
import type { FastifyInstance } from 'fastify';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { startRedisServer, type RedisServer } from '@fbt/adapters/testing';
import { buildApp } from '../../src/app';
import { intervalScheduler } from '../../src/cache/scheduler';
import { createRedisClients } from '../../src/cluster/redis-clients';
import { createTestWorld, depsFor, TEST_SETTINGS } from '../support/test-world';

/** Budget a minute: 100 account reads. */
const BUDGET = 100;
let server: RedisServer;
let upstream: Server;
let forwarded = 0;
const apps: FastifyInstance[] = [];
const clients: ReturnType<typeof createRedisClients>[] = [];

beforeAll(async () => {
  upstream = createServer((req, res) => {
    req.resume();
    req.on('end', () => {
      forwarded++;
      res.writeHead(200, { 'content-type': 'application/json' });
      res.end(JSON.stringify({ jsonrpc: '2.0', id: 1, result: { value: [] } }));
    });
  });
  await new Promise<void>((resolve) => upstream.listen(0, '127.0.0.1', resolve));
  const upstreamUrl = `http://127.0.0.1:${(upstream.address() as AddressInfo).port}/`;
  server = await startRedisServer();
  const world = createTestWorld();
  for (const instanceId of ['cost-a', 'cost-b']) {
    const redis = createRedisClients(server.url, () => undefined);
    const app = await buildApp(
      depsFor(world, {
        rpcUpstreamUrl: upstreamUrl,
        settings: { ...TEST_SETTINGS, rpcCostBudgetPerMinute: BUDGET, rpcRateLimitMax: 10_000 },
        clock: { now: () => Date.now() },
        scheduler: intervalScheduler,
        cluster: { instanceId, leaseTtlMs: 1_000, redis },
      }),
    );
    clients.push(redis);
    app.addHook('onClose', () => redis.disconnect());
    await app.ready();
    await new Promise<void>((resolve) => {
      if (redis.redis.status === 'ready') resolve();
      else redis.redis.once('ready', () => resolve());
    });
    apps.push(app);
  }
});

afterAll(async () => {
  for (const app of apps) await app.close();
  await server?.stop();
  await new Promise((resolve) => upstream?.close(resolve));
});

/** One getMultipleAccounts of `keys` accounts (costs `keys` units) from `ip`. */
const read = (app: FastifyInstance, ip: string, keys: number) =>
  app.inject({
    method: 'POST',
    url: '/rpc',
    remoteAddress: ip,
    headers: { 'content-type': 'application/json' },
    payload: JSON.stringify({
      jsonrpc: '2.0',
      id: 1,
      method: 'getMultipleAccounts',
      params: [Array.from({ length: keys }, (_, i) => `Key${i}`)],
    }),
  });

describe('/rpc cost budget over two instances', () => {
  it('a client spreading reads over both instances spends one budget, not two', async () => {
    const [a, b] = apps as [FastifyInstance, FastifyInstance];
    forwarded = 0;
    // 4 x 25 reads alternating instances: exactly the budget.
    for (let i = 0; i < 4; i++)
      expect((await read(i % 2 === 0 ? a : b, '10.1.0.1', 25)).statusCode).toBe(200);
    const overOnB = await read(b, '10.1.0.1', 1);
    expect(overOnB.statusCode).toBe(429);
    expect(Number(overOnB.headers['retry-after'])).toBeGreaterThan(0);
    expect(Number(overOnB.headers['retry-after'])).toBeLessThanOrEqual(60);
    expect((await read(a, '10.1.0.1', 1)).statusCode).toBe(429);
    expect(forwarded).toBe(4);
    // Another client has its own budget.
    expect((await read(a, '10.1.0.2', 100)).statusCode).toBe(200);
  });

  it('concurrent spends on both instances never pass the budget together', async () => {
    const [a, b] = apps as [FastifyInstance, FastifyInstance];
    forwarded = 0;
    // 20 requests of 10 units at once, half on each instance: 10 fit, 10 are refused.
    const answers = await Promise.all(
      Array.from({ length: 20 }, (_, i) => read(i % 2 === 0 ? a : b, '10.1.0.3', 10)),
    );
    const statuses = answers.map((answer) => answer.statusCode).sort();
    expect(statuses.filter((status) => status === 200)).toHaveLength(10);
    expect(statuses.filter((status) => status === 429)).toHaveLength(10);
    expect(forwarded).toBe(10);
  });

  it('Redis down: each instance counts in its own memory (still bounded), then shares again', async () => {
    const [a, b] = apps as [FastifyInstance, FastifyInstance];
    await server.kill();
    forwarded = 0;
    // Each instance now grants its own budget of 100: 100 on A, then A refuses.
    expect((await read(a, '10.1.0.4', 100)).statusCode).toBe(200);
    expect((await read(a, '10.1.0.4', 1)).statusCode).toBe(429);
    expect((await read(b, '10.1.0.4', 100)).statusCode).toBe(200);
    expect((await read(b, '10.1.0.4', 1)).statusCode).toBe(429);
    expect(forwarded).toBe(2);
    await server.start();
    // Back on Redis (both command connections reconnected): shared again.
    await expect
      .poll(() => clients.every((client) => client.redis.status === 'ready'), { timeout: 15_000 })
      .toBe(true);
    expect((await read(a, '10.1.0.5', 60)).statusCode).toBe(200);
    expect((await read(b, '10.1.0.5', 60)).statusCode).toBe(429);
  });
});
