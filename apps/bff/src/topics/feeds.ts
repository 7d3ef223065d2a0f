import type { StreamTopic } from '@fbt/domain';
import type { RefreshingResource } from '../cache/refreshing-resource';
import { dataEnvelope, type DataMessageTopic, type DataMessageType } from '../stream/envelopes';
import type { TopicFeed, TopicRoute } from './topic';

/** A cached answer: its JSON now, and every new JSON. */
export interface CachedJson {
  json(): string | null;
  subscribe(listener: (json: string) => void): () => void;
}

/** A route declared by a topic, without the bytes it serves (its feed's cached answer). */
export type DeclaredRoute = Omit<TopicRoute, 'json'>;

/**
 * The feed of a cached answer: each message is the answer's JSON as it was serialized, spliced
 * into the `type` envelope of `topic`; the route, when declared, serves the same bytes.
 */
export function cachedFeed<T extends DataMessageType>(
  type: T,
  topic: DataMessageTopic<T> & StreamTopic,
  source: CachedJson,
  route?: DeclaredRoute,
): TopicFeed {
  const envelope = (json: string) => dataEnvelope(type, topic, json);
  return {
    topic,
    message() {
      const json = source.json();
      return json === null ? null : envelope(json);
    },
    subscribe: (listener) => source.subscribe((json) => listener(envelope(json))),
    ...(route === undefined ? {} : { route: { ...route, json: () => source.json() } }),
  };
}

/** A refreshing resource as a {@link CachedJson}: its current entry's bytes, every change. */
export function resourceJson(resource: RefreshingResource<unknown>): CachedJson {
  return {
    json: () => resource.current()?.json ?? null,
    subscribe: (listener) => resource.subscribe((entry) => listener(entry.json)),
  };
}

/** A topic whose messages each instance makes itself (see `TopicSharing`'s `derived`). */
export interface DerivedFeed {
  readonly feed: TopicFeed;
  /**
   * Keeps a message as the topic's current one and gives it to this instance's subscribers;
   * the same bytes as the current message are not sent again.
   */
  readonly publish: (message: string) => void;
}

/** Creates a {@link DerivedFeed} for `topic`. */
export function derivedFeed(topic: StreamTopic): DerivedFeed {
  let current: string | null = null;
  const subscribers = new Set<(message: string) => void>();
  return {
    feed: {
      topic,
      message: () => current,
      subscribe(listener) {
        subscribers.add(listener);
        return () => subscribers.delete(listener);
      },
    },
    publish(message) {
      if (message === current) return;
      current = message;
      for (const listener of [...subscribers]) listener(message);
    },
  };
}
