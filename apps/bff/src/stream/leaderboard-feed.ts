import type { LeaderLedger } from '@fbt/domain';
import { summaryJson } from '../http/leader-json';

/** How many leaders the `leaderboard` stream message carries (the route's default limit). */
export const STREAMED_LEADERBOARD_SIZE = 20;

/** Options of {@link createLeaderboardFeed}. */
export interface LeaderboardFeedOptions {
  /** The ranking (the leader records' totals, else the ledger's). */
  readonly ranking: Pick<LeaderLedger, 'getLeaderboard'>;
  /** The stream message for a serialized `LeaderboardResponse`. */
  readonly toMessage: (leaderboardJson: string) => string;
  /** Keeps the message as the topic's current one and sends it to this instance's subscribers. */
  readonly publish: (message: string) => void;
  readonly onError: (error: unknown) => void;
}

/** The `leaderboard` stream topic's source. */
export interface LeaderboardFeed {
  /** The ranking may have changed: read it once more and publish its message. */
  update(): Promise<void>;
}

/**
 * Creates a {@link LeaderboardFeed}: each update reads the top of the ranking, builds the
 * message once and publishes those bytes; updates asked for during a read make one more read
 * after it, so a burst of changes costs at most one read in flight and one after it.
 */
export function createLeaderboardFeed(options: LeaderboardFeedOptions): LeaderboardFeed {
  let running: Promise<void> | null = null;
  let again = false;
  const run = async (): Promise<void> => {
    do {
      again = false;
      const leaders = await options.ranking.getLeaderboard(STREAMED_LEADERBOARD_SIZE);
      options.publish(options.toMessage(JSON.stringify({ leaders: leaders.map(summaryJson) })));
    } while (again);
  };
  return {
    update() {
      if (running !== null) {
        again = true;
        return running;
      }
      const started: Promise<void> = run()
        .catch(options.onError)
        .finally(() => {
          if (running === started) running = null;
        });
      running = started;
      return started;
    },
  };
}
