import type { BuiltTopic, TopicContext, TopicDefinition, TopicFeed, TopicPeriod } from './topic';

/** A built topic and the handle it is decorated under. */
export interface LiveTopic extends BuiltTopic<unknown> {
  readonly handle: string;
}

/** Every topic of the list, built, in list order. */
export interface TopicSet {
  readonly all: readonly LiveTopic[];
  /** Every stream topic's feed, in list order. */
  readonly feeds: readonly TopicFeed[];
  /** The feed of a stream topic, by name. */
  feed(topic: string): TopicFeed | undefined;
  /** The topic that feeds a stream topic, by name. */
  ownerOf(topic: string): LiveTopic | undefined;
}

/** What every topic is built from (the period and the earlier caches are each topic's own). */
export type SharedTopicContext = Omit<TopicContext, 'period' | 'cacheOf'>;

function periodOf(definition: TopicDefinition, context: SharedTopicContext): TopicPeriod | null {
  if (definition.refreshSetting === null) return null;
  const refreshMs = context.deps.settings[definition.refreshSetting];
  return {
    refreshMs,
    maxAgeMs:
      definition.maxAgeMs === null ? Number.POSITIVE_INFINITY : definition.maxAgeMs(refreshMs),
  };
}

/**
 * Builds the topics of `definitions` in their order (a topic may read the cache of one listed
 * before it). Refuses a list in which two topics feed the same stream topic or two share a
 * handle: each is declared once.
 */
export function buildTopics(
  definitions: readonly TopicDefinition[],
  context: SharedTopicContext,
): TopicSet {
  const built = new Map<TopicDefinition, LiveTopic>();
  const owners = new Map<string, LiveTopic>();
  const feeds = new Map<string, TopicFeed>();
  for (const definition of definitions) {
    if ([...built.values()].some((topic) => topic.handle === definition.handle)) {
      throw new Error(`topic handle ${definition.handle} is declared twice`);
    }
    const topic: LiveTopic = {
      ...definition.create({
        ...context,
        period: periodOf(definition, context),
        cacheOf: <C>(earlier: TopicDefinition<string, C>): C => {
          const cache = built.get(earlier)?.cache;
          if (cache === undefined) {
            throw new Error(
              `topic ${definition.handle} reads ${earlier.handle}, which is not listed before it`,
            );
          }
          return cache as C;
        },
      }),
      handle: definition.handle,
    };
    for (const feed of topic.feeds) {
      if (feeds.has(feed.topic)) throw new Error(`stream topic ${feed.topic} is fed twice`);
      feeds.set(feed.topic, feed);
      owners.set(feed.topic, topic);
    }
    built.set(definition, topic);
  }
  return {
    all: [...built.values()],
    feeds: [...feeds.values()],
    feed: (topic) => feeds.get(topic),
    ownerOf: (topic) => owners.get(topic),
  };
}
