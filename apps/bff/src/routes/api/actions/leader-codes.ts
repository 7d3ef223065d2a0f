import type { LeaderRecordReader, OnChainLeaderRecord } from '@fbt/domain';
import type { LeadersCache } from '../../../services/leaders-cache';

/** Reads a code's record; `fresh` reads it from chain (a POST checks the chain itself). */
export type LeaderCodeLookup = (
  code: string,
  options?: { fresh?: boolean },
) => Promise<OnChainLeaderRecord | null>;

/** Options of {@link createLeaderCodeLookup}. */
export interface LeaderCodeLookupOptions {
  /** The BFF's leader-record port (owner, size, kind and PDA checked), for a fresh read. */
  readonly leaderRecords: Pick<LeaderRecordReader, 'readLeaderRecord'>;
  /** The leader records as the `leaders` topic holds them. */
  readonly leaders: Pick<LeadersCache, 'snapshot'>;
  /** The leader presale. */
  readonly presale: string;
}

/**
 * Leader records by code. A Blink posted on X is drawn by every reader's client, so a GET
 * finds the code among the records the `leaders` topic holds (no chain read per viewer; a
 * registration or a suspension shows once the topic has it); a POST, which builds a
 * transaction, reads the record at its PDA from chain. Throws when the records could never be
 * read, as a chain read does.
 */
export function createLeaderCodeLookup(options: LeaderCodeLookupOptions): LeaderCodeLookup {
  return async (code, { fresh = false } = {}) => {
    if (fresh) return options.leaderRecords.readLeaderRecord(options.presale, code);
    const records = await options.leaders.snapshot();
    if (records === null) throw new Error('LEADERS__UNAVAILABLE: the leader records are not read');
    return records.byCode(code);
  };
}
