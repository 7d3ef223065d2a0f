import type { FastifyPluginCallback } from 'fastify';
import fp from 'fastify-plugin';
import type { AppDeps, AppSettings } from '../../app-deps';
import { createStreamHub, type StreamHub } from '../../stream/stream-hub';

declare module 'fastify' {
  interface FastifyInstance {
    /** Websocket clients of `/api/v1/stream` and what they subscribed to. */
    streamHub: StreamHub;
  }
}

/** The clock and stream settings {@link streamHubPlugin} reads. */
export type StreamHubPluginOptions = Pick<AppDeps, 'clock'> & {
  readonly settings: Pick<
    AppSettings,
    'streamHeartbeatMs' | 'streamMaxBufferBytes' | 'streamMaxClients' | 'streamMaxClientsPerAddress'
  >;
};

/**
 * The stream hub, fed by the topics (`src/topics/`): every new message of a topic is published
 * to its subscribers, and a new subscriber gets the topic's current message at once (looked up
 * by name). Both are the same envelope bytes, made once per change by the topic. Also exposes
 * the hub's counters as gauges. Heartbeats are started by the background loops. With several
 * instances, every instance's topics change alike (the lease holder's entries are taken by the
 * others, derived topics are made from them), so each sends to its own clients.
 */
const streamHub: FastifyPluginCallback<StreamHubPluginOptions> = (fastify, options, done) => {
  const { topics } = fastify;
  const { settings } = options;
  const hub = createStreamHub({
    clock: options.clock,
    heartbeatMs: settings.streamHeartbeatMs,
    maxBufferBytes: settings.streamMaxBufferBytes,
    maxClients: settings.streamMaxClients,
    maxClientsPerAddress: settings.streamMaxClientsPerAddress,
    currentMessage: (topic) => topics.feed(topic)?.message() ?? null,
  });
  for (const feed of topics.feeds) {
    feed.subscribe((message) => hub.publish(feed.topic, message));
  }

  fastify.metrics.gauge('fbt_ws_clients', 'Open websocket clients.', () => [
    { value: hub.stats().clients },
  ]);
  fastify.metrics.counterFrom(
    'fbt_ws_dropped_total',
    'Websocket clients dropped (slow or dead).',
    () => hub.stats().dropped,
  );
  fastify.metrics.counterFrom(
    'fbt_ws_messages_sent_total',
    'Websocket messages sent.',
    () => hub.stats().sent,
  );

  fastify.decorate('streamHub', hub);
  done();
};

/** Decorates `streamHub` (see {@link streamHub}). */
export const streamHubPlugin = fp(streamHub, {
  name: 'stream-hub',
  fastify: '5.x',
  dependencies: ['metrics', 'caches'],
});
