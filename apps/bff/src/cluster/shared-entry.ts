import type { CachedEntry, RefreshingResource } from '../cache/refreshing-resource';

/**
 * A cached entry as it travels between instances: the holder's value (bigints tagged, so
 * lamports and Pyth integers keep every digit), its freshness, and the answer's JSON bytes
 * exactly as the holder serialized them (followers serve those bytes, they do not rebuild them).
 */
interface SharedEntryRecord {
  readonly value: unknown;
  readonly fetchedAt: number;
  readonly stale: boolean;
  /** The value is the fallback (e.g. the constant price), not an upstream answer. */
  readonly fallback: boolean;
  readonly json: string;
  /** Holder's clock when written: a follower never replaces an entry by an older one. */
  readonly writtenAt: number;
}

const BIGINT_TAG = '$bigint';

function replacer(_key: string, value: unknown): unknown {
  return typeof value === 'bigint' ? { [BIGINT_TAG]: value.toString() } : value;
}

function reviver(_key: string, value: unknown): unknown {
  if (typeof value === 'object' && value !== null && !Array.isArray(value)) {
    const tagged = (value as Record<string, unknown>)[BIGINT_TAG];
    if (typeof tagged === 'string' && Object.keys(value).length === 1 && /^-?\d+$/.test(tagged)) {
      return BigInt(tagged);
    }
  }
  return value;
}

/** A cache shared through Redis: its entries encoded, and decoded entries taken in. */
export interface Replicable {
  readonly name: string;
  /** The current entry, encoded, or null without one. */
  encodeCurrent(writtenAt: number): string | null;
  /** Called with every new local entry, encoded. */
  onEncodedEntry(listener: (record: string) => void): () => void;
  /**
   * Takes an encoded entry from another instance; false when it is malformed or older than the
   * last one taken (then nothing changes).
   */
  adoptEncoded(record: string): boolean;
}

function isRecord(value: unknown): value is SharedEntryRecord {
  if (typeof value !== 'object' || value === null) return false;
  const record = value as Record<string, unknown>;
  return (
    typeof record.fetchedAt === 'number' &&
    typeof record.stale === 'boolean' &&
    typeof record.fallback === 'boolean' &&
    typeof record.json === 'string' &&
    typeof record.writtenAt === 'number' &&
    'value' in record
  );
}

/**
 * Shares a {@link RefreshingResource}. The value's shape is trusted: only this code writes
 * these keys, from a resource of the same name and type.
 */
export function replicable<T>(
  resource: RefreshingResource<T>,
  clock: { now(): number },
): Replicable {
  let lastWrittenAt = Number.NEGATIVE_INFINITY;
  const encode = (entry: CachedEntry<T>, fallback: boolean, writtenAt: number): string =>
    JSON.stringify(
      {
        value: entry.value,
        fetchedAt: entry.fetchedAt,
        stale: entry.stale,
        fallback,
        json: entry.json,
        writtenAt,
      } satisfies SharedEntryRecord,
      replacer,
    );
  let currentFallback = false;
  resource.onEntry((_entry, meta) => {
    currentFallback = meta.fallback;
  });
  return {
    name: resource.name,
    encodeCurrent(writtenAt) {
      const entry = resource.current();
      return entry === null ? null : encode(entry, currentFallback, writtenAt);
    },
    onEncodedEntry(listener) {
      return resource.onEntry((entry, meta) => listener(encode(entry, meta.fallback, clock.now())));
    },
    adoptEncoded(text) {
      let parsed: unknown;
      try {
        parsed = JSON.parse(text, reviver);
      } catch {
        return false;
      }
      if (!isRecord(parsed) || parsed.writtenAt < lastWrittenAt) return false;
      lastWrittenAt = parsed.writtenAt;
      resource.adopt(
        {
          value: parsed.value as T,
          fetchedAt: parsed.fetchedAt,
          stale: parsed.stale,
          json: parsed.json,
        },
        { fallback: parsed.fallback },
      );
      return true;
    },
  };
}
