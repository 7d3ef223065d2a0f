import type { FastifyPluginCallback } from 'fastify';
import fp from 'fastify-plugin';
import type { AppDeps, AppSettings } from '../../app-deps';
import { createLeaderService, type LeaderService } from '../../services/leader-service';
import { withRecordedBuyListener } from '../../stream/leaderboard-feed';

declare module 'fastify' {
  interface FastifyInstance {
    /** Verified leader reports and the reconciler. */
    leaderService: LeaderService;
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
 * The leader service over the ledger and the chain verifier, for the leader presale of the
 * deployment. Upstream failures during verification are logged; the caller answers 503.
 */
const leaderService: FastifyPluginCallback<LeaderServicePluginOptions> = (
  fastify,
  options,
  done,
) => {
  const leaderPresale = options.deployment.presales.leader.address;
  // The cached leader presale says how many leader records it has. Before its first value,
  // wait for the refresh under way (single-flight: no read of our own).
  const leadersOnChain = async (): Promise<boolean> => {
    const resource = fastify.presaleCache.resources.leader;
    if (resource.current() === null) await resource.refresh();
    const snapshot = resource.current()?.value;
    if (snapshot === undefined) throw new Error('the leader presale has not been read yet');
    return snapshot.rules.leaderCount > 0n;
  };
  fastify.decorate(
    'leaderService',
    createLeaderService({
      // A recorded buy changes the ranking (the `leaderboard` topic reads it again).
      ledger: withRecordedBuyListener(options.ledger, () => fastify.leaderboard.changed()),
      verifier: options.verifier,
      leaderPresale,
      leaderRecords: options.leaderRecords,
      leadersOnChain,
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
  dependencies: ['caches', 'stream-hub', 'cluster'],
});
