import type { LeaderSummary } from '@fbt/domain';
import { createLeaderboardSource } from '../services/leaderboard-source';
import { dataEnvelope } from '../stream/envelopes';
import { createLeaderboardFeed } from '../stream/leaderboard-feed';
import { broadcastFeed } from './feeds';
import { presaleTopic } from './presale';
import { defineTopic } from './topic';

/** The ranking, and what a recorded leader buy must tell it. */
export interface Leaderboard {
  /** Leaders with at least one buy, by volume (then code, byte order), at most `limit`. */
  getLeaderboard(limit: number): Promise<LeaderSummary[]>;
  /** A leader buy was recorded here: read the ranking again and send it to every instance. */
  changed(): void;
}

/**
 * The leader ranking (`leaderboard`): the leader records' on-chain totals when the leader
 * presale has records, else the ledger's verified buys (`services/leaderboard-source.ts`). Read
 * by every instance once when ready, then again by the instance that records a leader buy
 * (`changed()`), which makes the `leaderboard` message (the top twenty as a
 * `LeaderboardResponse`) and sends it to the other instances before its own subscribers. No
 * refresh period and no `/readyz` judgement: it changes only when a buy is recorded. Served by
 * `GET /api/v1/leaderboard?limit=` (its own route: it takes a limit).
 */
export const leaderboardTopic = defineTopic({
  handle: 'leaderboard',
  refreshSetting: null,
  maxAgeMs: null,
  create(context) {
    const { ledger, leaderRecords, deployment, clock } = context.deps;
    const presales = context.cacheOf(presaleTopic);
    const source = createLeaderboardSource({
      ledger,
      leaderRecords,
      leaderPresale: deployment.presales.leader.address,
      // The ranking never reads the presale itself: before its first value, the ledger's.
      leadersOnChain: () =>
        Promise.resolve((presales.resources.leader.current()?.value.rules.leaderCount ?? 0n) > 0n),
      clock,
      onChainReadError: (error) =>
        context.log.warn({ err: error }, 'leader records read failed; leaderboard from the ledger'),
    });
    const messages = broadcastFeed('leaderboard');
    const feed = createLeaderboardFeed({
      ledger: source,
      toMessage: (json) => dataEnvelope('leaderboard', 'leaderboard', json),
      publishLocal: messages.publishLocal,
      broadcast: messages.send,
      onError: (error) =>
        context.log.warn({ err: error }, 'leaderboard read for the stream failed'),
    });
    const leaderboard: Leaderboard = {
      getLeaderboard: (limit) => source.getLeaderboard(limit),
      changed() {
        source.changed();
        feed.changed();
      },
    };
    return {
      cache: leaderboard,
      feeds: [messages.feed],
      shared: messages.shared,
      health: () => [],
      startLocal: () => feed.load(),
    };
  },
});
