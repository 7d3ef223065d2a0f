import type { LeaderSummary } from '@fbt/domain';
import { createLeaderboardSource } from '../services/leaderboard-source';
import { dataEnvelope } from '../stream/envelopes';
import { createLeaderboardFeed } from '../stream/leaderboard-feed';
import { derivedFeed } from './feeds';
import { leadersTopic } from './leaders';
import { presaleTopic } from './presale';
import { defineTopic } from './topic';

/** The ranking the leaderboard route reads. */
export interface Leaderboard {
  /** Leaders with at least one buy, by volume (then code, byte order), at most `limit`. */
  getLeaderboard(limit: number): Promise<LeaderSummary[]>;
}

/**
 * The leader ranking (`leaderboard`), derived: from the `leaders` topic's records when the
 * leader presale has records (its `leaderCount`), else from the ledger's verified buys
 * (`services/leaderboard-source.ts`); no chain read of its own. Every instance makes the
 * `leaderboard` message (the top twenty as a `LeaderboardResponse`) when ready and again
 * whenever the records it holds change (read by the lease holder, or taken from it) or the
 * leader presale's `leaderCount` does, and sends it to its subscribers when its bytes changed:
 * the same records give every instance the same bytes. No refresh period and no `/readyz`
 * judgement of its own (the `leaders` topic has them). Served by `GET /api/v1/leaderboard?limit=`
 * (its own route: it takes a limit).
 */
export const leaderboardTopic = defineTopic({
  handle: 'leaderboard',
  refreshSetting: null,
  maxAgeMs: null,
  create(context) {
    const leaders = context.cacheOf(leadersTopic);
    const presale = context.cacheOf(presaleTopic).resources.leader;
    const leaderCount = () => presale.current()?.value.rules.leaderCount ?? 0n;
    const source = createLeaderboardSource({
      ledger: context.deps.ledger,
      records: () => leaders.snapshot(),
      // The ranking never reads the presale itself: before its first value, the ledger's.
      leadersOnChain: () => leaderCount() > 0n,
    });
    const messages = derivedFeed('leaderboard');
    const feed = createLeaderboardFeed({
      ranking: source,
      toMessage: (json) => dataEnvelope('leaderboard', 'leaderboard', json),
      publish: messages.publish,
      onError: (error) =>
        context.log.warn({ err: error }, 'leaderboard read for the stream failed'),
    });
    let seenCount = leaderCount();
    leaders.resource.subscribe(() => void feed.update());
    presale.subscribe(() => {
      if (leaderCount() === seenCount) return;
      seenCount = leaderCount();
      void feed.update();
    });
    const leaderboard: Leaderboard = {
      getLeaderboard: (limit) => source.getLeaderboard(limit),
    };
    return {
      cache: leaderboard,
      feeds: [messages.feed],
      shared: { by: 'derived' },
      health: () => [],
      startLocal: () => feed.update(),
    };
  },
});
