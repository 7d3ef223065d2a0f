import type { Redis } from 'ioredis';
import { frame } from './events-channel';
import type { Replicable } from './shared-entry';

/** Options of {@link createEntrySync}. */
export interface EntrySyncOptions {
  readonly redis: Redis;
  readonly instanceId: string;
  /** Namespace of the keys (`<prefix>cache:<name>`). */
  readonly prefix: string;
  readonly channel: string;
  readonly resources: readonly Replicable[];
  /** Whether this instance holds the upstream lease now (only the holder shares). */
  readonly holding: () => boolean;
}

/** The lease holder's cached entries in Redis: written by the holder, taken by the others. */
export interface EntrySync {
  /** Shares every current entry (on taking the lease). */
  shareAll(writtenAt: number): void;
  /** Takes every stored entry (a new follower, and a follower whose subscription came back). */
  syncFromRedis(): Promise<void>;
  /** Takes one entry published by the holder. */
  adopt(name: string, record: string): void;
}

/**
 * Creates the {@link EntrySync}: while this instance holds the lease, every new entry of every
 * resource is written to `<prefix>cache:<name>` and published on the channel in one
 * transaction; a write that fails is left to the next lease tick, which notices Redis is gone.
 */
export function createEntrySync(options: EntrySyncOptions): EntrySync {
  const { redis, resources, channel } = options;
  const entryKey = (name: string) => `${options.prefix}cache:${name}`;
  const share = (name: string, record: string) => {
    redis
      .multi()
      .set(entryKey(name), record)
      .publish(channel, frame(options.instanceId, 'entry', name, record))
      .exec()
      .catch(() => undefined); // the next lease tick notices Redis is gone
  };
  for (const resource of resources) {
    resource.onEncodedEntry((record) => {
      if (options.holding()) share(resource.name, record);
    });
  }
  return {
    shareAll(writtenAt) {
      for (const resource of resources) {
        const record = resource.encodeCurrent(writtenAt);
        if (record !== null) share(resource.name, record);
      }
    },
    async syncFromRedis() {
      const records = await redis.mget(...resources.map((resource) => entryKey(resource.name)));
      resources.forEach((resource, index) => {
        const record = records[index];
        if (record !== null && record !== undefined) resource.adoptEncoded(record);
      });
    },
    adopt(name, record) {
      resources.find((resource) => resource.name === name)?.adoptEncoded(record);
    },
  };
}
