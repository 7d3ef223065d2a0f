import type {
  LeaderLedger,
  LeaderRecordReader,
  LeaderReportClaim,
  ObservedTransaction,
  OnChainLeaderRecord,
  TransactionVerifier,
} from '@fbt/domain';
import {
  compareWithStored,
  indexLeaderBuy,
  leaderPurchaseIn,
  type LeaderReportOutcome,
} from './leader-buys';

/** Options of {@link createLeaderReportVerifier}. */
export interface LeaderReportVerifierOptions {
  readonly ledger: LeaderLedger;
  /** Reads transactions from the chain. */
  readonly chain: TransactionVerifier;
  /** The program's leader records (who a buy paid). */
  readonly leaderRecords: Pick<LeaderRecordReader, 'readLeaderRecordAt'>;
  /** The leader presale's state account. */
  readonly leaderPresale: string;
  /**
   * Waits before re-reading a transaction the chain does not show yet: the buyer's page saw it
   * confirmed, but this server's RPC node may lag a slot or two (~3 s in all by default in the
   * leader-service plugin, so a fake hash still gets its answer quickly). Empty: answer at once.
   */
  readonly notFoundRetryDelaysMs?: readonly number[];
  readonly sleep?: (ms: number) => Promise<void>;
  /** Told of a chain read that failed (the report is answered `unavailable`). */
  readonly onError?: (error: unknown, operation: string) => void;
}

/**
 * Leader reports as acknowledgements checked against the chain: a report is recorded (or found
 * already recorded) when its transaction is a BuyWith on the leader presale through a leader
 * record of it, by the reported wallet for the reported lamports and code, and the record
 * received the program's 10%; anything else is refused with the reason.
 */
export interface LeaderReportVerifier {
  /** Checks one report against the chain and indexes its buy (idempotent by signature). */
  report(claim: LeaderReportClaim): Promise<LeaderReportOutcome>;
}

const UNAVAILABLE: LeaderReportOutcome = {
  kind: 'unavailable',
  message: 'The chain could not be read; retry shortly.',
};

const realSleep = (ms: number) => new Promise<void>((resolve) => setTimeout(resolve, ms));

/** Creates the {@link LeaderReportVerifier}. */
export function createLeaderReportVerifier(
  options: LeaderReportVerifierOptions,
): LeaderReportVerifier {
  const { ledger, chain, leaderPresale } = options;
  const delays = options.notFoundRetryDelaysMs ?? [];
  const sleep = options.sleep ?? realSleep;

  /** The transaction, re-read after each delay while the chain does not show it. */
  const observe = async (signature: string): Promise<ObservedTransaction> => {
    let observed = await chain.observeTransaction(signature);
    for (const delay of delays) {
      if (observed.status === 'found') break;
      await sleep(delay);
      observed = await chain.observeTransaction(signature);
    }
    return observed;
  };

  /** Runs a chain read; `null` (after telling `onError`) when it failed. */
  const chainRead = async <T extends object>(
    operation: string,
    work: () => Promise<T>,
  ): Promise<T | null> => {
    try {
      return await work();
    } catch (error) {
      options.onError?.(error, operation);
      return null;
    }
  };

  /** The leader record the transaction's purchase names, as read from chain. */
  const recordNamedIn = (
    observed: ObservedTransaction,
  ): Promise<{ record: OnChainLeaderRecord | null } | null> => {
    const named = leaderPurchaseIn(observed, leaderPresale)?.leaderRecord ?? null;
    if (named === null) return Promise.resolve({ record: null });
    return chainRead('readLeaderRecord', async () => ({
      record: await options.leaderRecords.readLeaderRecordAt(named),
    }));
  };

  return {
    async report(claim) {
      const stored = await ledger.findBuy(claim.signature);
      if (stored !== null) return compareWithStored(claim, stored);
      const observed = await chainRead('observeTransaction', () => observe(claim.signature));
      if (observed === null) return UNAVAILABLE;
      const named = await recordNamedIn(observed);
      if (named === null) return UNAVAILABLE;
      return indexLeaderBuy(ledger, leaderPresale, claim, observed, named.record, 'report');
    },
  };
}
