import type { FastifyPluginCallback } from 'fastify';
import fp from 'fastify-plugin';
import type { AppDeps, AppSettings } from '../../app-deps';
import { createLeaderService, type LeaderService } from '../../services/leader-service';
import { createLeaderboardFeed, withRecordedBuyListener } from '../../stream/leaderboard-feed';

declare module 'fastify' {
  interface FastifyInstance {
    /** Verified leader reports and the reconciler. */
    leaderService: LeaderService;
  }
}

/** Re-reads of a reported transaction the chain does not show yet (~3 s in all). */
const DEFAULT_NOT_FOUND_RETRY_DELAYS_MS: readonly number[] = [500, 1_000, 1_500];

/** The ledger, verifier, deployment and setting {@link leaderServicePlugin} reads. */
export type LeaderServicePluginOptions = Pick<AppDeps, 'ledger' | 'verifier' | 'deployment'> & {
  readonly settings: Pick<AppSettings, 'leaderReportRetryDelaysMs'>;
};

/**
 * The leader service over the ledger and the chain verifier, for the leader presale of the
 * deployment. Upstream failures during verification are logged; the caller answers 503.
 */
const leaderService: FastifyPluginCallback<LeaderServicePluginOptions> = (
  fastify,
  options,
  done,
) => {
  // A recorded buy changes the ranking: its stream topic is sent to every instance's clients.
  const feed = createLeaderboardFeed({
    ledger: options.ledger,
    publishLocal: (message) => fastify.streamHub.publishRetained('leaderboard', message),
    broadcast: (message) => fastify.cluster.broadcast('leaderboard', message),
    onError: (error) => fastify.log.warn({ err: error }, 'leaderboard read for the stream failed'),
  });
  fastify.addHook('onReady', () => feed.load());
  fastify.decorate(
    'leaderService',
    createLeaderService({
      ledger: withRecordedBuyListener(options.ledger, () => feed.changed()),
      verifier: options.verifier,
      leaderPresale: options.deployment.presales.leader.address,
      notFoundRetryDelaysMs:
        options.settings.leaderReportRetryDelaysMs ?? DEFAULT_NOT_FOUND_RETRY_DELAYS_MS,
      onError: (error, operation) =>
        fastify.log.warn({ err: error, operation }, 'leader verification upstream failed'),
    }),
  );
  done();
};

/** Decorates `leaderService` (see {@link leaderService}). */
export const leaderServicePlugin = fp(leaderService, {
  name: 'leader-service',
  fastify: '5.x',
  dependencies: ['stream-hub', 'cluster'],
});
