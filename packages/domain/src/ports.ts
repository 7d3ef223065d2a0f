import type { BuyerRecord } from './buyer-record';
import type { Community } from './goals';
import type { PresaleDelivery } from './presale-delivery';
import type { PresaleState } from './presale-state';
import type { PresaleTotals } from './presale-totals';
import type { PythPrice } from './price';
import type { PresaleSaleRules } from './sale-rules';

/**
 * Ports: what the product needs from the outside world, named for the need, not the tool.
 * Adapters (`packages/adapters`) implement them; only the BFF's composition root wires them.
 */

/** Stops a subscription. */
export type Unsubscribe = () => void;

/** Wall-clock time, injected so rules and caches are testable. */
export interface Clock {
  /** Milliseconds since the Unix epoch. */
  now(): number;
}

/** A presale account as read from the chain. */
export interface PresaleSnapshot {
  readonly address: string;
  readonly state: PresaleState;
  /** The program's window, allowlist root and leader count, from the same account bytes. */
  readonly rules: PresaleSaleRules;
  /**
   * The program's buyer count and leader commission, from the same account bytes; absent for an
   * account shorter than version 2, which does not keep them.
   */
  readonly totals?: PresaleTotals;
  /**
   * The delivery mode, vesting, minimum raise and sale outcome, from the same account bytes;
   * absent for an account shorter than version 3, which is an instant presale
   * (`INSTANT_DELIVERY`: use {@link deliveryOf}).
   */
  readonly delivery?: PresaleDelivery;
  /** Slot the value was read at (context slot). */
  readonly slot: number;
}

/** Reads (and optionally watches) presale state accounts at 'confirmed' commitment. */
export interface PresaleStateReader {
  /** `null` when the account does not exist. Throws on transport failure. */
  readPresaleState(address: string): Promise<PresaleSnapshot | null>;
  /** Calls `onChange` on every change pushed by the chain; the caller unsubscribes. */
  watchPresaleState(address: string, onChange: (snapshot: PresaleSnapshot) => void): Unsubscribe;
}

/** Reads the per-buyer record of a wallet on a presale. */
export interface BuyerRecordReader {
  /** `null` when the wallet has never bought (no record account). */
  readBuyerRecord(presale: string, wallet: string): Promise<BuyerRecord | null>;
}

/** The SOL/USD price. Throws when no valid quote can be had; callers fall back. */
export interface PriceSource {
  getSolUsd(): Promise<PythPrice>;
  /**
   * Pushes quotes as the upstream publishes them (seconds apart instead of a poll period), when
   * the source can stream. Reconnects by itself; `getSolUsd` stays the fallback while it is down.
   */
  watchSolUsd?(listener: PriceStreamListener): Unsubscribe;
}

/** Where a price stream stands: open, or down until a retry in `retryInMs`. */
export type PriceStreamStatus =
  | { readonly state: 'open' }
  | {
      readonly state: 'down';
      /** Short, credential-free reason (`HTTP 503`, `disconnected`, …). */
      readonly reason: string;
      /** The upstream refused the API key (401/403): a configuration error, retried slowly. */
      readonly unauthorized: boolean;
      readonly retryInMs: number;
    };

/** What a {@link PriceSource.watchSolUsd} stream tells its caller. */
export interface PriceStreamListener {
  /** An acceptable quote (already checked with the domain's price rules). */
  onQuote(quote: PythPrice): void;
  /** A message that was no acceptable quote (stale, too wide, wrong shape); the stream stays. */
  onRejected(error: Error): void;
  /** The stream opened, or went down (and when it will be retried). */
  onStatus(status: PriceStreamStatus): void;
}

/** A community's size and where the figure came from. */
export interface CommunityCount {
  readonly count: number;
  readonly source: 'telegram' | 'x' | 'operator';
}

/** Telegram members and X followers (live from the APIs, or operator-set). */
export interface CommunityCounters {
  getCount(community: Community): Promise<CommunityCount>;
}

/** A leader as the ledger indexes it: a code and the wallet its on-chain leader record pays. */
export interface Leader {
  readonly code: string;
  /** The wallet the code's leader record pays (buys from it earn no commission). */
  readonly wallet: string;
  /**
   * The leader record the code was indexed from; `null` for a code an earlier version
   * registered in the ledger alone (no record seen yet): its recorded buys are history.
   */
  readonly record: string | null;
  readonly createdAt: string;
}

/** A leader buy as the ledger keeps it: a BuyWith through a leader record. Amounts in lamports. */
export interface LeaderBuy {
  readonly signature: string;
  readonly wallet: string;
  readonly leaderCode: string;
  readonly lamports: bigint;
  readonly commissionLamports: bigint;
  /**
   * The leader record the program paid the commission into; `null` on a buy an earlier version
   * recorded (before the ledger kept the record).
   */
  readonly record: string | null;
  readonly slot: number;
  readonly blockTime: number | null;
  readonly recordedAt: string;
  readonly source: 'report' | 'reconciler';
}

/** A leader buy to index: what the chain shows, with the record that was paid. */
export type NewLeaderBuy = Omit<LeaderBuy, 'recordedAt' | 'record'> & { readonly record: string };

/**
 * A commission claim (ClaimCommission) as the ledger keeps it: what the leader record paid its
 * wallet, read from the record's lamport movement in the confirmed transaction.
 */
export interface LeaderClaim {
  readonly signature: string;
  readonly leaderCode: string;
  /** The wallet paid (the record's wallet, which signed). */
  readonly wallet: string;
  /** The leader record that paid. */
  readonly record: string;
  readonly lamports: bigint;
  readonly slot: number;
  readonly blockTime: number | null;
  readonly recordedAt: string;
}

/** Per-leader totals. */
export interface LeaderSummary {
  readonly code: string;
  readonly buys: number;
  readonly totalLamports: bigint;
  readonly commissionLamports: bigint;
}

/** Ledger-wide totals, for metrics and operators. Amounts in lamports. */
export interface LedgerStats {
  readonly leaders: number;
  readonly buys: number;
  readonly totalLamports: bigint;
  readonly commissionLamports: bigint;
}

/**
 * How far the reconciler has scanned the leader presale's history: every signature at or
 * before this one (newest first order of the chain) is settled, so a pass pages forward from
 * it. Kept in the ledger so a restart (even `kill -9`) resumes where the last pass stopped.
 */
export interface ReconcileCursor {
  readonly signature: string;
  readonly slot: number;
  readonly updatedAt: string;
}

/**
 * A leader record of the presale program as read from chain (PDA `["leader", presale, code]`):
 * who is paid, and the totals the program keeps. Amounts in lamports.
 */
export interface OnChainLeaderRecord {
  /** The record account. */
  readonly address: string;
  /** The presale the record belongs to. */
  readonly presale: string;
  /** The wallet ClaimCommission pays (buys from it through the code are refused). */
  readonly wallet: string;
  readonly code: string;
  /** False once the seller suspended the code (new leader buys refused; earnings claimable). */
  readonly active: boolean;
  readonly volumeLamports: bigint;
  readonly buys: bigint;
  /** Commission the code earned in all (the legacy report's solsEarned). */
  readonly earnedLamports: bigint;
  /** Commission already paid out by ClaimCommission. */
  readonly claimedLamports: bigint;
}

/** Reads leader records of the presale program (owner and layout checked). */
export interface LeaderRecordReader {
  /**
   * The record at `address`: `null` when there is no account there, or it is not a leader
   * record written by the program (another owner, size or kind). Throws on transport failure.
   */
  readLeaderRecordAt(address: string): Promise<OnChainLeaderRecord | null>;
  /** The record of `code` on `presale` (at its PDA), or `null` when the code is not registered. */
  readLeaderRecord(presale: string, code: string): Promise<OnChainLeaderRecord | null>;
  /** Every record of `presale`, or only those paying `wallet`. */
  listLeaderRecords(
    presale: string,
    filter?: { readonly wallet?: string },
  ): Promise<OnChainLeaderRecord[]>;
}

/**
 * The leader ledger (what the legacy `/ct` route wrote to): an index of what the chain says
 * about the leader presale's leader records (their buys and commission claims), plus the
 * operator's goal counts.
 */
export interface LeaderLedger {
  /**
   * Indexes the leader of an on-chain record (idempotent): a new code is added with the
   * record's address and wallet; a code already in the ledger takes them (the record decides
   * who is paid; the code's recorded buys stay). Returns the stored leader.
   */
  indexLeader(record: { code: string; wallet: string; record: string }): Promise<Leader>;
  findLeader(code: string): Promise<Leader | null>;
  /**
   * Records a leader buy of an indexed leader, idempotent by signature: a second call with the
   * same signature inserts nothing and returns the stored row with `inserted: false`.
   */
  recordBuy(buy: NewLeaderBuy): Promise<{ inserted: boolean; buy: LeaderBuy }>;
  findBuy(signature: string): Promise<LeaderBuy | null>;
  getLeaderSummary(code: string): Promise<LeaderSummary | null>;
  listRecentBuys(code: string, limit: number): Promise<LeaderBuy[]>;
  getLeaderboard(limit: number): Promise<LeaderSummary[]>;
  /** Operator-set community counts, used when the social APIs have no credentials. */
  getOperatorCount(community: Community): Promise<number | null>;
  setOperatorCount(community: Community, count: number): Promise<void>;
  /** Ledger-wide totals (indexed leaders, recorded buys, lamports, commissions). */
  getStats(): Promise<LedgerStats>;
  /** The reconciler's cursor for `scope` (the leader presale address), `null` before the first pass. */
  getReconcileCursor(scope: string): Promise<ReconcileCursor | null>;
  /**
   * Moves the cursor of `scope` to `cursor` unless the stored one is at a later slot (two
   * instances reconciling at once never move it back). Returns the stored cursor.
   */
  advanceReconcileCursor(
    scope: string,
    cursor: { readonly signature: string; readonly slot: number },
  ): Promise<ReconcileCursor>;
  /**
   * Records a confirmed commission claim, idempotent by signature (a second call inserts
   * nothing and returns the stored row with `inserted: false`). The code must be indexed.
   */
  recordClaim(
    claim: Omit<LeaderClaim, 'recordedAt'>,
  ): Promise<{ inserted: boolean; claim: LeaderClaim }>;
  findClaim(signature: string): Promise<LeaderClaim | null>;
  /** Claims recorded for `code` and their lamports (zero for none). */
  getClaimTotals(code: string): Promise<{ claims: number; lamports: bigint }>;
  /** The schema version the database is migrated to. */
  getSchemaVersion(): Promise<number>;
  close(): Promise<void>;
}

/** One Buy instruction of our program found in a transaction. */
export interface ObservedBuy {
  readonly presale: string;
  readonly buyer: string;
  readonly lamports: bigint;
  /**
   * The leader record a BuyWith named (its 12th account), which the program paid the
   * commission; `null` or absent for a buy through no record (Buy, or BuyWith without one).
   */
  readonly leaderRecord?: string | null;
}

/** One ClaimCommission instruction of our program found in a transaction. */
export interface ObservedClaim {
  /** The signer the record pays. */
  readonly leaderWallet: string;
  readonly leaderRecord: string;
}

/** A transaction as the verifier saw it on chain at 'confirmed'. */
export type ObservedTransaction =
  | { readonly status: 'not-found' }
  | {
      readonly status: 'found';
      readonly signature: string;
      readonly slot: number;
      readonly blockTime: number | null;
      /** `null` when it succeeded, else the chain's error, stringified. */
      readonly error: string | null;
      readonly signers: readonly string[];
      /** Buy instructions of the configured program, top-level or inner. */
      readonly buys: readonly ObservedBuy[];
      /** ClaimCommission instructions of the configured program (absent: none looked for). */
      readonly claims?: readonly ObservedClaim[];
      /**
       * Lamports each account gained (positive) or lost (negative) in the transaction, from the
       * node's pre/post balances (absent: not read). How a leader buy's commission and a
       * claim's payment are verified: by the money that moved, not by what anyone says.
       */
      readonly lamportDeltas?: Readonly<Record<string, bigint>>;
    };

/** A signature touching an address, with the slot it landed in. */
export interface SignatureInfo {
  readonly signature: string;
  readonly slot: number;
}

/** Fetches a transaction and extracts what the leader ledger needs to verify it. */
export interface TransactionVerifier {
  observeTransaction(signature: string): Promise<ObservedTransaction>;
  /**
   * Signatures touching `address`, newest first (for the reconciler), at most `limit`. With
   * `before`, only those older than that one (paging backwards in time); with `until`, only
   * those newer than that one (the page stops there).
   */
  listRecentSignatures(
    address: string,
    limit: number,
    page?: { readonly before?: string; readonly until?: string },
  ): Promise<SignatureInfo[]>;
}

/** Derives the buyer record address of `wallet` on `presale` (the program's seeded-address rule). */
export type BuyerRecordAddressDeriver = (presale: string, wallet: string) => string;

/** An instruction with its accounts resolved to addresses. */
export interface ResolvedInstruction {
  readonly programId: string;
  readonly accounts: readonly string[];
  readonly data: Uint8Array;
}

/** Recognises our program's Buy in an instruction; `null` for anything else. */
export type BuyInstructionDecoder = (instruction: ResolvedInstruction) => ObservedBuy | null;

/** Recognises our program's ClaimCommission in an instruction; `null` for anything else. */
export type ClaimInstructionDecoder = (instruction: ResolvedInstruction) => ObservedClaim | null;

/**
 * How the server side talks HTTP (WHATWG `fetch`): injected so tests can count calls or fail
 * on purpose. A type only: the domain never calls it.
 */
export type FetchLike = (input: string, init?: RequestInit) => Promise<Response>;

/** Waits `ms`; injected so retry schedules are testable without sleeping. */
export type Sleep = (ms: number) => Promise<void>;
