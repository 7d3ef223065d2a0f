/** The global rate limit counted once for all instances (Redis store), and Redis down lets visitors through. */
import type { FastifyInstance } from 'fastify';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { startRedisServer, type RedisServer } from '@fbt/adapters/testing';
import { buildApp } from '../../src/app';
import { intervalScheduler } from '../../src/cache/scheduler';
import { createRedisClients } from '../../src/cluster/redis-clients';
import { createTestWorld, depsFor, TEST_SETTINGS } from '../support/test-world';

const LIMIT = 6;
let server: RedisServer;
const apps: FastifyInstance[] = [];

beforeAll(async () => {
  server = await startRedisServer();
  const world = createTestWorld();
  for (const instanceId of ['rl-a', 'rl-b']) {
    const redis = createRedisClients(server.url, () => undefined);
    const app = await buildApp(
      depsFor(world, {
        settings: { ...TEST_SETTINGS, rateLimitMax: LIMIT },
        clock: { now: () => Date.now() },
        scheduler: intervalScheduler,
        cluster: { instanceId, leaseTtlMs: 1_000, redis },
      }),
    );
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
});

const get = (app: FastifyInstance, ip: string) =>
  app.inject({ url: '/api/v1/config', remoteAddress: ip });

describe('rate limit over two instances', () => {
  it('one visitor spreading requests over both instances gets one budget, not two', async () => {
    const [a, b] = apps as [FastifyInstance, FastifyInstance];
    const statuses: number[] = [];
    for (let i = 0; i < LIMIT; i++)
      statuses.push((await get(i % 2 === 0 ? a : b, '10.0.0.1')).statusCode);
    expect(statuses).toEqual(Array.from({ length: LIMIT }, () => 200));
    const over = await get(b, '10.0.0.1');
    expect(over.statusCode).toBe(429);
    expect((await get(a, '10.0.0.1')).statusCode).toBe(429);
    // Another visitor has its own budget.
    expect((await get(a, '10.0.0.2')).statusCode).toBe(200);
  });

  it('Redis down: requests are let through (skipOnError), not refused', async () => {
    await server.kill();
    const [a] = apps as [FastifyInstance];
    for (let i = 0; i < LIMIT + 2; i++) expect((await get(a, '10.0.0.3')).statusCode).toBe(200);
    await server.start();
  });
});
