import type {
  LeaderBuy,
  LeaderLedger,
  LeaderReportClaim,
  LeaderReportRejection,
  ObservedTransaction,
  SignatureInfo,
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
   * Records verified leader buys whose report never arrived: pages forward from the ledger's
   * durable cursor (every signature of the leader presale newer than it, collected newest
   * first with `until` = cursor and `before` paging, then settled oldest first), moving the
   * cursor only past signatures fully settled. A signature the chain does not show confirmed
   * yet stops the pass there; one with a leader code not registered yet is retried on later
   * passes (in memory). Returns how many signatures it examined and how many buys it recorded.
   */
  reconcile(pageSize?: number): Promise<ReconcileOutcome>;
}

/** Most signatures one pass collects past the cursor before refusing (pages of signatures only). */
const MAX_RECONCILE_BACKLOG = 1_000_000;
/** Most signatures with an unknown leader code kept for retry. */
const MAX_OPEN_SIGNATURES = 10_000;

/** What a reconciler pass did. */
export interface ReconcileOutcome {
  readonly examined: number;
  readonly recorded: number;
}

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
  /**
   * Signatures past the cursor whose leader code was unknown when examined: retried on every
   * pass (bounded, in memory) so a code registered a little later still earns.
   */
  const open = new Set<string>();
  const keepOpen = (signature: string): void => {
    open.add(signature);
    if (open.size > MAX_OPEN_SIGNATURES) {
      const oldest = open.values().next().value;
      if (oldest !== undefined) open.delete(oldest);
    }
  };
  let running: Promise<ReconcileOutcome> | null = null;

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

  /**
   * Examines one signature past the cursor: `settled` when no later pass could decide
   * otherwise, `open` for an unknown leader code (retried in memory), `blocked` when the chain
   * does not show it confirmed yet (the cursor must not pass it).
   */
  const reconcileOne = async (
    signature: string,
  ): Promise<{ state: 'settled' | 'open' | 'blocked'; recorded: boolean }> => {
    const observed = await verifier.observeTransaction(signature);
    if (observed.status !== 'found') return { state: 'blocked', recorded: false };
    const buy = observed.buys.find((candidate) => candidate.presale === options.leaderPresale);
    const code = observed.memos
      .map(parseLeaderMemo)
      .find((candidate): candidate is string => candidate !== null);
    if (buy === undefined || code === undefined) return { state: 'settled', recorded: false };
    const outcome = await verifyAndRecord(
      { signature, wallet: buy.buyer, leaderCode: code, lamports: buy.lamports },
      observed,
      'reconciler',
    );
    const recorded = outcome.kind === 'recorded';
    if (outcome.kind !== 'rejected') return { state: 'settled', recorded };
    if (outcome.retryable) return { state: 'blocked', recorded };
    return {
      state: outcome.code === 'LEADER_REPORT__UNKNOWN_LEADER' ? 'open' : 'settled',
      recorded,
    };
  };

  /** Signatures newer than the cursor, newest first, paging back with `before` until it. */
  const signaturesAfter = async (
    until: string | undefined,
    pageSize: number,
  ): Promise<SignatureInfo[]> => {
    const newer: SignatureInfo[] = [];
    let before: string | undefined;
    for (;;) {
      const page = await verifier.listRecentSignatures(options.leaderPresale, pageSize, {
        ...(before === undefined ? {} : { before }),
        ...(until === undefined ? {} : { until }),
      });
      newer.push(...page);
      before = page.at(-1)?.signature;
      if (page.length < pageSize || before === undefined) return newer;
      if (newer.length >= MAX_RECONCILE_BACKLOG) {
        throw new Error(
          `reconciler: more than ${MAX_RECONCILE_BACKLOG} signatures past the cursor; raise the page size`,
        );
      }
    }
  };

  const reconcilePass = async (pageSize: number): Promise<ReconcileOutcome> => {
    let examined = 0;
    let recorded = 0;
    for (const signature of [...open]) {
      examined++;
      const result = await reconcileOne(signature);
      if (result.recorded) recorded++;
      if (result.state !== 'open') open.delete(signature);
    }
    const cursor = await ledger.getReconcileCursor(options.leaderPresale);
    const oldestFirst = (await signaturesAfter(cursor?.signature, pageSize)).reverse();
    // Oldest first, one page at a time; the cursor moves only past signatures fully settled.
    for (let start = 0; start < oldestFirst.length; start += pageSize) {
      const page = oldestFirst.slice(start, start + pageSize);
      let settledUpTo: SignatureInfo | undefined;
      for (const entry of page) {
        if ((await ledger.findBuy(entry.signature)) === null) {
          examined++;
          const result = await reconcileOne(entry.signature);
          if (result.recorded) recorded++;
          if (result.state === 'blocked') {
            if (settledUpTo !== undefined) {
              await ledger.advanceReconcileCursor(options.leaderPresale, settledUpTo);
            }
            return { examined, recorded };
          }
          if (result.state === 'open') keepOpen(entry.signature);
        }
        settledUpTo = entry;
      }
      if (settledUpTo !== undefined) {
        await ledger.advanceReconcileCursor(options.leaderPresale, settledUpTo);
      }
    }
    return { examined, recorded };
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

    reconcile(pageSize = 100) {
      // One pass at a time per instance: a slow pass is joined, not doubled.
      running ??= reconcilePass(pageSize).finally(() => {
        running = null;
      });
      return running;
    },
  };
}
