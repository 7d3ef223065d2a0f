import type {
  LeaderBuy,
  LeaderLedger,
  LeaderRecordReader,
  LeaderReportClaim,
  LeaderReportRejection,
  ObservedTransaction,
  OnChainLeaderRecord,
  SignatureInfo,
  TransactionVerifier,
} from '@fbt/domain';
import {
  LEADER_REPORT_REJECTION_MESSAGES,
  parseLeaderMemo,
  verifyLeaderReport,
  verifyOnChainLeaderReport,
} from '@fbt/domain';

import { isChainReadError, markChainReads, asChainReadError } from './chain-read';
import { createClaimIndex, registerFromRecord } from './claim-index';

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
  /** The program's leader records (the on-chain leaders' codes, wallets and claims). */
  readonly leaderRecords: LeaderRecordReader;
  /**
   * Whether the leader presale has leader records (its `leaderCount`): then a leader buy earns
   * only through its record (BuyWith naming it), never through a memo alone.
   */
  readonly leadersOnChain: () => Promise<boolean>;
  readonly onError?: (error: unknown, context: string) => void;
  /**
   * Waits before re-reading a transaction the chain does not show yet: the buyer's page saw it
   * confirmed, but this server's RPC node may lag a slot or two (~3 s in all by default in the
   * leader-service plugin, so a fake hash still gets its answer quickly). Empty: answer at once.
   */
  readonly notFoundRetryDelaysMs?: readonly number[];
  readonly sleep?: (ms: number) => Promise<void>;
}

/**
 * Verified leader reports and the reconciler. On a leader presale with leader records the
 * ledger is an index of the chain: a leader buy is a BuyWith naming a record of the leader
 * presale (code and wallet from the record, commission as the program paid it into the
 * record), and a claim is a ClaimCommission the record paid; reports are acknowledgements
 * checked against that. Without leader records the v1 rule holds: a Buy with the memo
 * `fbt:leader:<code>` of a code registered in the ledger, commission computed here.
 */
export interface LeaderService {
  /** Verifies a report against the chain and records it (idempotent by signature). */
  report(claim: LeaderReportClaim): Promise<LeaderReportOutcome>;
  /**
   * Records verified leader buys whose report never arrived: pages forward from the ledger's
   * durable cursor (every signature of the leader presale newer than it, collected newest
   * first with `until` = cursor and `before` paging, then settled oldest first), moving the
   * cursor only past signatures fully settled. A signature the chain does not show confirmed
   * yet stops the pass there; one with a leader code not registered yet is retried on later
   * passes (in memory). Then, with leaders on chain, records the claims of every leader record
   * whose on-chain `claimed` exceeds the ledger's claims (paging its signatures past a cursor
   * of its own). Returns how many signatures it examined and how many buys and claims it
   * recorded.
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
  /**
   * Commission claims recorded (ClaimCommission transactions of the leader records); absent
   * when the leader presale has no leader records (no claims pass).
   */
  readonly claims?: number;
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
export function createLeaderService(serviceOptions: LeaderServiceOptions): LeaderService {
  const options = {
    ...serviceOptions,
    leaderRecords: markChainReads(serviceOptions.leaderRecords),
    leadersOnChain: () =>
      serviceOptions.leadersOnChain().catch((error: unknown) => {
        throw asChainReadError(error);
      }),
  };
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

  /** The leader presale's purchase in a successful transaction, when there is exactly one. */
  const ensureLeader = (record: OnChainLeaderRecord) => registerFromRecord(ledger, record);
  const claimIndex = createClaimIndex({
    ledger,
    verifier,
    leaderRecords: options.leaderRecords,
    leaderPresale: options.leaderPresale,
    leadersOnChain: options.leadersOnChain,
    signaturesAfter: (address, until, pageSize) => signaturesAfter(address, until, pageSize),
  });

  const leaderPurchase = (observed: ObservedTransaction) => {
    if (observed.status !== 'found' || observed.error !== null) return undefined;
    const buys = observed.buys.filter((buy) => buy.presale === options.leaderPresale);
    return buys.length === 1 ? buys[0] : undefined;
  };

  /**
   * Verifies a claim against the transaction and records it. A purchase naming a leader
   * record is checked against that record as read from chain (`record` when the caller read
   * it already); a purchase without one, on a presale whose leaders are on chain, earns
   * nothing; otherwise the v1 memo rule applies.
   */
  const verifyAndRecord = async (
    claim: LeaderReportClaim,
    observed: ObservedTransaction,
    source: LeaderBuy['source'],
    record?: OnChainLeaderRecord | null,
  ): Promise<LeaderReportOutcome> => {
    const purchase = leaderPurchase(observed);
    const recordAddress = purchase?.leaderRecord ?? null;
    let verdict;
    let code = claim.leaderCode;
    if (recordAddress !== null) {
      const onChain =
        record === undefined
          ? await options.leaderRecords.readLeaderRecordAt(recordAddress)
          : record;
      verdict = verifyOnChainLeaderReport(claim, observed, options.leaderPresale, onChain);
      if (verdict.ok && onChain !== null) {
        await ensureLeader(onChain);
        code = onChain.code;
      }
    } else if (purchase !== undefined && (await options.leadersOnChain())) {
      verdict = verifyOnChainLeaderReport(claim, observed, options.leaderPresale, null);
    } else {
      const leader = await ledger.findLeader(claim.leaderCode);
      verdict = verifyLeaderReport(claim, observed, options.leaderPresale, leader);
    }
    if (!verdict.ok) return rejected(verdict.rejection, verdict.retryable);
    const { inserted, buy } = await ledger.recordBuy({
      signature: claim.signature,
      wallet: claim.wallet,
      leaderCode: code,
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
    const purchase = leaderPurchase(observed);
    if (purchase === undefined) return { state: 'settled', recorded: false };
    let outcome: LeaderReportOutcome;
    if (purchase.leaderRecord !== undefined && purchase.leaderRecord !== null) {
      // The code is the record's: the chain says who earned, no report needed.
      const record = await options.leaderRecords.readLeaderRecordAt(purchase.leaderRecord);
      if (record === null || record.presale !== options.leaderPresale) {
        return { state: 'settled', recorded: false };
      }
      outcome = await verifyAndRecord(
        { signature, wallet: purchase.buyer, leaderCode: record.code, lamports: purchase.lamports },
        observed,
        'reconciler',
        record,
      );
    } else {
      if (await options.leadersOnChain()) return { state: 'settled', recorded: false };
      const code = observed.memos
        .map(parseLeaderMemo)
        .find((candidate): candidate is string => candidate !== null);
      if (code === undefined) return { state: 'settled', recorded: false };
      outcome = await verifyAndRecord(
        { signature, wallet: purchase.buyer, leaderCode: code, lamports: purchase.lamports },
        observed,
        'reconciler',
      );
    }
    const recorded = outcome.kind === 'recorded';
    if (outcome.kind !== 'rejected') return { state: 'settled', recorded };
    if (outcome.retryable) return { state: 'blocked', recorded };
    return {
      state: outcome.code === 'LEADER_REPORT__UNKNOWN_LEADER' ? 'open' : 'settled',
      recorded,
    };
  };

  /** Signatures of `address` newer than the cursor, newest first, paging back with `before`. */
  const signaturesAfter = async (
    address: string,
    until: string | undefined,
    pageSize: number,
  ): Promise<SignatureInfo[]> => {
    const newer: SignatureInfo[] = [];
    let before: string | undefined;
    for (;;) {
      const page = await verifier.listRecentSignatures(address, pageSize, {
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

  /**
   * The buys pass: pages the leader presale's signatures forward from its cursor. Returns
   * early (the cursor left before a signature) when the chain does not show one yet.
   */
  const reconcileBuys = async (pageSize: number): Promise<ReconcileOutcome> => {
    let examined = 0;
    let recorded = 0;
    for (const signature of [...open]) {
      examined++;
      const result = await reconcileOne(signature);
      if (result.recorded) recorded++;
      if (result.state !== 'open') open.delete(signature);
    }
    const cursor = await ledger.getReconcileCursor(options.leaderPresale);
    const oldestFirst = (
      await signaturesAfter(options.leaderPresale, cursor?.signature, pageSize)
    ).reverse();
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

  const reconcilePass = async (pageSize: number): Promise<ReconcileOutcome> => {
    const buys = await reconcileBuys(pageSize);
    const found = await claimIndex.reconcileClaims(pageSize);
    // `claims` only when the claims pass ran (leaders on chain).
    return found === null
      ? buys
      : { examined: buys.examined + found.examined, recorded: buys.recorded, claims: found.claims };
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
      try {
        return await verifyAndRecord(claim, observed, 'report');
      } catch (error) {
        if (!isChainReadError(error)) throw error;
        options.onError?.(error, 'readLeaderRecord');
        return { kind: 'unavailable', message: 'The chain could not be read; retry shortly.' };
      }
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
