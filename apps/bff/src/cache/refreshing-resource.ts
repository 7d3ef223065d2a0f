import type { Clock } from '@fbt/domain';

/** One cached value and what is known about its freshness. */
export interface CachedEntry<T> {
  readonly value: T;
  /** Epoch ms the value was read upstream. */
  readonly fetchedAt: number;
  /** True when the latest refresh failed (the value is the last good one). */
  readonly stale: boolean;
  /** The public answer, serialized once per change (served as bytes, sent on the stream). */
  readonly json: string;
}

/** Health of one cached upstream, for /readyz and /metrics. */
export interface ResourceHealth {
  readonly name: string;
  readonly hasValue: boolean;
  readonly stale: boolean;
  /** Ms since the value was read, or null without a value. */
  readonly ageMs: number | null;
  /** Beyond this age the upstream counts as unhealthy. */
  readonly maxAgeMs: number;
  readonly lastError: string | null;
  readonly refreshes: number;
  readonly failures: number;
}

/** Options of {@link createRefreshingResource}. */
export interface RefreshingResourceOptions<T> {
  readonly name: string;
  readonly clock: Clock;
  /** Reads the upstream. */
  readonly load: () => Promise<T>;
  /** The public answer for a value (serialized by the resource). */
  readonly toJson: (value: T, meta: { fetchedAt: number; stale: boolean }) => unknown;
  /** Identity of a value, to tell a real change from a re-read of the same data. */
  readonly keyOf: (value: T) => string;
  readonly maxAgeMs: number;
  /** What to serve when the upstream has never answered (e.g. the fallback price). */
  readonly fallback?: () => T;
  readonly onRefreshError?: (error: unknown) => void;
}

/** A value refreshed in the background: single-flight, stale-while-revalidate. */
export interface RefreshingResource<T> {
  readonly name: string;
  /** The current entry, or null when the upstream never answered and there is no fallback. */
  current(): CachedEntry<T> | null;
  /**
   * Reads the upstream once; concurrent callers share the same read (single-flight). Never
   * throws: a failure keeps the last good value and marks it stale.
   */
  refresh(): Promise<void>;
  /**
   * Sets a value pushed by the upstream (e.g. an accountSubscribe notification): a fresh read,
   * so the value is fresh (not stale, `fetchedAt` now) at once.
   */
  push(value: T): void;
  /**
   * Reads the upstream again now when the last read failed or none ever succeeded (the value is
   * stale or missing), joining a read under way; otherwise does nothing. For a sign that the
   * upstream answers again (a push from it), so the value need not wait for its next period.
   */
  retryIfFailing(): void;
  /** Called with the new entry after every change of value or of staleness. */
  subscribe(listener: (entry: CachedEntry<T>) => void): () => void;
  /**
   * Called after every new entry, changed or not (a re-read of the same value has a new
   * `fetchedAt`), before the subscribers: what a holder of the upstream lease shares with the
   * other instances.
   */
  onEntry(listener: (entry: CachedEntry<T>, meta: { fallback: boolean }) => void): () => void;
  /**
   * Takes an entry read upstream by another instance (its bytes as they are); subscribers are
   * told when its value or staleness differs from the current one, as for a local read.
   */
  adopt(entry: CachedEntry<T>, meta: { fallback: boolean }): void;
  health(): ResourceHealth;
}

function describeError(error: unknown): string {
  if (error instanceof Error) {
    const code = (error as { code?: unknown }).code;
    return typeof code === 'string' ? code : error.message.slice(0, 200);
  }
  return String(error);
}

/**
 * Creates a {@link RefreshingResource}. Upstream calls depend only on how often `refresh` is
 * scheduled, never on how many visitors read `current()`.
 */
export function createRefreshingResource<T>(
  options: RefreshingResourceOptions<T>,
): RefreshingResource<T> {
  let entry: CachedEntry<T> | null = null;
  let fromFallback = false;
  let key: string | null = null;
  let inFlight: Promise<void> | null = null;
  let lastError: string | null = null;
  let refreshes = 0;
  let failures = 0;
  const listeners = new Set<(entry: CachedEntry<T>) => void>();
  const entryListeners = new Set<(entry: CachedEntry<T>, meta: { fallback: boolean }) => void>();

  const install = (next: CachedEntry<T>): void => {
    const nextKey = options.keyOf(next.value);
    const changed = entry === null || nextKey !== key || next.stale !== entry.stale;
    entry = next;
    key = nextKey;
    // Entry listeners first: a lease holder hands the change to the other instances before its
    // own stream fan-out (a send loop over every local socket), so all instances send at once.
    for (const listener of [...entryListeners]) listener(next, { fallback: fromFallback });
    if (changed) for (const listener of [...listeners]) listener(next);
  };

  const publish = (value: T, fetchedAt: number, stale: boolean): void => {
    install({
      value,
      fetchedAt,
      stale,
      json: JSON.stringify(options.toJson(value, { fetchedAt, stale })),
    });
  };

  const accept = (value: T): void => {
    fromFallback = false;
    lastError = null;
    publish(value, options.clock.now(), false);
  };

  const run = async (): Promise<void> => {
    refreshes++;
    try {
      accept(await options.load());
    } catch (error) {
      failures++;
      lastError = describeError(error);
      options.onRefreshError?.(error);
      if (entry !== null && !fromFallback) {
        if (!entry.stale) publish(entry.value, entry.fetchedAt, true);
      } else if (options.fallback !== undefined) {
        fromFallback = true;
        publish(options.fallback(), options.clock.now(), true);
      }
    }
  };

  const refresh = (): Promise<void> => {
    inFlight ??= run().finally(() => {
      inFlight = null;
    });
    return inFlight;
  };

  return {
    name: options.name,
    current: () => entry,
    refresh,
    push(value) {
      refreshes++;
      accept(value);
    },
    retryIfFailing() {
      if (entry === null || entry.stale) void refresh();
    },
    subscribe(listener) {
      listeners.add(listener);
      return () => listeners.delete(listener);
    },
    onEntry(listener) {
      entryListeners.add(listener);
      return () => entryListeners.delete(listener);
    },
    adopt(next, meta) {
      fromFallback = meta.fallback;
      lastError = null;
      install(next);
    },
    health() {
      const ageMs = entry === null || fromFallback ? null : options.clock.now() - entry.fetchedAt;
      return {
        name: options.name,
        hasValue: entry !== null && !fromFallback,
        stale: entry?.stale ?? true,
        ageMs,
        maxAgeMs: options.maxAgeMs,
        lastError,
        refreshes,
        failures,
      };
    },
  };
}
