import type { StreamTopic } from '@fbt/domain';
import type { RefreshingResource } from '../cache/refreshing-resource';
import { dataEnvelope, type DataMessageTopic, type DataMessageType } from '../stream/envelopes';
import type { TopicFeed, TopicRoute, TopicSharing } from './topic';

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

/** A topic whose messages are made where its value changes (see `TopicSharing`'s `broadcast`). */
export interface BroadcastFeed {
  readonly feed: TopicFeed;
  readonly shared: TopicSharing;
  /** Sends a message made here to the other instances. */
  readonly send: (message: string) => void;
  /** Keeps a message as the topic's current one and gives it to this instance's subscribers. */
  readonly publishLocal: (message: string) => void;
}

/** Creates a {@link BroadcastFeed} for `topic`. */
export function broadcastFeed(topic: StreamTopic): BroadcastFeed {
  let current: string | null = null;
  const subscribers = new Set<(message: string) => void>();
  const senders = new Set<(topic: StreamTopic, message: string) => void>();
  const publishLocal = (message: string): void => {
    current = message;
    for (const listener of [...subscribers]) listener(message);
  };
  return {
    feed: {
      topic,
      message: () => current,
      subscribe(listener) {
        subscribers.add(listener);
        return () => subscribers.delete(listener);
      },
    },
    shared: {
      by: 'broadcast',
      onSend(listener) {
        senders.add(listener);
        return () => senders.delete(listener);
      },
      adopt(from, message) {
        if (from === topic) publishLocal(message);
      },
    },
    send: (message) => {
      for (const listener of [...senders]) listener(topic, message);
    },
    publishLocal,
  };
}
