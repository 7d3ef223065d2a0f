import type { FastifyPluginCallback } from 'fastify';
import fp from 'fastify-plugin';
import type { AppDeps, AppSettings } from '../../app-deps';
import { createLeaderIndexer, type LeaderIndexer } from '../../services/leader-indexer';
import {
  createLeaderReportVerifier,
  type LeaderReportVerifier,
} from '../../services/leader-report-verifier';
import { createLeaderboardSource, type LeaderboardSource } from '../../services/leaderboard-source';
import { createLeaderboardFeed, withRecordedBuyListener } from '../../stream/leaderboard-feed';

declare module 'fastify' {
  interface FastifyInstance {
    /** Leader reports, acknowledged once checked against the chain. */
    leaderReports: LeaderReportVerifier;
    /** The reconciler: indexes the leader presale's buys and the records' claims from chain. */
    leaderIndex: LeaderIndexer;
    /** The ranking (on-chain leader records, else the ledger), for the route and the stream. */
    leaderboard: LeaderboardSource;
  }
}

/** Re-reads of a reported transaction the chain does not show yet (~3 s in all). */
const DEFAULT_NOT_FOUND_RETRY_DELAYS_MS: readonly number[] = [500, 1_000, 1_500];

/** The ledger, verifier, deployment and setting {@link leaderServicePlugin} reads. */
export type LeaderServicePluginOptions = Pick<
  AppDeps,
  'ledger' | 'verifier' | 'deployment' | 'leaderRecords' | 'clock'
> & {
  readonly settings: Pick<AppSettings, 'leaderReportRetryDelaysMs'>;
};

/**
 * The leader service over the ledger and the chain, for the leader presale of the deployment:
 * the report verifier, the indexer (reconciler) and the leaderboard. Upstream failures during
 * a report are logged; the caller answers 503.
 */
const leaderService: FastifyPluginCallback<LeaderServicePluginOptions> = (
  fastify,
  options,
  done,
) => {
  const leaderPresale = options.deployment.presales.leader.address;
  const leaderboard = createLeaderboardSource({
    ledger: options.ledger,
    leaderRecords: options.leaderRecords,
    leaderPresale,
    // The ranking never reads the presale itself: before its first value, the ledger's.
    leadersOnChain: () =>
      Promise.resolve(
        (fastify.presaleCache.resources.leader.current()?.value.rules.leaderCount ?? 0n) > 0n,
      ),
    clock: options.clock,
    onChainReadError: (error) =>
      fastify.log.warn({ err: error }, 'leader records read failed; leaderboard from the ledger'),
  });
  fastify.decorate('leaderboard', leaderboard);
  // A recorded buy changes the ranking: its stream topic is sent to every instance's clients.
  const feed = createLeaderboardFeed({
    ledger: leaderboard,
    publishLocal: (message) => fastify.streamHub.publishRetained('leaderboard', message),
    broadcast: (message) => fastify.cluster.broadcast('leaderboard', message),
    onError: (error) => fastify.log.warn({ err: error }, 'leaderboard read for the stream failed'),
  });
  fastify.addHook('onReady', () => feed.load());
  const ledger = withRecordedBuyListener(options.ledger, () => {
    leaderboard.changed();
    feed.changed();
  });
  const chain = options.verifier;
  const { leaderRecords } = options;
  fastify.decorate(
    'leaderReports',
    createLeaderReportVerifier({
      ledger,
      chain,
      leaderRecords,
      leaderPresale,
      notFoundRetryDelaysMs:
        options.settings.leaderReportRetryDelaysMs ?? DEFAULT_NOT_FOUND_RETRY_DELAYS_MS,
      onError: (error, operation) =>
        fastify.log.warn({ err: error, operation }, 'leader verification upstream failed'),
    }),
  );
  fastify.decorate(
    'leaderIndex',
    createLeaderIndexer({ ledger, chain, leaderRecords, leaderPresale }),
  );
  done();
};

/** Decorates `leaderReports`, `leaderIndex` and `leaderboard` (see {@link leaderService}). */
export const leaderServicePlugin = fp(leaderService, {
  name: 'leader-service',
  fastify: '5.x',
  dependencies: ['caches', 'stream-hub', 'cluster'],
});
