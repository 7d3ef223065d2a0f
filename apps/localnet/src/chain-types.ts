import type { EventEmitter } from 'node:events';
import type { EncodedAccount } from '@solana/kit';
import type { TransactionErrorJson } from './transaction-error';
import type { DecodedTransaction } from './wire-transaction';

/** A token balance entry as in transaction metadata. */
export interface TokenBalance {
  accountIndex: number;
  mint: string;
  owner: string;
  programId: string;
  amount: bigint;
  decimals: number;
}

/** Instructions a program invoked, grouped by the top-level instruction that led to them. */
export type InnerInstructions = {
  index: number;
  instructions: {
    programIdIndex: number;
    accounts: number[];
    data: Uint8Array;
    stackHeight: number;
  }[];
}[];

/** Data a program handed back with `set_return_data`; null when none did. */
export type ReturnData = { programId: string; data: Uint8Array } | null;

/** Everything recorded about a transaction that landed (successfully or not). */
export interface TransactionRecord {
  signature: string;
  slot: number;
  blockTime: number;
  decoded: DecodedTransaction;
  err: TransactionErrorJson | null;
  errText: string | null;
  fee: bigint;
  preBalances: bigint[];
  postBalances: bigint[];
  preTokenBalances: TokenBalance[];
  postTokenBalances: TokenBalance[];
  logs: string[];
  computeUnitsConsumed: bigint;
  innerInstructions: InnerInstructions;
  returnData: ReturnData;
  memo: string | null;
  /** Position in the ledger, for stable ordering inside a slot. */
  sequence: number;
}

/** Result of a simulation (never committed). */
export interface SimulationResult {
  err: TransactionErrorJson | null;
  errText: string | null;
  logs: string[];
  unitsConsumed: bigint;
  returnData: ReturnData;
  postAccounts: Map<string, EncodedAccount>;
  innerInstructions: InnerInstructions;
}

/** A blockhash and the last block height at which a transaction using it can land. */
export interface BlockhashInfo {
  blockhash: string;
  lastValidBlockHeight: number;
}

/** An account as stored in the bank. */
export interface AccountView {
  address: string;
  lamports: bigint;
  owner: string;
  executable: boolean;
  data: Uint8Array;
}

export interface ChainOptions {
  /** Directory for the genesis file and transaction log; null keeps everything in memory. */
  dataDir: string | null;
  /** Wipe the data directory first. */
  reset?: boolean;
  /** Milliseconds per slot (default 400). */
  slotMs?: number;
  /** Slots after which a transaction counts as finalized (default 32). */
  finalizationSlots?: number;
  /** Blocks a blockhash stays valid (default: 150, or 60 s worth of a faster clock). */
  blockhashValiditySlots?: number;
  /** Diagnostic output. */
  log?: (line: string) => void;
}

/** What the websocket server listens to: a new slot, and every transaction that lands. */
export interface ChainEvents {
  slot: [slot: number];
  transaction: [record: TransactionRecord];
}

/** The bank: litesvm plus slots, blockhashes, statuses, a durable log and change events. */
export interface Chain {
  readonly genesisHash: string;
  readonly faucet: string;
  readonly events: EventEmitter<ChainEvents>;
  readonly finalizationSlots: number;
  slot(): number;
  latestBlockhash(): BlockhashInfo;
  isBlockhashValid(blockhash: string): boolean;
  transactionCount(): number;
  minimumBalanceForRentExemption(dataLength: number): bigint;
  getAccount(addr: string): AccountView | null;
  getProgramAccounts(owner: string): AccountView[];
  simulate(
    wire: Uint8Array,
    options: { sigVerify: boolean; replaceRecentBlockhash: boolean },
  ): SimulationResult & {
    replacementBlockhash?: BlockhashInfo;
  };
  send(wire: Uint8Array, options: { skipPreflight: boolean }): string;
  airdrop(to: string, lamports: bigint): string;
  getRecord(signature: string): TransactionRecord | undefined;
  isRecent(record: TransactionRecord): boolean;
  signaturesForAddress(addr: string): TransactionRecord[];
  prioritizationFees(addresses: string[]): { slot: number; prioritizationFee: number }[];
  /** Unix seconds of the current block (what the Clock sysvar says). */
  blockTime(): number;
  /**
   * Local chain only, for tests: moves the chain's time `seconds` ahead at once (a new block at
   * the new time, and every later one), so programs see a vesting date or a window's end without
   * waiting. Not reachable over JSON-RPC. Returns the new block time; throws a RangeError for
   * anything but a positive whole number. In memory only: after a restart the chain follows the
   * wall clock again, never going back.
   */
  advanceClock(seconds: number): number;
  /** Starts the slot clock. */
  start(): void;
  /** Stops the clock and closes the log. */
  close(): void;
}
