import { createRequire } from 'node:module';
import type { FastifyReply, FastifyRequest, HookHandlerDoneFunction } from 'fastify';
import { clientKey } from './client-key';

/** A client's count in the current window, as `@fastify/rate-limit`'s stores report it. */
interface WindowCount {
  readonly current: number;
  /** Milliseconds until the window ends. */
  readonly ttl: number;
}

/** `@fastify/rate-limit`'s in-process store (an LRU of 5,000 clients, fixed windows). */
interface LocalStore {
  incr(
    key: string,
    callback: (error: Error | null, count: WindowCount) => void,
    timeWindowMs: number,
    max: number,
  ): void;
}

/** The store `@fastify/rate-limit` counts in without Redis (resolved from it, so the same copy). */
const LocalStore = createRequire(createRequire(import.meta.url).resolve('@fastify/rate-limit'))(
  './store/LocalStore',
) as new (continueExceeding: boolean, exponentialBackoff: boolean) => LocalStore;

type OnRequestHook = (
  request: FastifyRequest,
  reply: FastifyReply,
  done: HookHandlerDoneFunction,
) => void;

/**
 * The global per-client limit as one synchronous `onRequest` hook, counted in
 * `@fastify/rate-limit`'s own in-process store with the same answer: `x-ratelimit-limit`,
 * `-remaining` and `-reset` on every answer, and over the limit `retry-after` and a 429 (which
 * the error handler words as `RATE_LIMITED`). The plugin's hook is an async function that awaits
 * the key, the store and the route's options, so every request of the app finished in later
 * microtasks; this store answers at once, so nothing needs to wait. Used only without Redis: a
 * shared count is a round trip anyway, and the plugin makes it.
 */
export function globalRateLimitHook(max: number, timeWindowMs: number): OnRequestHook {
  const store = new LocalStore(false, false);
  return function globalRateLimit(request, reply, done) {
    let count: WindowCount = { current: 0, ttl: timeWindowMs };
    store.incr(clientKey(request), (_error, counted) => (count = counted), timeWindowMs, max);
    const resetSeconds = Math.ceil(count.ttl / 1000);
    void reply.header('x-ratelimit-limit', max);
    if (count.current <= max) {
      void reply.header('x-ratelimit-remaining', max - count.current);
      void reply.header('x-ratelimit-reset', resetSeconds);
      done();
      return;
    }
    void reply.header('x-ratelimit-remaining', 0);
    void reply.header('x-ratelimit-reset', resetSeconds);
    void reply.header('retry-after', resetSeconds);
    done(
      Object.assign(new Error(`Rate limit exceeded, retry in ${resetSeconds} s`), {
        statusCode: 429,
      }),
    );
  };
}
