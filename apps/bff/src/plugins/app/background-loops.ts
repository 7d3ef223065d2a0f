import type { FastifyPluginCallback } from 'fastify';
import fp from 'fastify-plugin';
import type { AppDeps, AppSettings } from '../../app-deps';

/** The running background work, stoppable once the app closes. */
export interface BackgroundLoops {
  /** Stops every loop started on ready (idempotent). */
  stop(): void;
}

declare module 'fastify' {
  interface FastifyInstance {
    /** Refresh loops, stream heartbeats and the reconciler (started on ready). */
    backgroundLoops: BackgroundLoops;
  }
}

/**
 * The scheduler and the reconciler interval {@link backgroundLoopsPlugin} reads, and the price
 * source only to know whether there is one: without it the fallback is served once and
 * nothing refreshes.
 */
export type BackgroundLoopsOptions = Pick<AppDeps, 'scheduler' | 'priceSource'> & {
  readonly settings: Pick<AppSettings, 'reconcileIntervalMs'>;
};

/**
 * Starts the background work once the app is ready, not at construction, so building an app
 * (tests, docs generation) does no I/O: the first reads and periodic refreshes of the caches,
 * the stream heartbeats, and the leader reconciler when its interval is not 0. The upstream part
 * runs through `fastify.cluster` (only on the instance that polls). Stops it on close; the
 * websocket plugin stops it earlier, before draining the sockets.
 */
const backgroundLoops: FastifyPluginCallback<BackgroundLoopsOptions> = (fastify, options, done) => {
  const { scheduler, settings } = options;
  const stops: (() => void)[] = [];
  const loops: BackgroundLoops = {
    stop() {
      for (const stop of stops.splice(0)) stop();
    },
  };

  fastify.addHook('onReady', (next) => {
    const { presaleCache, priceCache, goalsCache, streamHub, leaderIndex, cluster } = fastify;
    const reconcile = () => {
      leaderIndex
        .reconcile()
        .then(({ recorded }) => {
          if (recorded > 0) fastify.log.info({ recorded }, 'reconciler recorded leader buys');
        })
        .catch((error: unknown) => fastify.log.warn({ err: error }, 'reconciler failed'));
    };
    // The upstream work: with several instances it runs only on the one that polls (the
    // lease holder, or every instance while Redis is down); alone, always.
    const startUpstreamWork = (): (() => void) => {
      const upstream: (() => void)[] = [presaleCache.start(scheduler)];
      if (options.priceSource !== null) upstream.push(priceCache.start(scheduler));
      upstream.push(goalsCache.start(scheduler));
      if (settings.reconcileIntervalMs > 0) {
        upstream.push(scheduler.every(settings.reconcileIntervalMs, reconcile));
      }
      return () => {
        for (const stop of upstream.splice(0)) stop();
      };
    };
    // Without a price source the fallback is served once; nothing to refresh or broadcast.
    if (options.priceSource === null) void priceCache.resource.refresh();
    stops.push(cluster.run(startUpstreamWork));
    stops.push(streamHub.start(scheduler));
    next();
  });
  fastify.addHook('onClose', (_instance, next) => {
    loops.stop();
    next();
  });
  fastify.decorate('backgroundLoops', loops);
  done();
};

/** Decorates `backgroundLoops` (see {@link backgroundLoops}). */
export const backgroundLoopsPlugin = fp(backgroundLoops, {
  name: 'background-loops',
  fastify: '5.x',
  dependencies: ['caches', 'cluster', 'stream-hub', 'leader-service'],
});
