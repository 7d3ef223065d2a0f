import type { FastifyBaseLogger, FastifyInstance } from 'fastify';
import { afterEach, describe, expect, it } from 'vitest';
import { STREAM_TOPICS, streamServerMessageSchema, type StreamTopic } from '@fbt/domain';
import { createMetricsRegistry } from '../src/observability/metrics';
import { createTestWorld, depsFor, startApp, TEST_SETTINGS } from './support/test-world';
import { TOPICS } from '../src/topics/index';
import { defineTopic, type TopicContext, type TopicPeriod } from '../src/topics/topic';
import { buildTopics, type SharedTopicContext } from '../src/topics/topic-set';

let app: FastifyInstance | undefined;
afterEach(async () => {
  await app?.close();
  app = undefined;
});

describe('the topic list', () => {
  it('feeds every stream topic the domain knows, each from one topic', async () => {
    app = await startApp(createTestWorld());
    const fed = app.topics.feeds.map((feed) => feed.topic);
    expect([...fed].sort()).toEqual([...STREAM_TOPICS].sort());
    expect(new Set(fed).size).toBe(fed.length);
    expect(app.topics.all.map((topic) => topic.handle)).toEqual(
      TOPICS.map((definition) => definition.handle),
    );
  });

  it("each topic's current message is its stream message, as the domain's schema reads it", async () => {
    app = await startApp(createTestWorld());
    for (const feed of app.topics.feeds) {
      const message = feed.message();
      expect(message, feed.topic).not.toBeNull();
      const parsed = streamServerMessageSchema.parse(JSON.parse(message ?? 'null'));
      expect(parsed).toMatchObject({ topic: feed.topic });
    }
  });

  it('applies each declared refresh setting and health rule to the settings', async () => {
    app = await startApp(createTestWorld(), {
      settings: {
        ...TEST_SETTINGS,
        presaleRefreshMs: 7_000,
        priceRefreshMs: 10_000,
        goalsRefreshMs: 50_000,
      },
    });
    const budgets = Object.fromEntries(
      app.health.resources().map(({ name, maxAgeMs }) => [name, maxAgeMs]),
    );
    expect(budgets).toMatchObject({
      'presale:public': 21_000,
      'presale:private': 21_000,
      'presale:leader': 21_000,
      // Three periods, but never under a minute.
      price: 60_000,
      'goals:telegram': 150_000,
      'goals:twitter': 150_000,
    });
  });
});

/** What a test topic needs from the app: nothing but the settings. */
function sharedContext(): SharedTopicContext {
  return {
    deps: depsFor(createTestWorld()),
    metrics: createMetricsRegistry({ instanceId: 'topics-test', processMetrics: false }),
    log: { warn: () => undefined } as unknown as FastifyBaseLogger,
    countCall: () => undefined,
    refreshFailed: () => undefined,
    countRefreshFailure: () => undefined,
    countFailure: () => undefined,
  };
}

/** A topic feeding `topics`, whose cache is what its context gave it. */
function probeTopic(
  handle: string,
  topics: readonly StreamTopic[],
  seen?: (c: TopicContext) => void,
) {
  return defineTopic({
    handle,
    refreshSetting: 'goalsRefreshMs',
    maxAgeMs: (refreshMs) => refreshMs + 1,
    create(context) {
      seen?.(context);
      return {
        cache: { handle, period: context.period },
        feeds: topics.map((topic) => ({
          topic,
          message: () => null,
          subscribe: () => () => undefined,
        })),
        shared: { by: 'lease-holder', entries: [] },
        health: () => [],
      };
    },
  });
}

describe('building the topics', () => {
  it('refuses a stream topic fed by two topics', () => {
    expect(() =>
      buildTopics(
        [probeTopic('first', ['price']), probeTopic('second', ['goals', 'price'])],
        sharedContext(),
      ),
    ).toThrow('stream topic price is fed twice');
  });

  it('refuses two topics under one handle', () => {
    expect(() =>
      buildTopics([probeTopic('same', ['price']), probeTopic('same', ['goals'])], sharedContext()),
    ).toThrow('topic handle same is declared twice');
  });

  it('gives a topic the cache of one listed before it, never of one after it', () => {
    const earlier = probeTopic('earlier', ['price']);
    let read: unknown;
    const reader = probeTopic('reader', ['goals'], (context) => {
      read = context.cacheOf(earlier);
    });
    const built = buildTopics([earlier, reader], sharedContext());
    expect(read).toBe(built.all[0]?.cache);
    expect(() => buildTopics([reader, earlier], sharedContext())).toThrow(
      'topic reader reads earlier, which is not listed before it',
    );
  });

  it('hands a topic its period from its setting and its health rule; none without a setting', () => {
    const built = buildTopics(
      [
        probeTopic('periodic', ['price']),
        { ...probeTopic('on-change', ['goals']), refreshSetting: null, maxAgeMs: null },
      ],
      sharedContext(),
    );
    const periods = built.all.map(
      (topic) => (topic.cache as { period: TopicPeriod | null }).period,
    );
    expect(periods).toEqual([
      { refreshMs: TEST_SETTINGS.goalsRefreshMs, maxAgeMs: TEST_SETTINGS.goalsRefreshMs + 1 },
      null,
    ]);
    expect(built.ownerOf('goals')?.handle).toBe('on-change');
    expect(built.feed('leaderboard')).toBeUndefined();
  });
});
