import type { Clock, OnChainLeaderRecord } from '@fbt/domain';
import { createRefreshingResource, type RefreshingResource } from '../cache/refreshing-resource';
import type { Scheduler } from '../cache/scheduler';
import { leaderRecordSet, leaderRecordsKey, type LeaderRecordSet } from './leader-record-set';

/** Pushes of the leader records' accounts: a record's new state, or null once it is no record. */
export type LeaderRecordWatch = (
  onChange: (address: string, record: OnChainLeaderRecord | null) => void,
) => () => void;

/** How many codes the leader presale has registered (its `leaderCount`), and its changes. */
export interface RegisteredCount {
  current(): bigint | null;
  subscribe(listener: (count: bigint) => void): () => void;
}

/** Options of {@link createLeadersCache}. */
export interface LeadersCacheOptions {
  /** Every leader record of the leader presale (one `getProgramAccounts`). */
  readonly list: () => Promise<readonly OnChainLeaderRecord[]>;
  /** Pushes of the records' accounts (one programSubscribe); absent: changes on reads only. */
  readonly watch?: LeaderRecordWatch;
  readonly clock: Clock;
  readonly refreshMs: number;
  readonly maxAgeMs: number;
  /** The cache's name (metrics, `/readyz`, the key it is shared under). */
  readonly name: string;
  readonly onRefreshError?: (error: unknown) => void;
}

/**
 * Every leader record of the leader presale, read with one `getProgramAccounts` by the
 * instance that polls (the others take its entries) and answered from memory.
 */
export interface LeadersCache {
  readonly resource: RefreshingResource<readonly OnChainLeaderRecord[]>;
  /**
   * The records as this instance knows them, once a re-read asked for here (`changed`) is in.
   * Never read yet: the instance that polls reads once (joining a read under way); another
   * instance, or a read that failed, gives null (the chain could not be read).
   */
  snapshot(): Promise<LeaderRecordSet | null>;
  /**
   * A leader buy or claim was recorded here: the records are read again (by the instance that
   * polls; another one asks it through {@link onRefreshWanted}).
   */
  changed(): void;
  /** Another instance recorded a buy or claim and asks this one, if it polls, to read again. */
  requested(): void;
  /** Called when this instance, which does not poll, wants the poller to read again. */
  onRefreshWanted(listener: () => void): () => void;
  /**
   * The upstream work, on the instance that polls: the first read, a read every `refreshMs`,
   * one when the leader presale's registered count changes (a new code), and the pushes of
   * the records' accounts. Returns what stops it.
   */
  start(scheduler: Scheduler, registered: RegisteredCount): () => void;
}

/**
 * Creates the {@link LeadersCache}. A pushed record replaces its listed one at once; a list
 * read that was under way when the push came keeps the pushed record (it is the newer).
 * Re-reads asked for while one is under way wait for it and then make one more between them,
 * so a burst of recorded buys costs at most two reads.
 */
export function createLeadersCache(options: LeadersCacheOptions): LeadersCache {
  /** List reads begun, and the number of the last one over (read or failed). */
  let readsBegun = 0;
  let readsOver = 0;
  /** Records pushed since a list read began (`during`: the reads begun when it came). */
  const pushed = new Map<string, { record: OnChainLeaderRecord; during: number }>();
  const resource = createRefreshingResource<readonly OnChainLeaderRecord[]>({
    name: options.name,
    clock: options.clock,
    maxAgeMs: options.maxAgeMs,
    load: async () => {
      const read = ++readsBegun;
      try {
        const listed = await options.list();
        for (const [address, push] of pushed) if (push.during < read) pushed.delete(address);
        return leaderRecordSet(listed).all.map(
          (record) => pushed.get(record.address)?.record ?? record,
        );
      } finally {
        readsOver = read;
      }
    },
    toJson: (records, meta) => ({ leaders: records.length, stale: meta.stale }),
    keyOf: leaderRecordsKey,
    ...(options.onRefreshError === undefined ? {} : { onRefreshError: options.onRefreshError }),
  });

  let polling = false;
  let pending: Promise<void> | null = null;
  const wanted = new Set<() => void>();
  /** Resolves once a read begun after this call is over (joining one under way is not enough). */
  const readAfterNow = async (): Promise<void> => {
    const begunBefore = readsBegun;
    while (readsOver <= begunBefore) await resource.refresh();
  };
  const readAgain = (): void => {
    const read: Promise<void> = readAfterNow().finally(() => {
      if (pending === read) pending = null;
    });
    pending = read;
  };
  /** A pushed record replaces its listed one; one not listed yet (a new code) is read with the rest. */
  const onPush = (address: string, record: OnChainLeaderRecord | null): void => {
    if (record === null) {
      readAgain();
      return;
    }
    pushed.set(address, { record, during: readsBegun });
    const current = resource.current()?.value;
    if (current === undefined) return;
    const index = current.findIndex((listed) => listed.address === address);
    if (index < 0) {
      readAgain();
      return;
    }
    resource.push(current.map((listed, at) => (at === index ? record : listed)));
  };

  return {
    resource,
    async snapshot() {
      if (pending !== null) await pending;
      if (resource.current() === null && polling) await resource.refresh();
      const entry = resource.current();
      return entry === null ? null : leaderRecordSet(entry.value);
    },
    changed() {
      if (polling) readAgain();
      else for (const listener of [...wanted]) listener();
    },
    requested() {
      if (polling) readAgain();
    },
    onRefreshWanted(listener) {
      wanted.add(listener);
      return () => wanted.delete(listener);
    },
    start(scheduler, registered) {
      polling = true;
      void resource.refresh();
      let count = registered.current();
      const stops = [
        scheduler.every(options.refreshMs, () => void resource.refresh()),
        registered.subscribe((next) => {
          if (count !== null && next !== count) readAgain();
          count = next;
        }),
        options.watch?.(onPush) ?? (() => undefined),
      ];
      return () => {
        polling = false;
        for (const stop of stops.splice(0)) stop();
      };
    },
  };
}
