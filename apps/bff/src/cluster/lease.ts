import type { Redis } from 'ioredis';

/**
 * Renews the lease only while it is still ours: a holder that paused past its TTL (and was
 * replaced) must not extend the new holder's lease.
 */
const RENEW_SCRIPT = `if redis.call('GET', KEYS[1]) == ARGV[1] then
  return redis.call('PEXPIRE', KEYS[1], ARGV[2])
end
return 0`;

/** Deletes the lease only while it is still ours. */
const RELEASE_SCRIPT = `if redis.call('GET', KEYS[1]) == ARGV[1] then
  return redis.call('DEL', KEYS[1])
end
return 0`;

/** A lease held by at most one owner at a time, expiring `ttlMs` after its last renewal. */
export interface Lease {
  readonly key: string;
  readonly owner: string;
  /**
   * Takes the lease when it is free (SET NX PX) or renews it when it is ours (compare-and-set
   * script). True when we hold it afterwards; rejects when Redis cannot be asked.
   */
  acquireOrRenew(): Promise<boolean>;
  /** Gives the lease up if it is still ours (on close), so another instance takes over at once. */
  release(): Promise<void>;
  /** Who holds it now (null: nobody). */
  holder(): Promise<string | null>;
}

/** Creates a {@link Lease} on `key` for `owner`. */
export function createLease(redis: Redis, key: string, owner: string, ttlMs: number): Lease {
  let held = false;
  const renew = async (): Promise<boolean> =>
    Number(await redis.eval(RENEW_SCRIPT, 1, key, owner, String(ttlMs))) === 1;
  return {
    key,
    owner,
    async acquireOrRenew() {
      try {
        if (held) {
          held = await renew();
          if (held) return true;
        }
        held = (await redis.set(key, owner, 'PX', ttlMs, 'NX')) === 'OK';
        // Still ours from before a transient failure (we did not see the renewal answer).
        if (!held) held = await renew();
        return held;
      } catch (error) {
        held = false;
        throw error;
      }
    },
    async release() {
      held = false;
      await redis.eval(RELEASE_SCRIPT, 1, key, owner);
    },
    holder: () => redis.get(key),
  };
}
