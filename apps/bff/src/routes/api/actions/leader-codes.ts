import {
  decodeLeaderRecordAccount,
  findLeaderRecordAddress,
  type LeaderRecordAccount,
} from '@fbt/presale-client';
import type { Connection, PublicKey } from '@solana/web3.js';
import type { Clock } from '@fbt/domain';

/** A leader code's on-chain record (its PDA and what it holds), or null when not registered. */
export interface LeaderCodeRecord {
  readonly address: PublicKey;
  readonly record: LeaderRecordAccount;
}

/** Reads a code's record; `fresh` skips the short-lived cache (a POST checks the chain itself). */
export type LeaderCodeLookup = (
  code: string,
  options?: { fresh?: boolean },
) => Promise<LeaderCodeRecord | null>;

/** Options of {@link createLeaderCodeLookup}. */
export interface LeaderCodeLookupOptions {
  readonly connection: Pick<Connection, 'getAccountInfo'>;
  readonly programId: PublicKey;
  /** The leader presale. */
  readonly presale: PublicKey;
  readonly clock: Clock;
  /** How long a GET reuses a read (default 30 s). */
  readonly ttlMs?: number;
  /** Codes remembered at most (default 1000); the oldest read is dropped first. */
  readonly maxEntries?: number;
}

interface Entry {
  readonly readAt: number;
  readonly value: Promise<LeaderCodeRecord | null>;
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

  const read = async (code: string): Promise<LeaderCodeRecord | null> => {
    const [address] = findLeaderRecordAddress(options.programId, options.presale, code);
    const info = await options.connection.getAccountInfo(address, 'confirmed');
    if (info === null) return null;
    const record = decodeLeaderRecordAccount(new Uint8Array(info.data));
    return { address, record };
  };

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
