import {
  Connection,
  PublicKey,
  type AccountInfo,
  type MessageCompiledInstruction,
} from '@solana/web3.js';
import type {
  BuyerRecordAddressDeriver,
  BuyerRecordReader,
  BuyInstructionDecoder,
  ClaimInstructionDecoder,
  ObservedBuy,
  ObservedClaim,
  ObservedTransaction,
  PresaleSnapshot,
  PresaleStateReader,
  ResolvedInstruction,
  TransactionVerifier,
} from '@fbt/domain';
import {
  decodeBase58,
  decodeBuyerRecord,
  decodePresaleDelivery,
  decodePresaleSaleRules,
  decodePresaleTotals,
  decodePresaleState,
} from '@fbt/domain';
import { AdapterError } from './adapter-error';
import { retryOnConnectionReset } from './reset-retrying-fetch';

/** Options of {@link createSolanaConnection}. */
export interface SolanaConnectionOptions {
  readonly rpcUrl: string;
  /** Pubsub URL; web3.js derives it from rpcUrl (port + 1) when absent. */
  readonly wsUrl?: string;
  /**
   * Receives pubsub websocket errors (web3.js would print each one with console.error while it
   * reconnects, outside the structured log).
   */
  readonly onWebsocketError?: (error: Error) => void;
}

interface ConnectionInternals {
  _rpcWebSocket?: {
    removeAllListeners(event: string): void;
    on(event: string, listener: (error: Error) => void): void;
    setAutoReconnect(reconnect: boolean): void;
    close(): void;
  };
  _rpcWebSocketConnected?: boolean;
}

/**
 * A web3.js Connection at 'confirmed' commitment. Rate-limit retries are off: the BFF's caches
 * decide when to call again, so a 429 must surface instead of sleeping inside a request. A
 * request whose kept-alive connection the node closed under it is sent again on a fresh one
 * ({@link retryOnConnectionReset}) instead of failing the read.
 */
export function createSolanaConnection(options: SolanaConnectionOptions): Connection {
  const connection = new Connection(options.rpcUrl, {
    commitment: 'confirmed',
    disableRetryOnRateLimit: true,
    fetch: retryOnConnectionReset(),
    ...(options.wsUrl === undefined ? {} : { wsEndpoint: options.wsUrl }),
  });
  const onError = options.onWebsocketError;
  // web3.js v1 exposes no hook for this; its handler only flags the socket down and prints.
  const internals = connection as unknown as ConnectionInternals;
  if (onError !== undefined && internals._rpcWebSocket !== undefined) {
    internals._rpcWebSocket.removeAllListeners('error');
    internals._rpcWebSocket.on('error', (error) => {
      internals._rpcWebSocketConnected = false;
      onError(error);
    });
  }
  return connection;
}

function rpcError(operation: string, cause: unknown): AdapterError {
  return new AdapterError(
    'RPC__ERROR',
    { operation, reason: cause instanceof Error ? cause.message.slice(0, 200) : String(cause) },
    { cause },
  );
}

function toSnapshot(address: string, info: AccountInfo<Buffer>, slot: number): PresaleSnapshot {
  const bytes = new Uint8Array(info.data);
  const totals = decodePresaleTotals(bytes);
  const delivery = decodePresaleDelivery(bytes);
  return {
    address,
    slot,
    state: decodePresaleState(bytes),
    rules: decodePresaleSaleRules(bytes),
    ...(totals === null ? {} : { totals }),
    ...(delivery === null ? {} : { delivery }),
  };
}

/** Options of {@link createSolanaPresaleStateReader}. */
export interface SolanaPresaleStateReaderOptions {
  readonly connection: Connection;
  /** Called when a pushed account cannot be decoded (it is then skipped). */
  readonly onWatchError?: (error: unknown) => void;
}

/** Presale state accounts over JSON-RPC (`getAccountInfo`) and pubsub (`accountSubscribe`). */
export function createSolanaPresaleStateReader(
  options: SolanaPresaleStateReaderOptions,
): PresaleStateReader {
  const { connection } = options;
  return {
    async readPresaleState(address) {
      let answer;
      try {
        answer = await connection.getAccountInfoAndContext(new PublicKey(address), 'confirmed');
      } catch (error) {
        throw rpcError('getAccountInfo', error);
      }
      if (answer.value === null) return null;
      return toSnapshot(address, answer.value, answer.context.slot);
    },
    watchPresaleState(address, onChange) {
      const id = connection.onAccountChange(
        new PublicKey(address),
        (info, context) => {
          try {
            onChange(toSnapshot(address, info, context.slot));
          } catch (error) {
            options.onWatchError?.(error);
          }
        },
        { commitment: 'confirmed', encoding: 'base64' },
      );
      return () => {
        void connection.removeAccountChangeListener(id).catch(() => undefined);
      };
    },
  };
}

/** Options of {@link createSolanaBuyerRecordReader}. */
export interface SolanaBuyerRecordReaderOptions {
  readonly connection: Connection;
  readonly deriveBuyerRecordAddress: BuyerRecordAddressDeriver;
}

/** Per-buyer records over JSON-RPC; a wallet that never bought has no account (`null`). */
export function createSolanaBuyerRecordReader(
  options: SolanaBuyerRecordReaderOptions,
): BuyerRecordReader {
  return {
    async readBuyerRecord(presale, wallet) {
      const address = options.deriveBuyerRecordAddress(presale, wallet);
      let info;
      try {
        info = await options.connection.getAccountInfo(new PublicKey(address), 'confirmed');
      } catch (error) {
        throw rpcError('getAccountInfo', error);
      }
      return info === null ? null : decodeBuyerRecord(new Uint8Array(info.data));
    },
  };
}

/** Options of {@link createSolanaTransactionVerifier}. */
export interface SolanaTransactionVerifierOptions {
  readonly connection: Connection;
  readonly decodeBuy: BuyInstructionDecoder;
  /** Recognises the program's ClaimCommission; absent: claims are not looked for. */
  readonly decodeClaim?: ClaimInstructionDecoder;
}

/**
 * Fetches a transaction at 'confirmed' and extracts what the leader ledger verifies: success,
 * signers, our program's Buy and ClaimCommission instructions (top-level and inner) and every
 * account's lamport change (post minus pre balance).
 */
export function createSolanaTransactionVerifier(
  options: SolanaTransactionVerifierOptions,
): TransactionVerifier {
  const { connection } = options;
  return {
    async observeTransaction(signature): Promise<ObservedTransaction> {
      let tx;
      try {
        tx = await connection.getTransaction(signature, {
          commitment: 'confirmed',
          maxSupportedTransactionVersion: 0,
        });
      } catch (error) {
        throw rpcError('getTransaction', error);
      }
      if (tx === null) return { status: 'not-found' };
      const message = tx.transaction.message;
      const keys = message.getAccountKeys(
        tx.meta?.loadedAddresses === undefined
          ? undefined
          : { accountKeysFromLookups: tx.meta.loadedAddresses },
      );
      const keyAt = (index: number): string => {
        const key = keys.get(index);
        if (key === undefined) {
          throw new AdapterError('UPSTREAM__BAD_RESPONSE', {
            upstream: 'rpc',
            issue: `account index ${index} out of range`,
          });
        }
        return key.toBase58();
      };
      const resolve = (programIdIndex: number, accounts: readonly number[], data: Uint8Array) => ({
        programId: keyAt(programIdIndex),
        accounts: accounts.map(keyAt),
        data,
      });
      const instructions: ResolvedInstruction[] = message.compiledInstructions.map(
        (ix: MessageCompiledInstruction) =>
          resolve(ix.programIdIndex, ix.accountKeyIndexes, ix.data),
      );
      for (const group of tx.meta?.innerInstructions ?? []) {
        for (const ix of group.instructions) {
          instructions.push(resolve(ix.programIdIndex, ix.accounts, decodeBase58(ix.data)));
        }
      }
      const buys: ObservedBuy[] = [];
      const claims: ObservedClaim[] = [];
      for (const instruction of instructions) {
        const buy = options.decodeBuy(instruction);
        if (buy !== null) buys.push(buy);
        const claim = options.decodeClaim?.(instruction) ?? null;
        if (claim !== null) claims.push(claim);
      }
      const lamportDeltas: Record<string, bigint> = {};
      const pre = tx.meta?.preBalances ?? [];
      const post = tx.meta?.postBalances ?? [];
      for (let index = 0; index < Math.min(pre.length, post.length, keys.length); index++) {
        const delta = BigInt(post[index] ?? 0) - BigInt(pre[index] ?? 0);
        const address = keyAt(index);
        lamportDeltas[address] = (lamportDeltas[address] ?? 0n) + delta;
      }
      const signerCount = message.header.numRequiredSignatures;
      return {
        status: 'found',
        signature,
        slot: tx.slot,
        blockTime: tx.blockTime ?? null,
        error:
          tx.meta === null
            ? 'missing meta'
            : tx.meta.err === null
              ? null
              : JSON.stringify(tx.meta.err),
        signers: message.staticAccountKeys.slice(0, signerCount).map((key) => key.toBase58()),
        buys,
        claims,
        lamportDeltas,
      };
    },
    async listRecentSignatures(address, limit, page = {}) {
      try {
        const entries = await connection.getSignaturesForAddress(
          new PublicKey(address),
          {
            limit,
            ...(page.before === undefined ? {} : { before: page.before }),
            ...(page.until === undefined ? {} : { until: page.until }),
          },
          'confirmed',
        );
        return entries.map((entry) => ({ signature: entry.signature, slot: entry.slot }));
      } catch (error) {
        throw rpcError('getSignaturesForAddress', error);
      }
    },
  };
}

/** Instruction tag of the presale program's Buy. */
export const BUY_INSTRUCTION_TAG = 1;

/** Where the Buy instruction keeps the buyer and the presale account. */
export interface BuyAccountLayout {
  readonly buyerIndex: number;
  readonly presaleIndex: number;
  readonly accountCount: number;
}

/**
 * A Buy decoder from the wire format (`0x01` + u64 LE lamports, fixed account list), for when
 * the program's own TypeScript client is not available. Prefer the program client's decoder.
 */
export function createBuyInstructionDecoder(
  programId: string,
  layout: BuyAccountLayout,
): BuyInstructionDecoder {
  return (instruction) => {
    if (instruction.programId !== programId) return null;
    if (instruction.data.length !== 9 || instruction.data[0] !== BUY_INSTRUCTION_TAG) return null;
    if (instruction.accounts.length < layout.accountCount) return null;
    const buyer = instruction.accounts[layout.buyerIndex];
    const presale = instruction.accounts[layout.presaleIndex];
    if (buyer === undefined || presale === undefined) return null;
    const view = new DataView(
      instruction.data.buffer,
      instruction.data.byteOffset,
      instruction.data.byteLength,
    );
    return { buyer, presale, lamports: view.getBigUint64(1, true) };
  };
}

/**
 * Closes a web3.js Connection's pubsub websocket for good. web3.js v1 has no close(): its socket
 * client reconnects every second, forever, once the node has gone (a stopped local chain, a
 * closed app that outlives its node), so whoever owns a Connection with subscriptions calls this
 * when done with it. Safe to call twice or on a Connection that never opened its socket.
 */
export function closeConnectionSocket(connection: Connection): void {
  const socket = (connection as unknown as ConnectionInternals)._rpcWebSocket;
  if (socket === undefined) return;
  socket.setAutoReconnect(false);
  socket.close();
}
