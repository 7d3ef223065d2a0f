import type {
  LeaderBuy,
  LeaderLedger,
  LeaderReportClaim,
  LeaderReportRejection,
  ObservedTransaction,
  TransactionVerifier,
} from '@fbt/domain';
import { LEADER_REPORT_REJECTION_MESSAGES, parseLeaderMemo, verifyLeaderReport } from '@fbt/domain';

/** What became of a report. */
export type LeaderReportOutcome =
  | { readonly kind: 'recorded' | 'already-recorded'; readonly buy: LeaderBuy }
  | {
      readonly kind: 'rejected';
      readonly code: LeaderReportRejection;
      readonly message: string;
      /** True when the same report may succeed later (the transaction is not confirmed yet). */
      readonly retryable: boolean;
    }
  | { readonly kind: 'unavailable'; readonly message: string };

/** Options of {@link createLeaderService}. */
export interface LeaderServiceOptions {
  readonly ledger: LeaderLedger;
  readonly verifier: TransactionVerifier;
  /** The leader presale's state account. */
  readonly leaderPresale: string;
  readonly onError?: (error: unknown, context: string) => void;
  /**
   * Waits before re-reading a transaction the chain does not show yet: the buyer's page saw it
   * confirmed, but this server's RPC node may lag a slot or two (~3 s in all by default in the
   * leader-service plugin, so a fake hash still gets its answer quickly). Empty: answer at once.
   */
  readonly notFoundRetryDelaysMs?: readonly number[];
  readonly sleep?: (ms: number) => Promise<void>;
}

/** Verified leader reports and the reconciler. */
export interface LeaderService {
  /** Verifies a report against the chain and records it (idempotent by signature). */
  report(claim: LeaderReportClaim): Promise<LeaderReportOutcome>;
  /**
   * Scans the leader presale's recent signatures and records verified leader buys whose
   * report never arrived, paging back until it meets signatures it already settled.
   * Returns how many signatures it examined and how many buys it recorded.
   */
  reconcile(pageSize?: number): Promise<{ examined: number; recorded: number }>;
}

/** How far back one reconciler run may page (pages of `pageSize` signatures). */
const MAX_RECONCILE_PAGES = 10;

function rejected(code: LeaderReportRejection, retryable = false): LeaderReportOutcome {
  return { kind: 'rejected', code, message: LEADER_REPORT_REJECTION_MESSAGES[code], retryable };
}

/** Compares a replayed report with the stored row: the first verified report wins. */
function compareWithStored(claim: LeaderReportClaim, stored: LeaderBuy): LeaderReportOutcome {
  if (stored.wallet !== claim.wallet) return rejected('LEADER_REPORT__SIGNER_MISMATCH');
  if (stored.lamports !== claim.lamports) return rejected('LEADER_REPORT__AMOUNT_MISMATCH');
  if (stored.leaderCode !== claim.leaderCode) return rejected('LEADER_REPORT__MEMO_MISMATCH');
  if (
    claim.claimedCommissionLamports !== undefined &&
    claim.claimedCommissionLamports !== stored.commissionLamports
  ) {
    return rejected('LEADER_REPORT__COMMISSION_MISMATCH');
  }
  return { kind: 'already-recorded', buy: stored };
}

/** Creates the {@link LeaderService}. */
export function createLeaderService(options: LeaderServiceOptions): LeaderService {
  const { ledger, verifier } = options;
  /** Signatures the reconciler already judged unrecordable (bounded). */
  const settled = new Set<string>();
  const remember = (signature: string): void => {
    settled.add(signature);
    if (settled.size > 10_000) {
      const oldest = settled.values().next().value;
      if (oldest !== undefined) settled.delete(oldest);
    }
  };

  const verifyAndRecord = async (
    claim: LeaderReportClaim,
    observed: ObservedTransaction,
    source: LeaderBuy['source'],
  ): Promise<LeaderReportOutcome> => {
    const leader = await ledger.findLeader(claim.leaderCode);
    const verdict = verifyLeaderReport(claim, observed, options.leaderPresale, leader);
    if (!verdict.ok) return rejected(verdict.rejection, verdict.retryable);
    const { inserted, buy } = await ledger.recordBuy({
      signature: claim.signature,
      wallet: claim.wallet,
      leaderCode: claim.leaderCode,
      lamports: verdict.lamports,
      commissionLamports: verdict.commissionLamports,
      slot: verdict.slot,
      blockTime: verdict.blockTime,
      source,
    });
    return inserted ? { kind: 'recorded', buy } : compareWithStored(claim, buy);
  };

  /** Examines one unknown signature; settles it unless a later run could decide otherwise. */
  const reconcileOne = async (signature: string): Promise<'recorded' | 'skipped'> => {
    const observed = await verifier.observeTransaction(signature);
    if (observed.status !== 'found') return 'skipped';
    const buy = observed.buys.find((candidate) => candidate.presale === options.leaderPresale);
    const code = observed.memos
      .map(parseLeaderMemo)
      .find((candidate): candidate is string => candidate !== null);
    if (buy === undefined || code === undefined) {
      remember(signature);
      return 'skipped';
    }
    const outcome = await verifyAndRecord(
      { signature, wallet: buy.buyer, leaderCode: code, lamports: buy.lamports },
      observed,
      'reconciler',
    );
    // A code registered later must still earn: only settle what can never change.
    const mayChange =
      outcome.kind === 'rejected' &&
      (outcome.retryable || outcome.code === 'LEADER_REPORT__UNKNOWN_LEADER');
    if (!mayChange) remember(signature);
    return outcome.kind === 'recorded' ? 'recorded' : 'skipped';
  };

  return {
    async report(claim) {
      const stored = await ledger.findBuy(claim.signature);
      if (stored !== null) return compareWithStored(claim, stored);
      let observed: ObservedTransaction;
      const delays = options.notFoundRetryDelaysMs ?? [];
      const sleep = options.sleep ?? ((ms: number) => new Promise((r) => setTimeout(r, ms)));
      try {
        observed = await verifier.observeTransaction(claim.signature);
        for (const delay of delays) {
          if (observed.status === 'found') break;
          await sleep(delay);
          observed = await verifier.observeTransaction(claim.signature);
        }
      } catch (error) {
        options.onError?.(error, 'observeTransaction');
        return { kind: 'unavailable', message: 'The chain could not be read; retry shortly.' };
      }
      return verifyAndRecord(claim, observed, 'report');
    },

    async reconcile(pageSize = 100) {
      let examined = 0;
      let recorded = 0;
      let before: string | undefined;
      // Walk back page by page until a page reaches signatures already settled (or the page
      // is not full), so a burst of more than one page of buys between runs is not missed.
      for (let page = 0; page < MAX_RECONCILE_PAGES; page++) {
        const signatures = await verifier.listRecentSignatures(
          options.leaderPresale,
          pageSize,
          before,
        );
        let reachedKnown = false;
        for (const signature of signatures) {
          if (settled.has(signature)) {
            reachedKnown = true;
            continue;
          }
          if ((await ledger.findBuy(signature)) !== null) {
            remember(signature);
            reachedKnown = true;
            continue;
          }
          examined++;
          const outcome = await reconcileOne(signature);
          if (outcome === 'recorded') recorded++;
        }
        before = signatures.at(-1);
        if (reachedKnown || signatures.length < pageSize || before === undefined) break;
      }
      return { examined, recorded };
    },
  };
}
