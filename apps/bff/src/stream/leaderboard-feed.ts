import type { LeaderBuy, LeaderLedger } from '@fbt/domain';
import { summaryJson } from '../http/leader-json';

/** How many leaders the `leaderboard` stream message carries (the route's default limit). */
export const STREAMED_LEADERBOARD_SIZE = 20;

/**
 * The ledger with a listener told after every buy it newly records (not after a replay of a
 * known signature). Everything else is the ledger's own (prototype delegation).
 */
export function withRecordedBuyListener(
  ledger: LeaderLedger,
  onRecorded: (buy: LeaderBuy) => void,
): LeaderLedger {
  const wrapped = Object.create(ledger) as LeaderLedger;
  return Object.assign(wrapped, {
    async recordBuy(input: Parameters<LeaderLedger['recordBuy']>[0]) {
      const result = await ledger.recordBuy(input);
      if (result.inserted) onRecorded(result.buy);
      return result;
    },
  });
}

/** Options of {@link createLeaderboardFeed}. */
export interface LeaderboardFeedOptions {
  readonly ledger: Pick<LeaderLedger, 'getLeaderboard'>;
  /** The stream message for a serialized `LeaderboardResponse`. */
  readonly toMessage: (leaderboardJson: string) => string;
  /** Sends the message to this instance's subscribers and keeps it for later ones. */
  readonly publishLocal: (message: string) => void;
  /** Sends the message to the other instances' subscribers. */
  readonly broadcast: (message: string) => void;
  readonly onError: (error: unknown) => void;
}

/** The `leaderboard` stream topic's source. */
export interface LeaderboardFeed {
  /** Reads the leaderboard for this instance's subscribers only (at start-up). */
  load(): Promise<void>;
  /** A buy was recorded here: read the leaderboard once and send it to every instance. */
  changed(): void;
}

/**
 * Creates a {@link LeaderboardFeed}. The instance that records a buy reads the ranking once,
 * builds the message once and publishes those bytes; a burst of buys costs at most one read in
 * flight and one after it.
 */
export function createLeaderboardFeed(options: LeaderboardFeedOptions): LeaderboardFeed {
  let running: Promise<void> | null = null;
  let again = false;
  const read = async (): Promise<string> => {
    const leaders = await options.ledger.getLeaderboard(STREAMED_LEADERBOARD_SIZE);
    return options.toMessage(JSON.stringify({ leaders: leaders.map(summaryJson) }));
  };
  const run = async (): Promise<void> => {
    do {
      again = false;
      const message = await read();
      // The other instances first: they send while this one walks its own sockets.
      options.broadcast(message);
      options.publishLocal(message);
    } while (again);
  };
  return {
    async load() {
      try {
        options.publishLocal(await read());
      } catch (error) {
        options.onError(error);
      }
    },
    changed() {
      if (running !== null) {
        again = true;
        return;
      }
      running = run()
        .catch(options.onError)
        .finally(() => {
          running = null;
        });
    },
  };
}
