import type {
  BuyerRecordReader,
  Clock,
  CommunityCounters,
  Deployment,
  FetchLike,
  LeaderLedger,
  LeaderRecordReader,
  OnChainLeaderRecord,
  PresaleStateReader,
  PriceSource,
  PriorityFeeSourcePort,
  SiteContent,
  SwapExchange,
  TransactionVerifier,
} from '@fbt/domain';
import type {
  BuyerRecordEntry,
  BuyerTable,
  ConfirmedTransaction,
  DistributionPlan,
  DistributionPresale,
  DistributionResult,
  ExtendBuyerTablesResult,
  RefundBatch,
  RefundResult,
  RetireResult,
  SendBatchesOptions,
  SendDistributionOptions,
} from '@fbt/distribution';
import type { Keypair, PublicKey } from '@solana/web3.js';
import type { Scheduler } from './cache/scheduler';
import type { RedisClients } from './cluster/redis-clients';

/** Settings buildApp needs (a subset of the env config, so tests can pass only these). */
export interface AppSettings {
  readonly presaleRefreshMs: number;
  readonly priceRefreshMs: number;
  readonly goalsRefreshMs: number;
  /** 0 disables the reconciler. */
  readonly reconcileIntervalMs: number;
  /**
   * Re-reads of a reported transaction the chain does not show yet, before answering 409.
   * Default `[500, 1000, 1500]`; `[]` answers at once.
   */
  readonly leaderReportRetryDelaysMs?: readonly number[];
  readonly corsOrigins: readonly string[];
  readonly rateLimitMax: number;
  readonly rateLimitWriteMax: number;
  readonly rpcRateLimitMax: number;
  readonly streamHeartbeatMs: number;
  readonly streamMaxBufferBytes: number;
  readonly streamMaxClients: number;
  readonly streamMaxClientsPerAddress: number;
  readonly publicLinks: Readonly<Record<string, string>>;
  /** Sample content and the audit firm, published with the links (default: neither). */
  readonly siteContent?: SiteContent;
  /**
   * Where the operator's allowlist files are (`allowlist-<variant>.json`, `ALLOWLIST_DIR`);
   * null/absent: none, so an allowlisted presale's proofs answer 503.
   */
  readonly allowlistDir?: string | null;
  /** Directory served at `/content/` (the operator's documents), or null/absent for none. */
  readonly contentDir?: string | null;
  /** RPC URL a browser may use for explorer links on a local chain. */
  readonly publicRpcUrl: string | null;
  /** The site's public origin for absolute links in Blinks; null/absent: the request's origin. */
  readonly publicSiteUrl?: string | null;
  /** Built client to serve at `/`, or null. */
  readonly clientDist: string | null;
  /** Trust X-Forwarded-For (behind a reverse proxy). */
  readonly trustProxy: boolean;
  /** Longest time to receive a whole request, headers and body (ms; default 30 000). */
  readonly requestTimeoutMs?: number;
  /** Longest time to receive the request headers (ms; default 10 000). */
  readonly headersTimeoutMs?: number;
  /** `/rpc` cost units (accounts read, simulations) one client may spend a minute (default 2000). */
  readonly rpcCostBudgetPerMinute?: number;
  /**
   * Whether `PYTH_API_KEY` is set: on mainnet-beta without it Hermes answers 401, which start-up
   * and `/readyz` report. Undefined (tests, embedders): not judged.
   */
  readonly pythApiKeySet?: boolean;
}

/** Everything buildApp is given: settings, the deployment and the adapters (ports). */
export interface AppDeps {
  readonly settings: AppSettings;
  readonly deployment: Deployment;
  readonly clock: Clock;
  readonly scheduler: Scheduler;
  readonly presaleReader: PresaleStateReader;
  readonly buyerReader: BuyerRecordReader;
  readonly priceSource: PriceSource | null;
  readonly counters: CommunityCounters;
  readonly ledger: LeaderLedger;
  readonly verifier: TransactionVerifier;
  /** The program's leader records (codes, wallets and on-chain totals), and their pushes. */
  readonly leaderRecords: LeaderRecords;
  /** Where `/rpc` forwards to (the server-side RPC URL, possibly with a paid key). */
  readonly rpcUpstreamUrl: string;
  /** Account pushes for the `/rpc` websocket; absent: its subscriptions are refused. */
  readonly accountWatch?: AccountWatch;
  /** The program's Codama IDL, the committed file's bytes, served at `/idl/presale.json`. */
  readonly presaleIdl: Uint8Array;
  readonly fetch?: FetchLike;
  /** Pino options or false; default a JSON logger at info. */
  readonly logger?: boolean | Record<string, unknown>;
  /** Several instances: the Redis connections, the lease owner id and TTL. Absent: one instance. */
  readonly cluster?: ClusterDeps;
  /** The swap page's exchange (`SWAP_API_URL`); absent or null: the swap routes answer 404. */
  readonly swap?: SwapDeps | null;
  /**
   * The keeper of delivery at completion (`KEEPER_*`): its chain work and fee payer. Absent
   * (in-memory test worlds): the `distribution:<variant>` topics stay without a value.
   */
  readonly keeper?: KeeperDeps;
}

/** The keeper's chain work over `@fbt/distribution`: reads, Finalize, Distribute batches. */
export interface KeeperChain {
  readPresale(address: string): Promise<DistributionPresale>;
  /** The cluster's time (the Clock sysvar), unix seconds. */
  chainTime(): Promise<bigint>;
  /** Lamports of an account (the fee payer's). */
  balance(address: PublicKey): Promise<bigint>;
  listBuyerRecords(presale: DistributionPresale): Promise<readonly BuyerRecordEntry[]>;
  finalize(presale: DistributionPresale, payer: Keypair): Promise<ConfirmedTransaction>;
  /** The buyers due at `now`, their accounts and the batches (packed to one packet each). */
  planDistribution(
    presale: DistributionPresale,
    records: readonly BuyerRecordEntry[],
    now: bigint,
    payer: PublicKey,
  ): Promise<DistributionPlan>;
  sendDistribution(
    plan: DistributionPlan,
    payer: Keypair,
    options: Pick<SendDistributionOptions, 'onBatch' | 'stopped'>,
  ): Promise<DistributionResult>;
  /** The buyer lookup tables `authority` owns: of one presale, or all. */
  listBuyerTables(
    authority: PublicKey,
    presale?: DistributionPresale,
  ): Promise<readonly BuyerTable[]>;
  /** Appends the buyers of `records` no table holds yet, when at least `minBuyers` are. */
  extendBuyerTables(
    presale: DistributionPresale,
    records: readonly BuyerRecordEntry[],
    payer: Keypair,
    minBuyers: number,
  ): Promise<ExtendBuyerTablesResult>;
  /** Deactivates `tables`, and closes those cooled down (their rent back to the payer). */
  retireBuyerTables(tables: readonly BuyerTable[], payer: Keypair): Promise<RetireResult>;
  /** A failed presale's Refund transactions for `records`. */
  planRefunds(
    presale: DistributionPresale,
    records: readonly BuyerRecordEntry[],
    payer: PublicKey,
  ): Promise<readonly RefundBatch[]>;
  sendRefunds(
    batches: readonly RefundBatch[],
    payer: Keypair,
    options: Pick<SendBatchesOptions<RefundBatch>, 'onBatch' | 'stopped'>,
  ): Promise<RefundResult>;
  /** The rent-exempt minimum of an account of `bytes`, lamports. */
  rentExemption(bytes: number): Promise<bigint>;
}

/** The keeper's fee payer now: its keypair, or why there is none (`unset`: none configured). */
export type KeeperKey =
  { readonly keypair: Keypair } | { readonly problem: string; readonly unset?: boolean };

/** The keeper's ports and settings (`KEEPER_*`). */
export interface KeeperDeps {
  readonly chain: KeeperChain;
  /**
   * The fee payer (`KEEPER_KEYPAIR`): read again while it cannot be, so a key mounted after
   * start-up is taken; unset: a problem saying so.
   */
  feePayer(): KeeperKey;
  /** Below this balance the fee payer is reported underfunded (warning, metric). */
  readonly minBalanceLamports: bigint;
  /** How often the keeper looks at each presale not done yet. */
  readonly intervalMs: number;
  /** Between two distribution rounds of a vesting, after the cliff. */
  readonly vestingRoundMs: number;
}

/** An account as the chain pushed it after a change (the fields of an `accountNotification`). */
export interface AccountChange {
  readonly slot: number;
  readonly lamports: number;
  readonly owner: string;
  readonly data: Uint8Array;
  readonly executable: boolean;
  readonly rentEpoch: number;
  readonly space: number;
}

/** Pushes of single accounts' changes from the chain, for the `/rpc` websocket. */
export interface AccountWatch {
  /**
   * Calls `onChange` with the account at `address` each time a confirmed transaction changes
   * it; returns what stops it.
   */
  watchAccount(address: string, onChange: (change: AccountChange) => void): () => void;
}

/** The program's leader records: read (the domain's port) and, where the chain pushes, watched. */
export interface LeaderRecords extends LeaderRecordReader {
  /**
   * Calls `onChange` with each leader record of `presale` whose account changes (one
   * programSubscribe, filtered as `listLeaderRecords` reads, each account checked as a read is;
   * null once an account is no leader record); returns what stops it. Absent: records change
   * only when read again.
   */
  watchLeaderRecords?(
    presale: string,
    onChange: (address: string, record: OnChainLeaderRecord | null) => void,
  ): () => void;
}

/** How this instance joins the others (see plugins/app/cluster.ts). */
export interface ClusterDeps {
  /** Lease owner and metrics label (default `<hostname>-<pid>`). */
  readonly instanceId?: string;
  readonly leaseTtlMs?: number;
  /** Set (REDIS_URL): shared polling, fan-out and rate limits through Redis. */
  readonly redis?: RedisClients;
}

/**
 * The swap page's upstreams and settings (`SWAP_*`): present only when `SWAP_API_URL` is set;
 * without them the swap routes answer 404 `SWAP__DISABLED` and the site shows "Trading opens
 * after the presale".
 */
export interface SwapDeps {
  /** Raydium's Trade API (or a host speaking its wire format). */
  readonly exchange: SwapExchange;
  /** The fee service (`SWAP_PRIORITY_FEE_URL`), or null: always the fallback fee. */
  readonly feeSource: PriorityFeeSourcePort | null;
  /** Micro-lamports per compute unit when the fee service is unset or failing. */
  readonly fallbackFeeMicroLamports: number;
  /** Exchange programs a swap transaction may call (`SWAP_PROGRAM_IDS`). */
  readonly dexProgramIds: readonly string[];
  /** Swap requests per minute per client. */
  readonly rateLimitMax: number;
}
