import type { Redis } from 'ioredis';
import type { Scheduler } from '../cache/scheduler';
import { createLease } from './lease';
import type { Replicable } from './shared-entry';

/**
 * `single`: no Redis configured, this instance does everything (today's behaviour).
 * `redis`: instances share one upstream poller (the lease holder) and fan out through Redis.
 * `local-fallback`: Redis is configured but unreachable: this instance polls on its own and its
 * websocket clients get only its own updates, until Redis answers again.
 */
export type ClusterMode = 'single' | 'redis' | 'local-fallback';

/** Every {@link ClusterMode}, for the `fbt_cluster_mode` gauge. */
export const CLUSTER_MODES: readonly ClusterMode[] = ['single', 'redis', 'local-fallback'];

/** What `/readyz` says about the cluster. */
export interface ClusterStatus {
  readonly mode: ClusterMode;
  readonly instanceId: string;
  /** This instance calls the upstreams now (lease holder, fallback or single). */
  readonly polling: boolean;
  readonly leaseHolder: boolean;
  /** Why Redis is not used now (in `local-fallback`), else null. */
  readonly redisProblem: string | null;
}

/** Upstream polling and cross-instance fan-out, shared or not. */
export interface Cluster {
  readonly instanceId: string;
  status(): ClusterStatus;
  /**
   * Runs the upstream work (`start` returns its stop) whenever this instance should poll:
   * always in `single`, while it holds the lease or Redis is down otherwise. Returns what stops
   * the coordination (and the work).
   */
  run(start: () => () => void): () => void;
  /** Sends a stream message to the other instances (this instance broadcasts it itself). */
  broadcast(topic: string, message: string): void;
  /** Called with stream messages broadcast by other instances. */
  onBroadcast(listener: (topic: string, message: string) => void): () => void;
  /** Stops, gives the lease up and closes the Redis connections. */
  close(): Promise<void>;
}

/** The cluster of one: polls always, fans out locally only. */
export function createSingleCluster(instanceId: string): Cluster {
  let stop: (() => void) | null = null;
  return {
    instanceId,
    status: () => ({
      mode: 'single',
      instanceId,
      polling: stop !== null,
      leaseHolder: false,
      redisProblem: null,
    }),
    run(start) {
      const stopWork = start();
      stop = stopWork;
      return () => {
        stopWork();
        stop = null;
      };
    },
    broadcast: () => undefined,
    onBroadcast: () => () => undefined,
    close: () => {
      stop?.();
      return Promise.resolve();
    },
  };
}

/** Options of {@link createRedisCluster}. */
export interface RedisClusterOptions {
  /** Commands (lease, shared entries, publish). */
  readonly redis: Redis;
  /** Subscriptions only (a subscribed connection takes no other command). */
  readonly subscriber: Redis;
  readonly instanceId: string;
  readonly leaseTtlMs: number;
  /** Namespace of keys and channel (one per deployment, so deployments never mix). */
  readonly prefix: string;
  readonly resources: readonly Replicable[];
  readonly scheduler: Scheduler;
  readonly clock: { now(): number };
  readonly log: {
    info(fields: object, message: string): void;
    warn(fields: object, message: string): void;
  };
}

type Role = 'holder' | 'follower' | 'fallback' | 'idle';

/** How long a starting instance waits for Redis before polling on its own. */
const STARTUP_GRACE_MS = 2_000;

/** Header of a message on the events channel: `<from>\n<kind>\n<name>\n<payload>`. */
function frame(from: string, kind: 'entry' | 'stream', name: string, payload: string): string {
  return `${from}\n${kind}\n${name}\n${payload}`;
}

function unframe(
  message: string,
): { from: string; kind: string; name: string; payload: string } | null {
  const first = message.indexOf('\n');
  const second = message.indexOf('\n', first + 1);
  const third = message.indexOf('\n', second + 1);
  if (first < 0 || second < 0 || third < 0) return null;
  return {
    from: message.slice(0, first),
    kind: message.slice(first + 1, second),
    name: message.slice(second + 1, third),
    payload: message.slice(third + 1),
  };
}

function reason(error: unknown): string {
  return error instanceof Error ? error.message.slice(0, 160) : String(error);
}

/**
 * The Redis-backed {@link Cluster}. Every `leaseTtlMs / 3` it takes or renews the upstream
 * lease: the holder runs the upstream work and writes every cached entry to Redis and publishes
 * it; the others stop their upstream work and take the entries (and broadcast them to their own
 * websocket clients). A holder that dies stops renewing: another instance takes the lease once
 * it expires. When Redis cannot be asked, every instance polls on its own (`local-fallback`)
 * until it answers again.
 */
export function createRedisCluster(options: RedisClusterOptions): Cluster {
  const { redis, subscriber, instanceId, prefix, resources } = options;
  const channel = `${prefix}events`;
  const entryKey = (name: string) => `${prefix}cache:${name}`;
  const lease = createLease(redis, `${prefix}lease:upstream`, instanceId, options.leaseTtlMs);
  const broadcastListeners = new Set<(topic: string, message: string) => void>();
  let role: Role = 'idle';
  let redisProblem: string | null = null;
  let start: (() => () => void) | null = null;
  let stopWork: (() => void) | null = null;
  let stopTicks: (() => void) | null = null;
  let ticking = false;
  let closed = false;
  /** Until then, a connection still being opened is waited for instead of falling back. */
  let startupGraceEnds = Number.POSITIVE_INFINITY;

  const startWork = () => {
    if (stopWork === null && start !== null) stopWork = start();
  };
  const stopWorkNow = () => {
    stopWork?.();
    stopWork = null;
  };

  const share = (name: string, record: string) => {
    redis
      .multi()
      .set(entryKey(name), record)
      .publish(channel, frame(instanceId, 'entry', name, record))
      .exec()
      .catch(() => undefined); // the next lease tick notices Redis is gone
  };
  for (const resource of resources) {
    resource.onEncodedEntry((record) => {
      if (role === 'holder') share(resource.name, record);
    });
  }

  /** Takes every shared entry (on becoming a follower, and after a resubscribe). */
  const syncFromRedis = async () => {
    const records = await redis.mget(...resources.map((resource) => entryKey(resource.name)));
    resources.forEach((resource, index) => {
      const record = records[index];
      if (record !== null && record !== undefined) resource.adoptEncoded(record);
    });
  };

  const become = async (next: Role, problem: string | null = null) => {
    const previous = role;
    role = next;
    redisProblem = problem;
    if (next === 'holder' || next === 'fallback') startWork();
    else stopWorkNow();
    if (previous === next) return;
    if (next === 'holder') {
      options.log.info({ instanceId, previous }, 'upstream lease taken: this instance polls');
      for (const resource of resources) {
        const record = resource.encodeCurrent(options.clock.now());
        if (record !== null) share(resource.name, record);
      }
    } else if (next === 'follower') {
      options.log.info({ instanceId, previous }, 'upstream lease held elsewhere: following');
      await syncFromRedis();
    } else if (next === 'fallback') {
      options.log.warn(
        { instanceId, reason: problem },
        'Redis unavailable: polling upstreams locally, websocket updates stay on this instance',
      );
    }
  };

  const tick = async () => {
    if (ticking || closed) return;
    ticking = true;
    try {
      if (redis.status !== 'ready') {
        // Starting up: wait for the first connection a little rather than poll needlessly.
        if (role === 'idle' && options.clock.now() < startupGraceEnds) return;
        throw new Error(`Redis connection ${redis.status}`);
      }
      const held = await lease.acquireOrRenew();
      if (closed) return;
      await become(held ? 'holder' : 'follower');
    } catch (error) {
      if (!closed) await become('fallback', reason(error)).catch(() => undefined);
    } finally {
      ticking = false;
    }
  };

  subscriber.on('message', (incoming: string, message: string) => {
    if (incoming !== channel) return;
    const parsed = unframe(message);
    if (parsed === null || parsed.from === instanceId) return;
    if (parsed.kind === 'stream') {
      for (const listener of [...broadcastListeners]) listener(parsed.name, parsed.payload);
    } else if (parsed.kind === 'entry' && role === 'follower') {
      resources.find((resource) => resource.name === parsed.name)?.adoptEncoded(parsed.payload);
    }
  });
  let subscribed = false;
  const subscribe = () => {
    if (subscribed && subscriber.status === 'ready') {
      subscriber.subscribe(channel).catch(() => undefined);
    }
  };
  // On every (re)connection: subscribe (again; harmless when ioredis already resubscribed),
  // and read back what was published meanwhile.
  subscriber.on('ready', () => {
    subscribe();
    if (role === 'follower') syncFromRedis().catch(() => undefined);
  });

  return {
    instanceId,
    status: () => ({
      mode: role === 'fallback' || role === 'idle' ? 'local-fallback' : 'redis',
      instanceId,
      polling: stopWork !== null,
      leaseHolder: role === 'holder',
      redisProblem: role === 'idle' ? 'not started' : redisProblem,
    }),
    run(work) {
      start = work;
      subscribed = true;
      subscribe();
      startupGraceEnds = options.clock.now() + STARTUP_GRACE_MS;
      if (redis.status === 'ready') void tick();
      else redis.once('ready', () => void tick());
      const every = Math.max(Math.floor(options.leaseTtlMs / 3), 100);
      stopTicks = options.scheduler.every(every, () => void tick());
      return () => {
        stopTicks?.();
        stopTicks = null;
        stopWorkNow();
        start = null;
      };
    },
    broadcast(topic, message) {
      if (role === 'fallback' || role === 'idle') return;
      redis.publish(channel, frame(instanceId, 'stream', topic, message)).catch(() => undefined);
    },
    onBroadcast(listener) {
      broadcastListeners.add(listener);
      return () => broadcastListeners.delete(listener);
    },
    async close() {
      if (closed) return;
      closed = true;
      stopTicks?.();
      stopWorkNow();
      if (role === 'holder') await lease.release().catch(() => undefined);
      role = 'idle';
      // quit() waits for pending replies; a connection that is down may never give them.
      await Promise.race([
        Promise.allSettled([redis.quit(), subscriber.quit()]),
        new Promise((resolve) => setTimeout(resolve, 1_000).unref()),
      ]);
      redis.disconnect();
      subscriber.disconnect();
    },
  };
}
