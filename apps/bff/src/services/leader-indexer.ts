import type { LeaderLedger, LeaderRecordReader, TransactionVerifier } from '@fbt/domain';
import { indexBuys } from './buy-index';
import { indexClaims } from './claim-index';
import type { LeaderRecordSet } from './leader-record-set';

/** Options of {@link createLeaderIndexer}. */
export interface LeaderIndexerOptions {
  readonly ledger: LeaderLedger;
  /** Reads transactions and signature lists from the chain. */
  readonly chain: TransactionVerifier;
  /** Reads a leader record the known ones do not hold (one registered since they were read). */
  readonly leaderRecords: Pick<LeaderRecordReader, 'readLeaderRecordAt'>;
  /**
   * The leader presale's records as already read (the `leaders` topic): who a buy paid, what
   * each record paid out. Null: they could not be read (the pass fails, for the next one).
   */
  readonly knownRecords: () => Promise<LeaderRecordSet | null>;
  /** The leader presale's state account. */
  readonly leaderPresale: string;
  /** Told once after a pass that recorded buys or claims (not once per buy). */
  readonly onIndexed?: () => void;
}

/** What one indexing pass did. */
export interface ReconcileOutcome {
  /** Signatures examined, of the leader presale and of the records with new claims. */
  readonly examined: number;
  /** Leader buys recorded. */
  readonly recorded: number;
  /** Commission claims (ClaimCommission) recorded. */
  readonly claims: number;
}

/**
 * The ledger as an index of the chain: each pass walks the leader presale's signatures past
 * the ledger's durable cursor and records the leader buys among them (BuyWith through a leader
 * record of the leader presale), then walks the signatures of every record that paid out more
 * than the ledger knows and records its claims. The records come from what is already read
 * (one read of a record only when a buy names one registered since, once per pass), so a pass
 * lists no records of its own and a first pass over a long history reads no record per buy. A
 * signature the chain does not show confirmed yet stops its walk there, for the next pass.
 */
export interface LeaderIndexer {
  /** One pass (`pageSize` signatures per page, default 100); a pass under way is joined. */
  reconcile(pageSize?: number): Promise<ReconcileOutcome>;
}

/** Creates the {@link LeaderIndexer}. */
export function createLeaderIndexer(options: LeaderIndexerOptions): LeaderIndexer {
  let running: Promise<ReconcileOutcome> | null = null;
  const pass = async (pageSize: number): Promise<ReconcileOutcome> => {
    const buys = await indexBuys(options, pageSize);
    const claims = await indexClaims(options, pageSize);
    if (buys.recorded + claims.claims > 0) options.onIndexed?.();
    return {
      examined: buys.examined + claims.examined,
      recorded: buys.recorded,
      claims: claims.claims,
    };
  };
  return {
    reconcile(pageSize = 100) {
      // One pass at a time per instance: a slow pass is joined, not doubled.
      running ??= pass(pageSize).finally(() => {
        running = null;
      });
      return running;
    },
  };
}
