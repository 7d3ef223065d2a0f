/**
 * Two BFF apps in one process sharing one real redis-server (and one in-memory world, i.e. one
 * chain): one polls, the other follows; updates and leader buys reach both apps' websocket
 * clients; Redis killed mid-run puts both in local-fallback (said by /readyz), and both recover
 * when it is back, without a restart.
 */
import type { FastifyInstance } from 'fastify';
import WebSocket from 'ws';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { startRedisServer, type RedisServer } from '@fbt/adapters/testing';
import { intervalScheduler } from '../../src/cache/scheduler';
import { createRedisClients } from '../../src/cluster/redis-clients';
import {
  addLeaderRecord,
  addTransactionTo,
  leaderBuyIn,
  leaderWallet,
  reportBody,
} from '../support/leader-fixture';
import { buildApp } from '../../src/app';
import { OPEN_SALE_RULES, type PresaleSnapshot } from '@fbt/domain';
import { createTestWorld, depsFor, presaleState, SOL, type TestWorld } from '../support/test-world';

// Long enough that a loaded test machine (event loop stalled for a moment) does not lose it.
const LEASE_TTL_MS = 2_000;
let server: RedisServer;
let world: TestWorld;
const apps: FastifyInstance[] = [];
/** Each instance's accountSubscribe callbacks (only an instance that polls has any). */
/** Chain reads each instance made. */
const chainReads = new Map<FastifyInstance, () => number>();
/** Listings of every leader record each instance made. */
const leaderListings = new Map<FastifyInstance, () => number>();
const watchers = new Map<FastifyInstance, Map<string, (snapshot: PresaleSnapshot) => void>>();
const sockets: WebSocket[] = [];

async function startInstance(instanceId: string): Promise<FastifyInstance> {
  const redis = createRedisClients(server.url, () => undefined);
  // Connected before the app starts: no start-up grace period spent polling on its own.
  await Promise.all(
    [redis.redis, redis.subscriber].map(
      (connection) => new Promise((resolve) => connection.once('ready', resolve)),
    ),
  );
  let reads = 0;
  let listings = 0;
  const own = new Map<string, (snapshot: PresaleSnapshot) => void>();
  const deps = depsFor(world, {
    clock: { now: () => Date.now() },
    scheduler: intervalScheduler,
    cluster: { instanceId, leaseTtlMs: LEASE_TTL_MS, redis },
  });
  const app = await buildApp({
    ...deps,
    presaleReader: {
      readPresaleState: (address) => {
        reads++;
        return deps.presaleReader.readPresaleState(address);
      },
      watchPresaleState: (address, onChange) => {
        own.set(address, onChange);
        return () => own.delete(address);
      },
    },
    leaderRecords: {
      ...deps.leaderRecords,
      listLeaderRecords: (presale, filter) => {
        listings++;
        return deps.leaderRecords.listLeaderRecords(presale, filter);
      },
    },
  });
  watchers.set(app, own);
  chainReads.set(app, () => reads);
  leaderListings.set(app, () => listings);
  app.addHook('onClose', () => redis.disconnect());
  await app.listen({ host: '127.0.0.1', port: 0 });
  apps.push(app);
  return app;
}

async function until(condition: () => boolean | Promise<boolean>, what: string, ms = 15_000) {
  const deadline = Date.now() + ms;
  while (!(await condition())) {
    if (Date.now() > deadline) throw new Error(`timed out waiting for: ${what}`);
    await new Promise((resolve) => setTimeout(resolve, 25));
  }
}

/** A websocket client of `app` subscribed to `topics`, collecting parsed messages. */
async function subscriber(app: FastifyInstance, topics: string[]) {
  const address = app.server.address();
  const port = typeof address === 'object' && address !== null ? address.port : 0;
  const socket = new WebSocket(`ws://127.0.0.1:${port}/api/v1/stream`);
  sockets.push(socket);
  type Message = { type: string; topic?: string; data?: unknown };
  const messages: Message[] = [];
  socket.on('message', (raw: Buffer) => messages.push(JSON.parse(raw.toString('utf8')) as Message));
  await new Promise((resolve) => socket.once('open', resolve));
  socket.send(JSON.stringify({ type: 'subscribe', topics }));
  return messages;
}

const readyz = async (app: FastifyInstance) => {
  const response = await app.inject('/readyz');
  return {
    statusCode: response.statusCode,
    ...response.json<{
      status: string;
      priceMode: string;
      cluster: { mode: string; polling: boolean; leaseHolder: boolean; instanceId: string };
      warnings: string[];
    }>(),
  };
};

const fromFollowerCode = (response: { json: () => unknown }) =>
  (response.json() as { leaders: { code: string }[] }).leaders.map((leader) => leader.code);

const roles = () =>
  apps.map((app) => app.cluster.status()).map((s) => `${s.mode}:${s.polling ? 'poll' : 'follow'}`);

let a: FastifyInstance;
let b: FastifyInstance;

beforeAll(async () => {
  server = await startRedisServer();
  world = createTestWorld();
  addLeaderRecord(world, 'beast42', leaderWallet);
  a = await startInstance('instance-a');
  b = await startInstance('instance-b');
  await until(
    () => roles().sort().join() === 'redis:follow,redis:poll',
    'one poller and one follower',
  );
});

afterAll(async () => {
  for (const socket of sockets) socket.terminate();
  for (const app of apps) await app.close();
  await server?.stop();
});

describe('two instances over one Redis', () => {
  it('one instance reads the chain; the other serves the same bytes from Redis', async () => {
    const [holder, follower] = a.cluster.status().polling ? [a, b] : [b, a];
    await until(
      () =>
        Object.values(follower.presaleCache.resources).every((r) => r.current() !== null) &&
        follower.priceCache.resource.current() !== null &&
        follower.goalsCache.json() !== null,
      'follower has every shared entry',
    );
    // Three presale reads in all (one per account), by the poller: the follower never called the chain.
    expect(chainReads.get(follower)?.()).toBe(0);
    expect(chainReads.get(holder)?.()).toBe(3);
    expect(world.rpcCalls).toBe(3);
    // Likewise Pyth (one poll) and the community counts (Telegram and X, one each).
    expect(world.price.calls).toBe(1);
    expect(world.counts.calls).toBe(2);
    for (const url of ['/api/v1/presales/public', '/api/v1/price/sol-usd', '/api/v1/goals']) {
      const fromHolder = await holder.inject(url);
      const fromFollower = await follower.inject(url);
      expect(fromFollower.statusCode).toBe(200);
      expect(fromFollower.body).toBe(fromHolder.body);
    }
    expect(await readyz(follower)).toMatchObject({
      statusCode: 200,
      status: 'ready',
      // The follower calls no price source: it serves the holder's price.
      priceMode: 'shared',
      cluster: { mode: 'redis', polling: false, leaseHolder: false },
      warnings: [],
    });
    const fromHolder = await readyz(holder);
    expect(fromHolder.cluster).toMatchObject({ mode: 'redis', leaseHolder: true });
    expect(['poll', 'stream']).toContain(fromHolder.priceMode);
    const metrics = await follower.metrics.render();
    expect(metrics).toMatch(/fbt_cluster_mode\{[^}]*mode="redis"[^}]*\} 1/);
    expect(metrics).toMatch(/fbt_cluster_mode\{[^}]*mode="local-fallback"[^}]*\} 0/);
    expect(metrics).toMatch(/fbt_cluster_polling\{[^}]*\} 0/);
  });

  it('leader lookups on the follower answer from the holder’s read of the records', async () => {
    const [holder, follower] = a.cluster.status().polling ? [a, b] : [b, a];
    await until(() => follower.leaders.resource.current() !== null, 'follower has the records');
    expect(leaderListings.get(holder)?.()).toBe(1);
    for (const url of [
      `/api/v1/leaders/by-wallet/${leaderWallet}`,
      '/api/v1/leaders/beast42',
      '/api/v1/leaderboard',
    ]) {
      const fromHolder = await holder.inject(url);
      const fromFollower = await follower.inject(url);
      expect(fromFollower.statusCode, url).toBe(200);
      expect(fromFollower.body, url).toBe(fromHolder.body);
    }
    expect(
      fromFollowerCode(await follower.inject(`/api/v1/leaders/by-wallet/${leaderWallet}`)),
    ).toEqual(['beast42']);
    expect(leaderListings.get(follower)?.()).toBe(0);
    expect(leaderListings.get(holder)?.()).toBe(1);
  });

  it('a chain push seen by the poller reaches websocket clients of both instances, once each', async () => {
    const onA = await subscriber(a, ['presale:public']);
    const onB = await subscriber(b, ['presale:public']);
    await until(() => onA.length === 1 && onB.length === 1, 'initial presale messages');
    const address = world.deployment.presales.public.address;
    const push = watchers.get(a.cluster.status().polling ? a : b)?.get(address);
    expect(push).toBeDefined();
    push?.({
      address,
      slot: 200,
      state: presaleState({ currentTotalSold: 77n * SOL }),
      rules: OPEN_SALE_RULES,
    });
    const sold = (messages: typeof onA) =>
      messages.map(
        (m) => (m.data as { state: { currentTotalSold: string } }).state.currentTotalSold,
      );
    await until(
      () => sold(onA).includes(String(77n * SOL)) && sold(onB).includes(String(77n * SOL)),
      'the push on both instances',
    );
    await new Promise((resolve) => setTimeout(resolve, 200));
    expect(sold(onA).filter((value) => value === String(77n * SOL))).toHaveLength(1);
    expect(sold(onB).filter((value) => value === String(77n * SOL))).toHaveLength(1);
  });

  it('a leader buy recorded on one instance reaches the leaderboard subscribers of the other', async () => {
    const onA = await subscriber(a, ['leaderboard']);
    await until(() => onA.length === 1, 'initial leaderboard');
    expect(onA[0]).toMatchObject({ type: 'leaderboard', data: { leaders: [] } });
    const signature = addTransactionTo(world, leaderBuyIn(world));
    const response = await b.inject({
      method: 'POST',
      url: '/api/v1/leader-reports',
      payload: reportBody(signature),
    });
    expect(response.statusCode).toBe(201);
    await until(() => onA.length === 2, 'leaderboard update on the other instance');
    expect(onA[1]).toMatchObject({
      type: 'leaderboard',
      topic: 'leaderboard',
      data: { leaders: [{ code: 'beast42', totalLamports: String(2n * SOL) }] },
    });
  });

  it('a leader buy reported to the follower makes the holder read the records once, for both', async () => {
    const [holder, follower] = a.cluster.status().polling ? [a, b] : [b, a];
    const before = leaderListings.get(holder)?.() ?? 0;
    const onHolder = await subscriber(holder, ['leaderboard']);
    await until(() => onHolder.length === 1, 'initial leaderboard');
    const signature = addTransactionTo(world, leaderBuyIn(world, { lamports: 3n * SOL }));
    const response = await follower.inject({
      method: 'POST',
      url: '/api/v1/leader-reports',
      payload: reportBody(signature, { lamports: String(3n * SOL) }),
    });
    expect(response.statusCode).toBe(201);
    // Asked through Redis, the holder read the records again; its entry reached the follower.
    await until(() => onHolder.length === 2, 'the holder’s leaderboard after its read');
    await until(
      async () =>
        (await follower.inject('/api/v1/leaders/beast42')).json<{ buys: number }>().buys === 2,
      'the follower serves the new totals',
    );
    expect(leaderListings.get(holder)?.()).toBe(before + 1);
    expect(leaderListings.get(follower)?.()).toBe(0);
  });

  it('Redis down: both fall back to their own polling (readyz says so); Redis back: recovered', async () => {
    const callsBefore = world.rpcCalls;
    await server.kill();
    try {
      await until(
        () => roles().join() === 'local-fallback:poll,local-fallback:poll',
        'both in local-fallback',
      );
      // The follower polls now too: it read the three presales itself.
      await until(() => world.rpcCalls >= callsBefore + 3, 'the follower read the chain');
      for (const app of [a, b]) {
        const ready = await readyz(app);
        expect(ready).toMatchObject({ statusCode: 200, status: 'ready' });
        expect(ready.cluster.mode).toBe('local-fallback');
        expect(ready.warnings.join()).toContain('cluster: Redis unavailable');
        expect(await app.metrics.render()).toMatch(
          /fbt_cluster_mode\{[^}]*mode="local-fallback"[^}]*\} 1/,
        );
      }
      // Requests still pass (rate limit skips its store while Redis is down).
      expect((await a.inject('/api/v1/presales/public')).statusCode).toBe(200);
    } finally {
      // Back for the next tests even when an assertion above failed.
      await server.start();
    }
    await until(
      () => roles().sort().join() === 'redis:follow,redis:poll',
      'one poller and one follower again',
    );
    const follower = a.cluster.status().polling ? b : a;
    expect(await readyz(follower)).toMatchObject({
      statusCode: 200,
      cluster: { mode: 'redis', polling: false },
      warnings: [],
    });
    // Fan-out works again: a push on the new poller reaches the follower's client.
    const onFollower = await subscriber(follower, ['presale:private']);
    await until(() => onFollower.length === 1, 'initial private presale');
    const address = world.deployment.presales.private.address;
    const poller = follower === a ? b : a;
    watchers.get(poller)?.get(address)?.({
      address,
      slot: 300,
      state: presaleState({ maxTotalBuyable: 200n * SOL, currentTotalSold: 99n * SOL }),
      rules: OPEN_SALE_RULES,
    });
    await until(() => onFollower.length === 2, 'push after recovery');
  });

  it('a stalled Redis (connected, silent) is a fallback too, not a frozen instance', async () => {
    server.stall();
    try {
      await until(
        () => roles().join() === 'local-fallback:poll,local-fallback:poll',
        'both in local-fallback while Redis is stalled',
      );
      expect((await readyz(a)).statusCode).toBe(200);
    } finally {
      server.resume();
    }
    await until(
      () => roles().sort().join() === 'redis:follow,redis:poll',
      'one poller and one follower after the stall',
    );
  });

  it('the poller closing hands the lease over at once (released, not left to expire)', async () => {
    const [holder, follower] = a.cluster.status().polling ? [a, b] : [b, a];
    const takenBefore = follower.cluster.leaseTakes();
    await holder.close();
    apps.splice(apps.indexOf(holder), 1);
    await until(() => follower.cluster.status().leaseHolder, 'the other instance takes over');
    expect(follower.cluster.status()).toMatchObject({ mode: 'redis', polling: true });
    // The hand-over is one more take, and the metrics name the new holder.
    expect(follower.cluster.leaseTakes()).toBe(takenBefore + 1);
    const text = await follower.metrics.render();
    expect(text).toMatch(/^fbt_cluster_lease_holder\{[^}]*\} 1$/m);
    expect(text).toMatch(
      new RegExp(`^fbt_cluster_lease_acquired_total\\{[^}]*\\} ${takenBefore + 1}$`, 'm'),
    );
  });
});
