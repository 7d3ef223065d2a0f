import { createHash, randomBytes } from 'node:crypto';
import { EventEmitter } from 'node:events';
import fs from 'node:fs';
import path from 'node:path';
import { address, getTransactionDecoder, lamports as toLamports } from '@solana/kit';
import type { Address, EncodedAccount } from '@solana/kit';
import { Keypair, PublicKey, SystemProgram, Transaction } from '@solana/web3.js';
import bs58 from 'bs58';
import { FailedTransactionMetadata, LiteSVM } from 'litesvm';
import type { TransactionMetadata } from 'litesvm';
import { RPC_ERROR, RpcError, invalidParams } from './rpc-error';
import { describeTransactionError, namedTransactionError } from './transaction-error';
import type { DescribedTransactionError, TransactionErrorJson } from './transaction-error';
import { createTransactionLog } from './transaction-log';
import type { TransactionLog } from './transaction-log';
import {
  computeTransactionFee,
  computeUnitPriceOf,
  decodeWireTransaction,
  extractMemo,
} from './wire-transaction';
import type { DecodedTransaction } from './wire-transaction';

/** Blocks a blockhash stays valid for, as on mainnet. */
export const BLOCKHASH_VALIDITY_BLOCKS = 150;
/**
 * Wall-clock floor of a blockhash's life. web3.js caches a blockhash for 30 s and wallets hold
 * one while the user decides; on mainnet 150 blocks are ~60 s. With a faster test clock, 150
 * blocks would expire under those clients, so the validity stretches to this many seconds.
 */
const MIN_BLOCKHASH_VALIDITY_MS = 60_000;

/** Blocks a blockhash stays valid for at `slotMs` (150 at the default 400 ms). */
export function blockhashValidityBlocks(slotMs: number): number {
  return Math.max(BLOCKHASH_VALIDITY_BLOCKS, Math.ceil(MIN_BLOCKHASH_VALIDITY_MS / slotMs));
}
/** Slots of history answered without `searchTransactionHistory` (the status cache). */
const STATUS_CACHE_SLOTS = 300;
const SLOTS_PER_EPOCH = 432_000;
const FAUCET_LAMPORTS = 500_000_000n * 1_000_000_000n;
const TOKEN_PROGRAMS = new Set([
  'TokenkegQfeZyiNwAJbNbGKPFXCWuBvf9Ss623VQ5DA',
  'TokenzQdBNbLqP5VEhdkAS6EPFLC1PHnBqCXEpPxuEb',
]);
const TOKEN_ACCOUNT_SIZE = 165;

/** A token balance entry as in transaction metadata. */
export interface TokenBalance {
  accountIndex: number;
  mint: string;
  owner: string;
  programId: string;
  amount: bigint;
  decimals: number;
}

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
  innerInstructions: {
    index: number;
    instructions: {
      programIdIndex: number;
      accounts: number[];
      data: Uint8Array;
      stackHeight: number;
    }[];
  }[];
  returnData: { programId: string; data: Uint8Array } | null;
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
  returnData: { programId: string; data: Uint8Array } | null;
  postAccounts: Map<string, EncodedAccount>;
  innerInstructions: TransactionRecord['innerInstructions'];
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
  latestBlockhash(): { blockhash: string; lastValidBlockHeight: number };
  isBlockhashValid(blockhash: string): boolean;
  transactionCount(): number;
  minimumBalanceForRentExemption(dataLength: number): bigint;
  getAccount(addr: string): AccountView | null;
  getProgramAccounts(owner: string): AccountView[];
  simulate(
    wire: Uint8Array,
    options: { sigVerify: boolean; replaceRecentBlockhash: boolean },
  ): SimulationResult & {
    replacementBlockhash?: { blockhash: string; lastValidBlockHeight: number };
  };
  send(wire: Uint8Array, options: { skipPreflight: boolean }): string;
  airdrop(to: string, lamports: bigint): string;
  getRecord(signature: string): TransactionRecord | undefined;
  isRecent(record: TransactionRecord): boolean;
  signaturesForAddress(addr: string): TransactionRecord[];
  prioritizationFees(addresses: string[]): { slot: number; prioritizationFee: number }[];
  /** Starts the slot clock. */
  start(): void;
  /** Stops the clock and closes the log. */
  close(): void;
}

function sha256(text: string): Uint8Array {
  return createHash('sha256').update(text).digest();
}

function toView(account: EncodedAccount): AccountView {
  return {
    address: account.address,
    lamports: account.lamports,
    owner: account.programAddress,
    executable: account.executable,
    data: Uint8Array.from(account.data),
  };
}

function readTokenAccount(
  data: Uint8Array,
): { mint: string; owner: string; amount: bigint } | null {
  if (data.length < TOKEN_ACCOUNT_SIZE) return null;
  if (data.length > TOKEN_ACCOUNT_SIZE && data[TOKEN_ACCOUNT_SIZE] !== 2) return null;
  const state = data[108];
  if (state !== 1 && state !== 2) return null;
  const view = new DataView(data.buffer, data.byteOffset, data.byteLength);
  return {
    mint: bs58.encode(data.subarray(0, 32)),
    owner: bs58.encode(data.subarray(32, 64)),
    amount: view.getBigUint64(64, true),
  };
}

interface Genesis {
  genesisHash: string;
  createdAt: string;
}

function loadGenesis(dataDir: string | null): Genesis {
  const fresh: Genesis = {
    genesisHash: bs58.encode(randomBytes(32)),
    createdAt: new Date().toISOString(),
  };
  if (dataDir === null) return fresh;
  const file = path.join(dataDir, 'genesis.json');
  if (fs.existsSync(file)) {
    const parsed = JSON.parse(fs.readFileSync(file, 'utf8')) as Partial<Genesis>;
    if (typeof parsed.genesisHash !== 'string') throw new Error(`${file}: missing genesisHash`);
    return { genesisHash: parsed.genesisHash, createdAt: String(parsed.createdAt ?? '') };
  }
  fs.mkdirSync(dataDir, { recursive: true });
  fs.writeFileSync(file, `${JSON.stringify(fresh, null, 2)}\n`);
  return fresh;
}

/** How often (in slots) the current slot is noted on disk, so block height never goes back. */
const SLOT_MARK_EVERY = 25;

function readSlotMark(dataDir: string): number {
  try {
    const value = JSON.parse(fs.readFileSync(path.join(dataDir, 'slot.json'), 'utf8')) as {
      slot?: unknown;
    };
    return typeof value.slot === 'number' && Number.isSafeInteger(value.slot) ? value.slot : 0;
  } catch {
    return 0;
  }
}

function writeSlotMark(dataDir: string, slot: number): void {
  try {
    const file = path.join(dataDir, 'slot.json');
    fs.writeFileSync(`${file}.tmp`, JSON.stringify({ slot }));
    fs.renameSync(`${file}.tmp`, file);
  } catch {
    // best effort: the ledger alone still gives a consistent (if earlier) restart slot
  }
}

function resetDataDir(dataDir: string): void {
  if (!fs.existsSync(dataDir)) return;
  const entries = fs.readdirSync(dataDir);
  const looksLikeOurs =
    entries.length === 0 || entries.includes('genesis.json') || entries.includes('ledger.jsonl');
  if (!looksLikeOurs) {
    throw new Error(
      `refusing to --reset ${dataDir}: it does not look like a localnet data directory`,
    );
  }
  fs.rmSync(dataDir, { recursive: true, force: true });
}

/**
 * Creates the bank. With a data directory, every landed transaction is appended to
 * `ledger.jsonl` (fsync'd) and replayed on the next start, so a restart or kill -9 loses nothing
 * that was confirmed.
 */
export function createChain(options: ChainOptions): Chain {
  const slotMs = options.slotMs ?? 400;
  const finalizationSlots = options.finalizationSlots ?? 32;
  const validity = options.blockhashValiditySlots ?? blockhashValidityBlocks(slotMs);
  const log = options.log ?? (() => undefined);
  const { dataDir } = options;
  if (dataDir !== null && options.reset === true) resetDataDir(dataDir);
  const genesis = loadGenesis(dataDir);
  const events = new EventEmitter<ChainEvents>();

  // Our own blockhash rules (150-block validity) replace litesvm's "latest hash only" check.
  const svm = new LiteSVM().withBlockhashCheck(false).withTransactionHistory(0n);
  const faucetKeypair = Keypair.fromSeed(sha256(`fbt-localnet-faucet:${genesis.genesisHash}`));
  const faucet = faucetKeypair.publicKey.toBase58();
  svm.setAccount({
    address: address(faucet),
    lamports: toLamports(FAUCET_LAMPORTS),
    programAddress: address('11111111111111111111111111111111'),
    executable: false,
    data: new Uint8Array(0),
    space: 0n,
  });

  const records = new Map<string, TransactionRecord>();
  const byAddress = new Map<string, TransactionRecord[]>();
  const blockhashSlots = new Map<string, number>();
  let slot = 0;
  let blockTime = Math.floor(Date.now() / 1000);
  let sequence = 0;
  let timer: NodeJS.Timeout | null = null;

  const blockhashFor = (s: number): string => bs58.encode(sha256(`${genesis.genesisHash}:${s}`));

  function enterSlot(next: number, unixSeconds: number): void {
    slot = next;
    blockTime = unixSeconds;
    const clock = svm.getClock();
    clock.slot = BigInt(next);
    clock.epoch = BigInt(Math.floor(next / SLOTS_PER_EPOCH));
    clock.unixTimestamp = BigInt(unixSeconds);
    svm.setClock(clock);
    blockhashSlots.set(blockhashFor(next), next);
    // A blockhash from slot s is valid while the block height is at most s + validity (the
    // lastValidBlockHeight getLatestBlockhash reports), as on mainnet.
    const oldest = next - validity;
    for (const [hash, s] of blockhashSlots) if (s < oldest) blockhashSlots.delete(hash);
  }

  function readAccount(addr: string): AccountView | null {
    const account = svm.getAccount(address(addr));
    return account.exists ? toView(account) : null;
  }

  function tokenBalances(tx: DecodedTransaction): TokenBalance[] {
    const out: TokenBalance[] = [];
    tx.accountKeys.forEach((key, accountIndex) => {
      const account = readAccount(key);
      if (account === null || !TOKEN_PROGRAMS.has(account.owner)) return;
      const token = readTokenAccount(account.data);
      if (token === null) return;
      const mint = readAccount(token.mint);
      const decimals = mint !== null && mint.data.length >= 45 ? (mint.data[44] ?? 0) : 0;
      out.push({
        accountIndex,
        mint: token.mint,
        owner: token.owner,
        programId: account.owner,
        amount: token.amount,
        decimals,
      });
    });
    return out;
  }

  function balances(tx: DecodedTransaction): bigint[] {
    return tx.accountKeys.map((key) => svm.getBalance(address(key)) ?? 0n);
  }

  function mapInner(meta: TransactionMetadata): TransactionRecord['innerInstructions'] {
    return meta
      .innerInstructions()
      .map((list, index) => ({
        index,
        instructions: list.map((inner) => {
          const ix = inner.instruction();
          return {
            programIdIndex: ix.programIdIndex(),
            accounts: [...ix.accounts()],
            data: ix.data(),
            stackHeight: inner.stackHeight(),
          };
        }),
      }))
      .filter((group) => group.instructions.length > 0);
  }

  function mapReturnData(meta: TransactionMetadata): TransactionRecord['returnData'] {
    const rd = meta.returnData();
    const data = rd.data();
    if (data.length === 0) return null;
    return { programId: bs58.encode(rd.programId()), data };
  }

  function decodeForSvm(wire: Uint8Array) {
    return getTransactionDecoder().decode(wire);
  }

  function simulateDecoded(tx: DecodedTransaction, sigVerify: boolean): SimulationResult {
    svm.withSigverify(sigVerify);
    try {
      let result;
      try {
        result = svm.simulateTransaction(decodeForSvm(tx.wire));
      } catch {
        const failure = namedTransactionError('SignatureFailure');
        return {
          err: failure.json,
          errText: failure.text,
          logs: [],
          unitsConsumed: 0n,
          returnData: null,
          postAccounts: new Map(),
          innerInstructions: [],
        };
      }
      if (result instanceof FailedTransactionMetadata) {
        const described = describeTransactionError(result.err());
        const meta = result.meta();
        return {
          err: described.json,
          errText: described.text,
          logs: meta.logs(),
          unitsConsumed: meta.computeUnitsConsumed(),
          returnData: mapReturnData(meta),
          postAccounts: new Map(),
          innerInstructions: mapInner(meta),
        };
      }
      const meta = result.meta();
      return {
        err: null,
        errText: null,
        logs: meta.logs(),
        unitsConsumed: meta.computeUnitsConsumed(),
        returnData: mapReturnData(meta),
        postAccounts: new Map(result.postAccounts().map((account) => [account.address, account])),
        innerInstructions: mapInner(meta),
      };
    } finally {
      svm.withSigverify(true);
    }
  }

  function indexRecord(record: TransactionRecord): void {
    records.set(record.signature, record);
    for (const key of new Set(record.decoded.accountKeys)) {
      let list = byAddress.get(key);
      if (list === undefined) {
        list = [];
        byAddress.set(key, list);
      }
      list.push(record);
    }
  }

  /** Executes and records; returns the failure when the tx did not land. */
  function execute(tx: DecodedTransaction): {
    record: TransactionRecord | null;
    failure: DescribedTransactionError | null;
  } {
    const preBalances = balances(tx);
    const preTokenBalances = tokenBalances(tx);
    let result;
    try {
      result = svm.sendTransaction(decodeForSvm(tx.wire));
    } catch {
      return { record: null, failure: namedTransactionError('SignatureFailure') };
    }
    let described: DescribedTransactionError | null = null;
    let meta: TransactionMetadata;
    if (result instanceof FailedTransactionMetadata) {
      described = describeTransactionError(result.err());
      if (!described.landed) return { record: null, failure: described };
      meta = result.meta();
    } else {
      meta = result;
    }
    sequence += 1;
    const record: TransactionRecord = {
      signature: tx.signature,
      slot,
      blockTime,
      decoded: tx,
      err: described?.json ?? null,
      errText: described?.text ?? null,
      fee: computeTransactionFee(tx),
      preBalances,
      postBalances: balances(tx),
      preTokenBalances,
      postTokenBalances: tokenBalances(tx),
      logs: meta.logs(),
      computeUnitsConsumed: meta.computeUnitsConsumed(),
      innerInstructions: mapInner(meta),
      returnData: mapReturnData(meta),
      memo: extractMemo(tx),
      sequence,
    };
    indexRecord(record);
    return { record, failure: described };
  }

  // --- replay -------------------------------------------------------------------------------
  let txLog: TransactionLog | null = null;
  let firstSlot = 1;
  const startedAt = Date.now();
  if (dataDir !== null) {
    txLog = createTransactionLog(path.join(dataDir, 'ledger.jsonl'));
    const entries = txLog.readExisting();
    let mismatches = 0;
    for (const [index, entry] of entries.entries()) {
      if (entry.slot !== slot) enterSlot(entry.slot, entry.ts);
      let tx: DecodedTransaction;
      try {
        tx = decodeWireTransaction(Buffer.from(entry.tx, 'base64'));
      } catch (error) {
        throw new Error(
          `ledger ${path.join(dataDir, 'ledger.jsonl')}: entry ${index + 1} is not a transaction (${(error as Error).message})`,
          { cause: error },
        );
      }
      const { record } = execute(tx);
      if (record === null) mismatches += 1;
    }
    firstSlot = Math.max(readSlotMark(dataDir) + 1, 1);
    if (entries.length > 0) {
      firstSlot = Math.max(firstSlot, (entries[entries.length - 1]?.slot ?? 0) + 1);
      log(
        `replayed ${entries.length} transactions in ${Date.now() - startedAt} ms${mismatches > 0 ? ` (${mismatches} did not land again)` : ''}`,
      );
    }
  }
  enterSlot(firstSlot, Math.floor(Date.now() / 1000));

  function ensureOpen(): void {
    // A chain whose log is closed must not accept writes it could not persist.
    if (closed)
      throw new RpcError(RPC_ERROR.INTERNAL_ERROR, 'Internal error: the chain is shutting down');
  }
  let closed = false;

  function land(tx: DecodedTransaction, skipPreflight: boolean): string {
    ensureOpen();
    if (records.has(tx.signature)) {
      if (skipPreflight) return tx.signature;
      const described = namedTransactionError('AlreadyProcessed');
      throw preflightError(described, [], 0n);
    }
    if (tx.hasEmptySignature) {
      throw new RpcError(
        RPC_ERROR.TRANSACTION_SIGNATURE_VERIFICATION_FAILURE,
        'Transaction signature verification failure',
      );
    }
    if (!blockhashSlots.has(tx.recentBlockhash)) {
      if (skipPreflight) return tx.signature; // dropped, as a real cluster would
      throw preflightError(namedTransactionError('BlockhashNotFound'), [], 0n);
    }
    if (!skipPreflight) {
      const sim = simulateDecoded(tx, true);
      if (sim.err !== null) {
        if (sim.err === 'SignatureFailure') {
          throw new RpcError(
            RPC_ERROR.TRANSACTION_SIGNATURE_VERIFICATION_FAILURE,
            'Transaction signature verification failure',
          );
        }
        throw preflightError(
          { json: sim.err, text: sim.errText ?? JSON.stringify(sim.err), landed: false },
          sim.logs,
          sim.unitsConsumed,
        );
      }
    }
    const { record, failure } = execute(tx);
    if (record === null) {
      if (skipPreflight) return tx.signature;
      throw preflightError(failure ?? namedTransactionError('SanitizeFailure'), [], 0n);
    }
    try {
      txLog?.append({
        slot: record.slot,
        ts: record.blockTime,
        tx: Buffer.from(tx.wire).toString('base64'),
      });
    } catch (error) {
      // Memory is now ahead of the disk: refuse every further write rather than diverge.
      closed = true;
      log(`ledger write failed, no longer accepting transactions: ${(error as Error).message}`);
      throw new RpcError(
        RPC_ERROR.INTERNAL_ERROR,
        'Internal error: the ledger could not be written; the local chain stopped accepting transactions',
      );
    }
    events.emit('transaction', record);
    return tx.signature;
  }

  function preflightError(
    described: DescribedTransactionError,
    logs: string[],
    units: bigint,
  ): RpcError {
    return new RpcError(
      RPC_ERROR.SEND_TRANSACTION_PREFLIGHT_FAILURE,
      `Transaction simulation failed: ${described.text}`,
      {
        accounts: null,
        err: described.json,
        innerInstructions: null,
        logs,
        replacementBlockhash: null,
        returnData: null,
        unitsConsumed: units,
      },
    );
  }

  function decodeOrThrow(wire: Uint8Array): DecodedTransaction {
    try {
      return decodeWireTransaction(wire);
    } catch (error) {
      throw invalidParams(`failed to deserialize transaction: ${(error as Error).message}`);
    }
  }

  return {
    genesisHash: genesis.genesisHash,
    faucet,
    events,
    finalizationSlots,
    slot: () => slot,
    latestBlockhash: () => ({
      blockhash: blockhashFor(slot),
      lastValidBlockHeight: slot + validity,
    }),
    isBlockhashValid: (hash) => blockhashSlots.has(hash),
    transactionCount: () => records.size,
    minimumBalanceForRentExemption: (len) => svm.minimumBalanceForRentExemption(BigInt(len)),
    getAccount: readAccount,
    getProgramAccounts: (owner) => svm.getProgramAccounts(address(owner)).map(toView),
    simulate: (wire, opts) => {
      const tx = decodeOrThrow(wire);
      if (!opts.replaceRecentBlockhash && !blockhashSlots.has(tx.recentBlockhash)) {
        const described = namedTransactionError('BlockhashNotFound');
        return {
          err: described.json,
          errText: described.text,
          logs: [],
          unitsConsumed: 0n,
          returnData: null,
          postAccounts: new Map(),
          innerInstructions: [],
        };
      }
      const result = simulateDecoded(tx, opts.sigVerify);
      return opts.replaceRecentBlockhash
        ? {
            ...result,
            replacementBlockhash: {
              blockhash: blockhashFor(slot),
              lastValidBlockHeight: slot + validity,
            },
          }
        : result;
    },
    send: (wire, opts) => land(decodeOrThrow(wire), opts.skipPreflight),
    airdrop: (to, amount) => {
      const tx = new Transaction({
        feePayer: faucetKeypair.publicKey,
        recentBlockhash: blockhashFor(slot),
      }).add(
        SystemProgram.transfer({
          fromPubkey: faucetKeypair.publicKey,
          toPubkey: new PublicKey(to),
          lamports: amount,
        }),
      );
      tx.sign(faucetKeypair);
      return land(decodeWireTransaction(tx.serialize()), false);
    },
    getRecord: (signature) => records.get(signature),
    isRecent: (record) => record.slot >= slot - STATUS_CACHE_SLOTS,
    signaturesForAddress: (addr) => [...(byAddress.get(addr) ?? [])].reverse(),
    prioritizationFees: (addresses) => {
      const wanted = new Set(addresses);
      const bySlot = new Map<number, bigint>();
      const oldest = slot - 150;
      for (const record of records.values()) {
        if (record.slot < oldest) continue;
        if (
          wanted.size > 0 &&
          !record.decoded.accountKeys.some(
            (key, i) => wanted.has(key) && record.decoded.writable[i] === true,
          )
        )
          continue;
        const price = computeUnitPriceOf(record.decoded);
        const current = bySlot.get(record.slot);
        if (current === undefined || price < current) bySlot.set(record.slot, price);
      }
      const out: { slot: number; prioritizationFee: number }[] = [];
      for (let s = Math.max(1, oldest); s <= slot; s++)
        out.push({ slot: s, prioritizationFee: Number(bySlot.get(s) ?? 0n) });
      return out;
    },
    start: () => {
      if (timer !== null) return;
      timer = setInterval(() => {
        enterSlot(slot + 1, Math.floor(Date.now() / 1000));
        if (dataDir !== null && slot % SLOT_MARK_EVERY === 0) writeSlotMark(dataDir, slot);
        events.emit('slot', slot);
      }, slotMs);
      timer.unref();
    },
    close: () => {
      closed = true;
      if (timer !== null) clearInterval(timer);
      timer = null;
      if (dataDir !== null) writeSlotMark(dataDir, slot);
      txLog?.close();
    },
  };
}

export type { Address };
