import type { Clock, LeaderRecordReader, OnChainLeaderRecord } from '@fbt/domain';

/** Reads a code's record; `fresh` skips the short-lived cache (a POST checks the chain itself). */
export type LeaderCodeLookup = (
  code: string,
  options?: { fresh?: boolean },
) => Promise<OnChainLeaderRecord | null>;

/** Options of {@link createLeaderCodeLookup}. */
export interface LeaderCodeLookupOptions {
  /** The BFF's leader-record port (owner, size, kind and PDA checked). */
  readonly leaderRecords: Pick<LeaderRecordReader, 'readLeaderRecord'>;
  /** The leader presale. */
  readonly presale: string;
  readonly clock: Clock;
  /** How long a GET reuses a read (default 30 s). */
  readonly ttlMs?: number;
  /** Codes remembered at most (default 1000); the oldest read is dropped first. */
  readonly maxEntries?: number;
}

interface Entry {
  readonly readAt: number;
  readonly value: Promise<OnChainLeaderRecord | null>;
}

/**
 * Leader records read from the chain (PDA `["leader", presale, code]`). A Blink posted on X is
 * drawn by every reader's client, so GETs share one read per code for `ttlMs` (single-flight
 * while in flight, failures not kept): the chain is read per code and minute, not per viewer.
 */
export function createLeaderCodeLookup(options: LeaderCodeLookupOptions): LeaderCodeLookup {
  const ttlMs = options.ttlMs ?? 30_000;
  const maxEntries = options.maxEntries ?? 1_000;
  const entries = new Map<string, Entry>();

  const read = (code: string): Promise<OnChainLeaderRecord | null> =>
    options.leaderRecords.readLeaderRecord(options.presale, code);

  return (code, { fresh = false } = {}) => {
    const now = options.clock.now();
    const cached = entries.get(code);
    if (!fresh && cached !== undefined && now - cached.readAt < ttlMs) return cached.value;
    const value = read(code);
    entries.delete(code);
    entries.set(code, { readAt: now, value });
    value.catch(() => {
      if (entries.get(code)?.value === value) entries.delete(code);
    });
    while (entries.size > maxEntries) {
      const oldest = entries.keys().next().value;
      if (oldest === undefined) break;
      entries.delete(oldest);
    }
    return value;
  };
}
