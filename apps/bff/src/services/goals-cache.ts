import type {
  Clock,
  Community,
  CommunityCount,
  CommunityCounters,
  GoalsResponse,
} from '@fbt/domain';
import {
  createRefreshingResource,
  type CachedEntry,
  type RefreshingResource,
} from '../cache/refreshing-resource';
import type { Scheduler } from '../cache/scheduler';

/** Options of {@link createGoalsCache}. */
export interface GoalsCacheOptions {
  readonly counters: CommunityCounters;
  readonly clock: Clock;
  readonly refreshMs: number;
  /** Beyond this age a count counts as unhealthy. */
  readonly maxAgeMs: number;
  readonly onError?: (community: Community, error: unknown) => void;
}

/** Telegram members and X followers, cached, with the combined answer pre-serialized. */
export interface GoalsCache {
  readonly resources: Readonly<Record<Community, RefreshingResource<CommunityCount>>>;
  /** `GoalsResponse` as JSON, or null before both counts exist. */
  json(): string | null;
  /** The legacy goals answer `{ "u": n }` of /gettg and /gettw. */
  legacyJson(community: Community): string | null;
  /** Called with the combined JSON after every change. */
  subscribe(listener: (json: string) => void): () => void;
  start(scheduler: Scheduler): () => void;
}

function entryJson(entry: CachedEntry<CommunityCount>): GoalsResponse['telegram'] {
  return {
    count: entry.value.count,
    source: entry.value.source,
    stale: entry.stale,
    fetchedAt: new Date(entry.fetchedAt).toISOString(),
  };
}

/** Creates the {@link GoalsCache}. */
export function createGoalsCache(options: GoalsCacheOptions): GoalsCache {
  const make = (community: Community) =>
    createRefreshingResource<CommunityCount>({
      name: `goals:${community}`,
      clock: options.clock,
      maxAgeMs: options.maxAgeMs,
      load: () => options.counters.getCount(community),
      toJson: (value, meta) => ({ u: value.count, stale: meta.stale }),
      keyOf: (value) => `${value.source}:${value.count}`,
      onRefreshError: (error) => options.onError?.(community, error),
    });
  const resources = { telegram: make('telegram'), twitter: make('twitter') };
  const listeners = new Set<(json: string) => void>();
  let combined: string | null = null;
  let builtFrom: readonly unknown[] = [];

  // Rebuilt only when one of the two entries is a new object: reads stay a string lookup.
  const build = (): string | null => {
    const telegram = resources.telegram.current();
    const twitter = resources.twitter.current();
    if (telegram === null || twitter === null) return null;
    if (builtFrom[0] !== telegram || builtFrom[1] !== twitter) {
      const body: GoalsResponse = { telegram: entryJson(telegram), x: entryJson(twitter) };
      combined = JSON.stringify(body);
      builtFrom = [telegram, twitter];
    }
    return combined;
  };
  const notify = (): void => {
    const json = build();
    if (json !== null) for (const listener of [...listeners]) listener(json);
  };
  resources.telegram.subscribe(notify);
  resources.twitter.subscribe(notify);

  return {
    resources,
    json: build,
    legacyJson(community) {
      const entry = resources[community].current();
      return entry === null ? null : JSON.stringify({ u: entry.value.count });
    },
    subscribe(listener) {
      listeners.add(listener);
      return () => listeners.delete(listener);
    },
    start(scheduler) {
      const refreshAll = () => {
        void resources.telegram.refresh();
        void resources.twitter.refresh();
      };
      refreshAll();
      return scheduler.every(options.refreshMs, refreshAll);
    },
  };
}
