import type { FastifyPluginCallback } from 'fastify';
import fp from 'fastify-plugin';
import type { AppDeps, AppSettings } from '../../app-deps';
import { createLeaderIndexer, type LeaderIndexer } from '../../services/leader-indexer';
import {
  createLeaderReportVerifier,
  type LeaderReportVerifier,
} from '../../services/leader-report-verifier';
import { withRecordedBuyListener } from '../../services/recorded-buys';

declare module 'fastify' {
  interface FastifyInstance {
    /** Leader reports, acknowledged once checked against the chain. */
    leaderReports: LeaderReportVerifier;
    /** The reconciler: indexes the leader presale's buys and the records' claims from chain. */
    leaderIndex: LeaderIndexer;
  }
}

/** Re-reads of a reported transaction the chain does not show yet (~3 s in all). */
const DEFAULT_NOT_FOUND_RETRY_DELAYS_MS: readonly number[] = [500, 1_000, 1_500];

/** The ledger, verifier, deployment and setting {@link leaderServicePlugin} reads. */
export type LeaderServicePluginOptions = Pick<
  AppDeps,
  'ledger' | 'verifier' | 'deployment' | 'leaderRecords'
> & {
  readonly settings: Pick<AppSettings, 'leaderReportRetryDelaysMs'>;
};

/**
 * The leader report verifier and the indexer (reconciler) over the ledger and the chain, for
 * the leader presale of the deployment; the indexer takes the leader records from the `leaders`
 * topic, and both tell it when they record something. Upstream failures during a report are
 * logged; the caller answers 503.
 */
const leaderService: FastifyPluginCallback<LeaderServicePluginOptions> = (
  fastify,
  options,
  done,
) => {
  const leaderPresale = options.deployment.presales.leader.address;
  const { leaders } = fastify;
  // A reported buy changed its record: the `leaders` topic reads the records again (and the
  // leaderboard follows it).
  const ledger = withRecordedBuyListener(options.ledger, () => leaders.changed());
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
    createLeaderIndexer({
      // Not the listening ledger: a pass tells the `leaders` topic once, not once per buy.
      ledger: options.ledger,
      chain,
      leaderRecords,
      knownRecords: () => leaders.snapshot(),
      leaderPresale,
      onIndexed: () => leaders.changed(),
    }),
  );
  done();
};

/** Decorates `leaderReports` and `leaderIndex` (see {@link leaderService}). */
export const leaderServicePlugin = fp(leaderService, {
  name: 'leader-service',
  fastify: '5.x',
  dependencies: ['caches'],
});
