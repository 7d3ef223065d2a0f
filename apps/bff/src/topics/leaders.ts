import { createLeadersCache } from '../services/leaders-cache';
import { presaleTopic } from './presale';
import { countedCall, defineTopic, requirePeriod } from './topic';

/**
 * Every leader record of the leader presale (`leaders`): read with one `getProgramAccounts`
 * (counted as `rpc`/`listLeaderRecords`) by the upstream lease holder only, every
 * `PRESALE_REFRESH_MS`, when the leader presale's registered count changes (a new code), and
 * when a leader buy or claim is recorded on any instance (another instance asks the holder
 * through Redis); the records' accounts are also watched (one programSubscribe filtered to the
 * leader presale's records), so a buy, a claim or a suspension is in at once. After failed reads, a presale push (the chain
 * answers again) reads the records at once. The other instances take the holder's entries.
 * Unfit for `/readyz` once older than three periods. No stream message and no route of its own: the leaderboard, the leader routes
 * (`/api/v1/leaders/:code`, `/by-wallet/:wallet`), the Blink's code lookup and the reconciler
 * read it (`fastify.leaders`), so a visitor never causes a chain read.
 */
export const leadersTopic = defineTopic({
  handle: 'leaders',
  refreshSetting: 'presaleRefreshMs',
  maxAgeMs: (refreshMs) => refreshMs * 3,
  create(context) {
    const { leaderRecords, deployment, clock } = context.deps;
    const { refreshMs, maxAgeMs } = requirePeriod(context);
    const leaderPresale = deployment.presales.leader.address;
    const watchAll = leaderRecords.watchLeaderRecords?.bind(leaderRecords);
    const watch =
      watchAll === undefined
        ? undefined
        : (onChange: Parameters<typeof watchAll>[1]) => watchAll(leaderPresale, onChange);
    const cache = createLeadersCache({
      name: 'leaders',
      list: () =>
        countedCall(context, 'rpc', 'listLeaderRecords', () =>
          leaderRecords.listLeaderRecords(leaderPresale),
        ),
      ...(watch === undefined ? {} : { watch }),
      clock,
      refreshMs,
      maxAgeMs,
      onRefreshError: (error) => context.refreshFailed('leaders', error),
    });
    const presales = context.cacheOf(presaleTopic);
    const presale = presales.resources.leader;
    const registered = {
      current: () => presale.current()?.value.rules.leaderCount ?? null,
      subscribe: (listener: (count: bigint) => void) =>
        presale.subscribe((entry) => listener(entry.value.rules.leaderCount)),
    };
    return {
      cache,
      feeds: [],
      shared: {
        by: 'lease-holder',
        entries: [cache.resource],
        refreshRequests: {
          onWanted: (listener) => cache.onRefreshWanted(listener),
          requested: () => cache.requested(),
        },
      },
      health: () => [cache.resource.health()],
      start: (scheduler) => {
        const stop = cache.start(scheduler, registered);
        // A presale push shows the chain answers: records whose last read failed are read now.
        const stopRetry = presales.onPush(() => cache.resource.retryIfFailing());
        return () => {
          stopRetry();
          stop();
        };
      },
    };
  },
});
