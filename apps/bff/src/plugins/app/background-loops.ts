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

/** The scheduler and the reconciler interval {@link backgroundLoopsPlugin} reads. */
export type BackgroundLoopsOptions = Pick<AppDeps, 'scheduler'> & {
  readonly settings: Pick<AppSettings, 'reconcileIntervalMs'>;
};

/**
 * Starts the background work once the app is ready, not at construction, so building an app
 * (tests, docs generation) does no I/O: each topic's local start (what every instance reads
 * once), then the upstream work of every topic (first reads and periodic refreshes) and the
 * leader reconciler when its interval is not 0, and the stream heartbeats. The upstream part
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

  fastify.addHook('onReady', async () => {
    const { topics, streamHub, leaderIndex, cluster } = fastify;
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
      const upstream = topics.all.flatMap((topic) =>
        topic.start === undefined ? [] : [topic.start(scheduler)],
      );
      if (settings.reconcileIntervalMs > 0) {
        upstream.push(scheduler.every(settings.reconcileIntervalMs, reconcile));
      }
      return () => {
        for (const stop of upstream.splice(0)) stop();
      };
    };
    for (const topic of topics.all) await topic.startLocal?.();
    stops.push(cluster.run(startUpstreamWork));
    stops.push(streamHub.start(scheduler));
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
