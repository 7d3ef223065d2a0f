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
 * the stream heartbeats, and the leader reconciler when its interval is not 0. Stops it on
 * close; the websocket plugin stops it earlier, before draining the sockets.
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
    const { presaleCache, priceCache, goalsCache, streamHub, leaderService } = fastify;
    stops.push(presaleCache.start(scheduler));
    // Without a price source the fallback is served once; nothing to refresh or broadcast.
    if (options.priceSource === null) void priceCache.resource.refresh();
    else stops.push(priceCache.start(scheduler));
    stops.push(goalsCache.start(scheduler));
    stops.push(streamHub.start(scheduler));
    if (settings.reconcileIntervalMs > 0) {
      const reconcile = () => {
        leaderService
          .reconcile()
          .then(({ recorded }) => {
            if (recorded > 0) fastify.log.info({ recorded }, 'reconciler recorded leader buys');
          })
          .catch((error: unknown) => fastify.log.warn({ err: error }, 'reconciler failed'));
      };
      stops.push(scheduler.every(settings.reconcileIntervalMs, reconcile));
    }
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
  dependencies: ['caches', 'stream-hub', 'leader-service'],
});
