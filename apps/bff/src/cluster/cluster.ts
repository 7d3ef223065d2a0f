import type { Redis } from 'ioredis';
import type { Scheduler } from '../cache/scheduler';
import { createEntrySync, type EntrySync } from './entry-sync';
import { frame, unframe } from './events-channel';
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
  /** How many times this instance took the upstream lease since it started (0 when alone). */
  leaseTakes(): number;
  /**
   * Runs the upstream work (`start` returns its stop) whenever this instance should poll:
   * always in `single`, while it holds the lease or Redis is down otherwise. Returns what stops
   * the coordination (and the work).
   */
  run(start: () => () => void): () => void;
  /**
   * Asks the instance that polls to read topic `name` again (sent only by a follower: an
   * instance that polls reads itself).
   */
  requestRefresh(name: string): void;
  /** Called, on the lease holder, with each topic another instance asked it to read again. */
  onRefreshRequest(listener: (name: string) => void): () => void;
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
    leaseTakes: () => 0,
    run(start) {
      const stopWork = start();
      stop = stopWork;
      return () => {
        stopWork();
        stop = null;
      };
    },
    requestRefresh: () => undefined,
    onRefreshRequest: () => () => undefined,
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

function reason(error: unknown): string {
  return error instanceof Error ? error.message.slice(0, 160) : String(error);
}

/** This instance's role and the upstream work it implies. */
interface Roles {
  readonly role: () => Role;
  readonly redisProblem: () => string | null;
  /** Times this instance became the lease holder. */
  readonly takes: () => number;
  /** The upstream work runs now (holder or fallback). */
  readonly polling: () => boolean;
  /** The work to run while polling (`null`: none any more, and what runs is stopped). */
  setWork(start: (() => () => void) | null): void;
  /** Takes `next` (with why Redis is not used, in fallback): starts or stops the work. */
  become(next: Role, problem?: string | null): Promise<void>;
}

/**
 * The role switch: a holder or an instance in fallback runs the upstream work, a follower or
 * an idle one does not. Taking the lease shares every entry at once; becoming a follower reads
 * every entry back first. Each change of role is logged once.
 */
function createRoles(
  instanceId: string,
  entries: EntrySync,
  options: Pick<RedisClusterOptions, 'clock' | 'log'>,
): Roles {
  let role: Role = 'idle';
  let redisProblem: string | null = null;
  let takes = 0;
  let start: (() => () => void) | null = null;
  let stopWork: (() => void) | null = null;
  const stopWorkNow = () => {
    stopWork?.();
    stopWork = null;
  };
  return {
    role: () => role,
    redisProblem: () => redisProblem,
    takes: () => takes,
    polling: () => stopWork !== null,
    setWork(work) {
      start = work;
      if (work === null) stopWorkNow();
    },
    async become(next, problem = null) {
      const previous = role;
      role = next;
      redisProblem = problem;
      if (next === 'holder' || next === 'fallback') {
        if (stopWork === null && start !== null) stopWork = start();
      } else stopWorkNow();
      if (previous === next) return;
      if (next === 'holder') {
        takes++;
        options.log.info({ instanceId, previous }, 'upstream lease taken: this instance polls');
        entries.shareAll(options.clock.now());
      } else if (next === 'follower') {
        options.log.info({ instanceId, previous }, 'upstream lease held elsewhere: following');
        await entries.syncFromRedis();
      } else if (next === 'fallback') {
        options.log.warn(
          { instanceId, reason: problem },
          'Redis unavailable: polling upstreams locally, websocket updates stay on this instance',
        );
      }
    },
  };
}

/** What the events channel brings from the other instances. */
interface ChannelHandlers {
  /** Another instance asks for topic `name` to be read again. */
  onRefresh(name: string): void;
  /** A cached entry shared by the lease holder. */
  onEntry(name: string, record: string): void;
  /** The subscriber connection is (again) ready. */
  onReady(): void;
}

/**
 * Listens to the events channel: messages of other instances go to `handlers` (this
 * instance's own are ignored). Returns what subscribes, once asked to and on every
 * (re)connection (harmless when ioredis already resubscribed).
 */
function listenToChannel(
  subscriber: Redis,
  channel: string,
  instanceId: string,
  handlers: ChannelHandlers,
): () => void {
  subscriber.on('message', (incoming: string, message: string) => {
    if (incoming !== channel) return;
    const parsed = unframe(message);
    if (parsed === null || parsed.from === instanceId) return;
    if (parsed.kind === 'refresh') handlers.onRefresh(parsed.name);
    else if (parsed.kind === 'entry') handlers.onEntry(parsed.name, parsed.payload);
  });
  let subscribed = false;
  const subscribe = () => {
    if (subscribed && subscriber.status === 'ready') {
      subscriber.subscribe(channel).catch(() => undefined);
    }
  };
  subscriber.on('ready', () => {
    subscribe();
    handlers.onReady();
  });
  return () => {
    subscribed = true;
    subscribe();
  };
}

/**
 * The Redis-backed {@link Cluster}. Every `leaseTtlMs / 3` it takes or renews the upstream
 * lease: the holder runs the upstream work and writes every cached entry to Redis and publishes
 * it; the others stop their upstream work and take the entries (and send them to their own
 * websocket clients), and ask the holder on the same channel when a topic should be read again. A holder that dies stops renewing: another instance takes the lease once
 * it expires. When Redis cannot be asked, every instance polls on its own (`local-fallback`)
 * until it answers again.
 */
export function createRedisCluster(options: RedisClusterOptions): Cluster {
  const { redis, subscriber, instanceId, prefix } = options;
  const channel = `${prefix}events`;
  const lease = createLease(redis, `${prefix}lease:upstream`, instanceId, options.leaseTtlMs);
  const refreshListeners = new Set<(name: string) => void>();
  const entries = createEntrySync({
    redis,
    instanceId,
    prefix,
    channel,
    resources: options.resources,
    holding: () => roles.role() === 'holder',
  });
  const roles = createRoles(instanceId, entries, options);
  let stopTicks: (() => void) | null = null;
  let ticking = false;
  let closed = false;
  /** Until then, a connection still being opened is waited for instead of falling back. */
  let startupGraceEnds = Number.POSITIVE_INFINITY;

  const tick = async () => {
    if (ticking || closed) return;
    ticking = true;
    try {
      if (redis.status !== 'ready') {
        // Starting up: wait for the first connection a little rather than poll needlessly.
        if (roles.role() === 'idle' && options.clock.now() < startupGraceEnds) return;
        throw new Error(`Redis connection ${redis.status}`);
      }
      const held = await lease.acquireOrRenew();
      if (closed) return;
      await roles.become(held ? 'holder' : 'follower');
    } catch (error) {
      if (!closed) await roles.become('fallback', reason(error)).catch(() => undefined);
    } finally {
      ticking = false;
    }
  };

  const subscribe = listenToChannel(subscriber, channel, instanceId, {
    onRefresh: (name) => {
      if (roles.role() !== 'holder') return;
      for (const listener of [...refreshListeners]) listener(name);
    },
    onEntry: (name, record) => {
      if (roles.role() === 'follower') entries.adopt(name, record);
    },
    // Read back what was published while the subscription was down.
    onReady: () => {
      if (roles.role() === 'follower') entries.syncFromRedis().catch(() => undefined);
    },
  });

  return {
    instanceId,
    status: () => {
      const role = roles.role();
      return {
        mode: role === 'fallback' || role === 'idle' ? 'local-fallback' : 'redis',
        instanceId,
        polling: roles.polling(),
        leaseHolder: role === 'holder',
        redisProblem: role === 'idle' ? 'not started' : roles.redisProblem(),
      };
    },
    leaseTakes: roles.takes,
    run(work) {
      roles.setWork(work);
      subscribe();
      startupGraceEnds = options.clock.now() + STARTUP_GRACE_MS;
      if (redis.status === 'ready') void tick();
      else redis.once('ready', () => void tick());
      const every = Math.max(Math.floor(options.leaseTtlMs / 3), 100);
      stopTicks = options.scheduler.every(every, () => void tick());
      return () => {
        stopTicks?.();
        stopTicks = null;
        roles.setWork(null);
      };
    },
    requestRefresh(name) {
      if (roles.role() !== 'follower') return;
      redis.publish(channel, frame(instanceId, 'refresh', name, '')).catch(() => undefined);
    },
    onRefreshRequest(listener) {
      refreshListeners.add(listener);
      return () => refreshListeners.delete(listener);
    },
    async close() {
      if (closed) return;
      closed = true;
      stopTicks?.();
      const holder = roles.role() === 'holder';
      roles.setWork(null);
      if (holder) await lease.release().catch(() => undefined);
      await roles.become('idle');
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
