import type { FastifyPluginCallback } from 'fastify';
import fp from 'fastify-plugin';
import type { StreamTopic } from '@fbt/domain';
import { PRESALE_VARIANTS, streamTopicSchema } from '@fbt/domain';
import type { AppDeps, AppSettings } from '../../app-deps';
import { goalsEnvelope, presaleEnvelope, priceEnvelope } from '../../stream/envelopes';
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
 * The stream hub, fed by the caches: every change of a cached answer is published to the
 * subscribers of its topic, and a new subscriber gets the current answer at once. Both send
 * the same envelope bytes (the cached JSON spliced in, see `stream/envelopes.ts`). Also
 * exposes the hub's counters as gauges. Heartbeats are started by the background loops. With
 * several instances, every instance's caches change alike (the lease holder's entries are
 * taken by the others), so each broadcasts to its own clients; messages no cache carries
 * arrive through `fastify.cluster.onBroadcast`.
 */
const streamHub: FastifyPluginCallback<StreamHubPluginOptions> = (fastify, options, done) => {
  const { presaleCache, priceCache, goalsCache } = fastify;
  const { settings } = options;
  const hub = createStreamHub({
    clock: options.clock,
    heartbeatMs: settings.streamHeartbeatMs,
    maxBufferBytes: settings.streamMaxBufferBytes,
    maxClients: settings.streamMaxClients,
    maxClientsPerAddress: settings.streamMaxClientsPerAddress,
    currentMessage: (topic: StreamTopic) => {
      if (topic === 'price') {
        const entry = priceCache.resource.current();
        return entry === null ? null : priceEnvelope(entry.json);
      }
      if (topic === 'goals') {
        const json = goalsCache.json();
        return json === null ? null : goalsEnvelope(json);
      }
      const variant = PRESALE_VARIANTS.find((candidate) => topic === `presale:${candidate}`);
      if (variant === undefined) return null;
      const entry = presaleCache.resources[variant].current();
      return entry === null ? null : presaleEnvelope(variant, entry.json);
    },
  });
  for (const variant of PRESALE_VARIANTS) {
    presaleCache.resources[variant].subscribe((entry) =>
      hub.publish(`presale:${variant}`, presaleEnvelope(variant, entry.json)),
    );
  }
  priceCache.resource.subscribe((entry) => hub.publish('price', priceEnvelope(entry.json)));
  goalsCache.subscribe((json) => hub.publish('goals', goalsEnvelope(json)));
  // Messages no cache carries (the leaderboard), broadcast by another instance.
  fastify.cluster.onBroadcast((topic, message) => {
    const parsed = streamTopicSchema.safeParse(topic);
    if (parsed.success) hub.publishRetained(parsed.data, message);
  });

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
  dependencies: ['metrics', 'caches', 'cluster'],
});
