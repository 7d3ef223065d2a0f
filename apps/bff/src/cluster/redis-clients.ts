import { Redis } from 'ioredis';

/** The two connections an instance keeps to Redis. */
export interface RedisClients {
  /** Commands: the lease, shared entries, publishing, the rate-limit store. */
  readonly redis: Redis;
  /** Subscriptions (a subscribed connection takes no other command). */
  readonly subscriber: Redis;
  /** Closes both at once (no waiting for replies); safe to call twice. */
  disconnect(): void;
}

/** A command unanswered this long fails (a stalled server must not freeze the lease loop). */
const COMMAND_TIMEOUT_MS = 2_000;

/** Longest wait between two reconnect attempts while Redis is down. */
const MAX_RECONNECT_DELAY_MS = 2_000;

/**
 * Opens the connections for `url` without waiting for them: an instance starts (and serves, in
 * `local-fallback`) while Redis is down, and ioredis reconnects every ≤ 2 s in the background.
 * Commands fail at once while disconnected (no offline queue, one retry) and after 2 s when
 * the server does not answer, so neither a lease renewal nor a rate-limit check waits long. The
 * subscriber keeps its queue, so a SUBSCRIBE goes out when the connection comes; after a
 * reconnect its owner subscribes again on 'ready'.
 * `onError` hears every connection error (the caller decides how often to log).
 */
export function createRedisClients(url: string, onError: (error: Error) => void): RedisClients {
  const common = {
    connectTimeout: 2_000,
    retryStrategy: (times: number) => Math.min(times * 200, MAX_RECONNECT_DELAY_MS),
    connectionName: 'fbt-bff',
  };
  const redis = new Redis(url, {
    ...common,
    enableOfflineQueue: false,
    maxRetriesPerRequest: 1,
    commandTimeout: COMMAND_TIMEOUT_MS,
  });
  // No auto-resubscribe: ioredis sends that SUBSCRIBE with nobody listening for its failure,
  // so a close before Redis answers it (a restart, then shutdown) was an unhandled rejection.
  // The cluster subscribes again itself on every 'ready' (see cluster.ts).
  const subscriber = new Redis(url, {
    ...common,
    maxRetriesPerRequest: null,
    autoResubscribe: false,
  });
  redis.on('error', onError);
  subscriber.on('error', onError);
  return {
    redis,
    subscriber,
    disconnect() {
      redis.disconnect();
      subscriber.disconnect();
    },
  };
}
