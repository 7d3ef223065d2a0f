/**
 * What a cached topic is: one declaration (`defineTopic`, one file per topic, listed in
 * `index.ts`) says where its value comes from, how often it is re-read, the stream messages it
 * feeds, how it reaches the other instances and how stale is too stale. The app's plugins read
 * the list: the caches build every topic, the stream hub looks each topic up by name, the
 * background loops start them, the cluster shares them, `/readyz` and `/metrics` judge them.
 */
import type { FastifyBaseLogger, FastifySchema } from 'fastify';
import type { StreamTopic } from '@fbt/domain';
import type { AppDeps, AppSettings } from '../app-deps';
import type { RefreshingResource, ResourceHealth } from '../cache/refreshing-resource';
import type { Scheduler } from '../cache/scheduler';
import type { HttpError } from '../http/http-error';
import type { MetricsRegistry } from '../observability/metrics';

/** A setting that is a refresh period (`presaleRefreshMs`, `priceRefreshMs`, ...). */
export type RefreshSetting = {
  [K in keyof AppSettings]-?: K extends `${string}RefreshMs`
    ? AppSettings[K] extends number
      ? K
      : never
    : never;
}[keyof AppSettings];

/** A topic's refresh period and the age past which `/readyz` fails it. */
export interface TopicPeriod {
  readonly refreshMs: number;
  readonly maxAgeMs: number;
}

/** What a topic is built from. */
export interface TopicContext {
  /** Every port and setting the app is built from. */
  readonly deps: AppDeps;
  /** The declared refresh period and health rule applied to the settings; null without one. */
  readonly period: TopicPeriod | null;
  readonly metrics: MetricsRegistry;
  readonly log: FastifyBaseLogger;
  /** Counts one call to an upstream (`fbt_upstream_calls_total{upstream,operation}`). */
  countCall(upstream: string, operation: string): void;
  /** Counts one call to an upstream that failed (`fbt_upstream_failures_total{upstream,operation}`). */
  countFailure(upstream: string, operation: string): void;
  /** A refresh of `resource` failed: counted and logged; its last good value is kept. */
  refreshFailed(resource: string, error: unknown): void;
  /** Counts a failed refresh the topic logs in its own words (`fbt_cache_refresh_failures_total`). */
  countRefreshFailure(resource: string): void;
  /** The cache of a topic listed before this one. */
  cacheOf<C>(definition: TopicDefinition<string, C>): C;
}

/** A topic's HTTP read: its cached answer's bytes as they are, at a URL of their own. */
export interface TopicRoute {
  readonly url: string;
  /** The route's OpenAPI description (tags, summary, the answers' zod schemas). */
  readonly schema: FastifySchema;
  /** The cached answer's JSON, or null before the first value. */
  json(): string | null;
  /** What to answer before the first value. */
  unavailable(): HttpError;
}

/** One stream topic: its current message and every change, each serialized once. */
export interface TopicFeed {
  readonly topic: StreamTopic;
  /** The current message (sent at once to a new subscriber), or null before the first value. */
  message(): string | null;
  /** Called with every new message of the topic on this instance. */
  subscribe(listener: (message: string) => void): () => void;
  readonly route?: TopicRoute;
}

/** How a topic's value reaches the other instances when they share Redis. */
export type TopicSharing =
  /**
   * Only the upstream lease holder reads it; the others take its cached entries (value,
   * freshness and bytes), so every instance serves and sends the same.
   */
  | {
      readonly by: 'lease-holder';
      readonly entries: readonly RefreshingResource<unknown>[];
      /** Re-reads an instance that does not poll asks of the holder; absent: none. */
      readonly refreshRequests?: RefreshRequests;
    }
  /**
   * Made by every instance from topics it reads that are themselves shared (and from the
   * shared ledger): the same inputs give every instance the same bytes, so nothing of its own
   * crosses between instances.
   */
  | { readonly by: 'derived' };

/** Re-reads of a lease-holder topic asked for on an instance that does not poll. */
export interface RefreshRequests {
  /** Called each time this instance, which does not poll, wants the holder to read again. */
  onWanted(listener: () => void): () => void;
  /** Another instance asked the holder (this instance, if it polls) to read again. */
  requested(): void;
}

/** A topic once built over the app's ports. */
export interface BuiltTopic<Cache> {
  /** What routes and plugins read, decorated on the app under the topic's `handle`. */
  readonly cache: Cache;
  readonly feeds: readonly TopicFeed[];
  readonly shared: TopicSharing;
  /** Freshness of each upstream value it holds: judged by `/readyz`, exported to `/metrics`. */
  health(): ResourceHealth[];
  /** What `/readyz` should say without failing. */
  warnings?(): string[];
  /** More for `/readyz` to report, as fields of its answer (the keeper's state). */
  detail?(): Record<string, unknown>;
  /** The upstream work, run only by the instance that polls; returns what stops it. */
  start?(scheduler: Scheduler): () => void;
  /** Work every instance does once the app is ready, before the upstream work starts. */
  startLocal?(): void | Promise<void>;
}

/** One cached topic, declared once. */
export interface TopicDefinition<Handle extends string = string, Cache = unknown> {
  /** The app decoration routes and plugins read it by (`fastify.<handle>`). */
  readonly handle: Handle;
  /** The setting giving its refresh period; null: re-read when something happens. */
  readonly refreshSetting: RefreshSetting | null;
  /** Health rule: the age past which `/readyz` fails it, from the refresh period; null: never. */
  readonly maxAgeMs: ((refreshMs: number) => number) | null;
  /** Builds its cache over the ports (the loader), its feeds and how it is shared. */
  create(context: TopicContext): BuiltTopic<Cache>;
}

/** Declares a topic (keeps its handle's name and its cache's type for the app's decorations). */
export function defineTopic<const Handle extends string, Cache>(
  definition: TopicDefinition<Handle, Cache>,
): TopicDefinition<Handle, Cache> {
  return definition;
}

/**
 * Makes one upstream call, counted as a call, and as a failure too when it throws (or rejects);
 * what it answers or throws is passed on as it is.
 */
export async function countedCall<T>(
  context: Pick<TopicContext, 'countCall' | 'countFailure'>,
  upstream: string,
  operation: string,
  call: () => Promise<T>,
): Promise<T> {
  context.countCall(upstream, operation);
  try {
    return await call();
  } catch (error) {
    context.countFailure(upstream, operation);
    throw error;
  }
}

/** The period of a topic that declares a refresh setting. */
export function requirePeriod(context: TopicContext): TopicPeriod {
  if (context.period === null) {
    throw new Error('this topic reads a refresh period but declares no refreshSetting');
  }
  return context.period;
}
