import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { startRedisServer, type RedisServer } from '@fbt/adapters/testing';
import { createLease } from '../../src/cluster/lease';
import { createRedisClients, type RedisClients } from '../../src/cluster/redis-clients';

let server: RedisServer;
let clients: RedisClients;

beforeAll(async () => {
  server = await startRedisServer();
  clients = createRedisClients(server.url, () => undefined);
  await new Promise((resolve) => clients.redis.once('ready', resolve));
});

afterAll(async () => {
  clients?.disconnect();
  await server?.stop();
});

const sleep = (ms: number) => new Promise((resolve) => setTimeout(resolve, ms));

describe('upstream lease (real redis-server)', () => {
  it('one owner at a time; renewed by its owner only; taken over once the holder stops renewing', async () => {
    const key = `lease:${Math.random()}`;
    const a = createLease(clients.redis, key, 'a', 300);
    const b = createLease(clients.redis, key, 'b', 300);
    expect(await a.acquireOrRenew()).toBe(true);
    expect(await b.acquireOrRenew()).toBe(false);
    expect(await a.holder()).toBe('a');
    // Renewals keep it past its TTL.
    for (let i = 0; i < 4; i++) {
      await sleep(120);
      expect(await a.acquireOrRenew()).toBe(true);
      expect(await b.acquireOrRenew()).toBe(false);
    }
    // a stops renewing (paused or dead): the key expires and b takes it.
    let takenAfter = 0;
    while (!(await b.acquireOrRenew())) {
      takenAfter++;
      await sleep(50);
      expect(takenAfter).toBeLessThan(40);
    }
    expect(await b.holder()).toBe('b');
    // a comes back: its compare-and-set renewal must not extend b's lease or take it.
    expect(await a.acquireOrRenew()).toBe(false);
    await a.release();
    expect(await b.holder()).toBe('b');
    // b gives it up on close: free at once.
    await b.release();
    expect(await a.holder()).toBeNull();
    expect(await a.acquireOrRenew()).toBe(true);
  });

  it('a holder that missed a renewal answer keeps its own lease (no self-lockout)', async () => {
    const key = `lease:${Math.random()}`;
    const first = createLease(clients.redis, key, 'same-owner', 5_000);
    const restarted = createLease(clients.redis, key, 'same-owner', 5_000);
    expect(await first.acquireOrRenew()).toBe(true);
    expect(await restarted.acquireOrRenew()).toBe(true);
    expect(Number(await clients.redis.pttl(key))).toBeGreaterThan(4_000);
  });

  it('rejects (does not hang) while Redis is down, and works again once it is back', async () => {
    const key = `lease:${Math.random()}`;
    const lease = createLease(clients.redis, key, 'a', 1_000);
    await server.kill();
    await expect(lease.acquireOrRenew()).rejects.toThrow();
    await server.start();
    const deadline = Date.now() + 10_000;
    while (clients.redis.status !== 'ready' && Date.now() < deadline) await sleep(50);
    expect(await lease.acquireOrRenew()).toBe(true);
  });
});
