/**
 * The server side of bench/ws-fanout.ts, run in its own process: the BFF app (its stream hub)
 * or a naive `@fastify/websocket` send loop, on a free loopback port; alone, or as instance A
 * or B of two joined through Redis. Talks to the parent over IPC: `listening`, `memory` (after
 * a full GC), `published` (A: when the change arrived, on the clock every process shares) and
 * `sent` (each broadcast: when its send loop ended, its duration and its CPU time, in all and
 * in the kernel).
 *
 * A round's change is the presale account changing on chain: the app gets it as a chain
 * push into its presale cache (as `accountSubscribe` delivers it), which publishes it to the
 * hub and, through Redis, to the other instance; the naive server gets the same presale
 * message, already serialized.
 */
import { execSync } from 'node:child_process';
import type { AddressInfo } from 'node:net';
import { setFlagsFromString } from 'node:v8';
import { runInNewContext } from 'node:vm';
import fastifyWebsocket from '@fastify/websocket';
import { buildApp } from '@fbt/bff';
import { TEST_SETTINGS, createTestWorld, depsFor, type TestWorld } from '@fbt/bff/testing';
import type { Deployment } from '@fbt/domain';
import Fastify, { type FastifyInstance } from 'fastify';
import { intervalScheduler } from '../apps/bff/src/cache/scheduler';
import { createRedisClients, type RedisClients } from '../apps/bff/src/cluster/redis-clients';

export type ServerMode = 'app' | 'naive';

/** Where a server stands: alone, or instance A (gets the changes) or B of two through Redis. */
export interface Placement {
  readonly redisUrl: string | null;
  readonly instance: 'a' | 'b';
  /** B joins A's deployment (the Redis keys and channel are named after its program id). */
  readonly deployment: Deployment | null;
}

/** The naive instances' Redis channel. */
const NAIVE_CHANNEL = 'ws-fanout';

setFlagsFromString('--expose-gc');
const gc = runInNewContext('gc') as () => void;
const now = () => performance.timeOrigin + performance.now();
const send = (message: Record<string, unknown>) => process.send?.(message);

function memory(): { heap: number; rss: number } {
  for (let i = 0; i < 3; i++) gc();
  const usage = process.memoryUsage();
  return { heap: usage.heapUsed, rss: usage.rss };
}

/** Times one send loop (wall and CPU) and tells the parent. */
function timed(loop: () => void): void {
  const started = now();
  const cpu = process.cpuUsage();
  loop();
  const used = process.cpuUsage(cpu);
  const ended = now();
  send({
    kind: 'sent',
    ended,
    loopMs: ended - started,
    cpuMs: (used.user + used.system) / 1000,
    kernelMs: used.system / 1000,
  });
}

/** A test world (in-memory chain); B's takes A's deployment. */
function worldFor(deployment: Deployment | null): TestWorld {
  const world = createTestWorld();
  if (deployment === null) return world;
  const presales = [...world.presales.values()];
  world.presales.clear();
  for (const [index, variant] of (['public', 'private', 'leader'] as const).entries()) {
    const address = deployment.presales[variant].address;
    const snapshot = presales[index];
    if (snapshot !== undefined) world.presales.set(address, { ...snapshot, address });
  }
  world.deployment = deployment;
  return world;
}

/** Both Redis connections, once connected (no start-up grace spent polling alone). */
async function connectedRedis(url: string): Promise<RedisClients> {
  const redis = createRedisClients(url, () => undefined);
  await Promise.all(
    [redis.redis, redis.subscriber].map(
      (connection) => new Promise((resolve) => connection.once('ready', resolve)),
    ),
  );
  return redis;
}

interface Server {
  readonly app: FastifyInstance;
  readonly deployment: Deployment | null;
  /** A round's change arrives (instance A or alone). */
  change(round: number): void;
}

async function appServer(placement: Placement): Promise<Server> {
  const world = worldFor(placement.deployment);
  const redis = placement.redisUrl === null ? null : await connectedRedis(placement.redisUrl);
  const settings = {
    ...TEST_SETTINGS,
    streamMaxClients: 1_000_000,
    streamMaxClientsPerAddress: 1_000_000,
    streamHeartbeatMs: 600_000,
  };
  const app = await buildApp(
    depsFor(
      world,
      redis === null
        ? { settings }
        : {
            settings,
            clock: { now: () => Date.now() },
            scheduler: intervalScheduler,
            cluster: { instanceId: `instance-${placement.instance}`, leaseTtlMs: 2_000, redis },
          },
    ),
  );
  if (redis !== null) app.addHook('onClose', () => redis.disconnect());
  // The hub is one object and the caches call this property: every presale broadcast is timed
  // (the other topics change on their own schedule and are not measured).
  const hub = app.streamHub;
  const publish = hub.publish.bind(hub);
  hub.publish = (topic, message) => {
    if (topic === 'presale:public') timed(() => publish(topic, message));
    else publish(topic, message);
  };
  const address = world.deployment.presales.public.address;
  return {
    app,
    deployment: world.deployment,
    change(round) {
      const snapshot = world.presales.get(address);
      const watcher = world.watchers.get(address);
      if (snapshot === undefined || watcher === undefined) throw new Error('no presale watch');
      // Same digit count every round: every message has the same size.
      const changed = {
        ...snapshot,
        slot: 1_000_000 + round,
        state: { ...snapshot.state, currentTotalSold: 1_000_000_000_000n + BigInt(round) },
      };
      world.presales.set(address, changed);
      watcher(changed);
    },
  };
}

interface NaiveSocket {
  on(event: 'message' | 'close', listener: () => void): void;
  send(data: string): void;
}

/** What a first websocket server looks like: a Set of sockets, a send loop, Redis pub/sub. */
async function naiveServer(placement: Placement): Promise<Server> {
  const world = createTestWorld();
  const json =
    (await (await buildApp(depsFor(world))).inject('/api/v1/presales/public')).body || '{}';
  const message = (round: number) => {
    // A fresh message each round (as a chain change is), the same size every time.
    const fetchedAt = new Date(Date.UTC(2026, 10, 21) + round).toISOString();
    const data = json.replace(/"fetchedAt":"[^"]*"/, `"fetchedAt":"${fetchedAt}"`);
    return `{"type":"presale","topic":"presale:public","data":${data}}`;
  };
  const app = Fastify();
  const subscribers = new Set<NaiveSocket>();
  await app.register(fastifyWebsocket);
  app.get('/api/v1/stream', { websocket: true }, (connection: unknown) => {
    // @fastify/websocket's own ws copy has no types here; this is all the loop uses of it.
    const socket = connection as NaiveSocket;
    socket.on('message', () => {
      subscribers.add(socket);
      socket.send(message(0));
    });
    socket.on('close', () => subscribers.delete(socket));
  });
  const loop = (text: string) =>
    timed(() => {
      for (const socket of subscribers) socket.send(text);
    });
  const redis = placement.redisUrl === null ? null : await connectedRedis(placement.redisUrl);
  if (redis !== null) {
    app.addHook('onClose', () => redis.disconnect());
    if (placement.instance === 'b') {
      await redis.subscriber.subscribe(NAIVE_CHANNEL);
      redis.subscriber.on('message', (_channel: string, text: string) => loop(text));
    }
  }
  return {
    app,
    deployment: null,
    change(round) {
      const text = message(round);
      redis?.redis.publish(NAIVE_CHANNEL, text).catch(() => undefined);
      loop(text);
    },
  };
}

/** Waits until instance A holds the upstream lease or B follows it. */
async function settled(app: FastifyInstance, placement: Placement): Promise<void> {
  if (placement.redisUrl === null) return;
  for (let i = 0; i < 300; i++) {
    const status = app.cluster.status();
    if (status.mode === 'redis' && status.leaseHolder === (placement.instance === 'a')) return;
    await new Promise((resolve) => setTimeout(resolve, 50));
  }
  throw new Error(
    `instance ${placement.instance} did not settle: ${JSON.stringify(app.cluster.status())}`,
  );
}

export async function runServer(mode: ServerMode, placement: Placement): Promise<void> {
  const server = mode === 'app' ? await appServer(placement) : await naiveServer(placement);
  await server.app.listen({ host: '127.0.0.1', port: 0 });
  if (mode === 'app') await settled(server.app, placement);
  const { port } = server.app.server.address() as AddressInfo;
  const openFiles = Number(execSync('ulimit -n', { shell: '/bin/sh' }).toString().trim());
  send({ kind: 'listening', port, openFiles, deployment: server.deployment });
  send({ kind: 'memory', ...memory() });
  process.on('message', (message: { kind: string; round?: number }) => {
    if (message.kind === 'measure-memory') send({ kind: 'memory', ...memory() });
    if (message.kind === 'publish') {
      const at = now();
      server.change(message.round ?? 0);
      send({ kind: 'published', at });
    }
  });
}
