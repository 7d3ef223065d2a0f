import type { EventEmitter } from 'node:events';
import type { BlockhashInfo, ChainEvents, SimulationResult } from './chain-types';
import { failedBeforeRunning } from './execution';
import type { Executor } from './execution';
import type { Ledger } from './ledger';
import { RPC_ERROR, RpcError, invalidParams } from './rpc-error';
import { namedTransactionError } from './transaction-error';
import type { DescribedTransactionError } from './transaction-error';
import { decodeWireTransaction, MAX_TRANSACTION_BYTES } from './wire-transaction';
import type { DecodedTransaction } from './wire-transaction';

/**
 * Transactions arriving from clients: checked (duplicate, signatures, blockhash), preflighted,
 * executed, persisted, announced. The one way in for anything that changes the bank after start.
 * Members are plain closures, so the chain hands them out detached.
 */
export interface TransactionIntake {
  simulate: (
    wire: Uint8Array,
    options: { sigVerify: boolean; replaceRecentBlockhash: boolean },
  ) => SimulationResult & { replacementBlockhash?: BlockhashInfo };
  send: (wire: Uint8Array, options: { skipPreflight: boolean }) => string;
  /** Lands an already decoded transaction (the faucet's airdrops); returns its signature. */
  land: (tx: DecodedTransaction, skipPreflight: boolean) => string;
  /** Refuses every later write, for a chain shutting down. */
  close: () => void;
}

/** What the intake works with, each narrowed to the calls it makes. */
export interface IntakeParts {
  clock: { isBlockhashValid(blockhash: string): boolean; latestBlockhash(): BlockhashInfo };
  index: { has(signature: string): boolean };
  executor: Executor;
  ledger: Pick<Ledger, 'append'>;
  events: EventEmitter<ChainEvents>;
  log: (line: string) => void;
}

/**
 * sendTransaction's -32002: the message web3.js shows and the `data` it parses (err, logs,
 * unitsConsumed) into a SendTransactionError.
 */
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

function signatureVerificationFailure(): RpcError {
  return new RpcError(
    RPC_ERROR.TRANSACTION_SIGNATURE_VERIFICATION_FAILURE,
    'Transaction signature verification failure',
  );
}

/**
 * A client's transaction, decoded. One over the packet size is refused as a cluster refuses it
 * (invalid params), before anything runs: it could never reach a leader.
 */
function decodeOrThrow(wire: Uint8Array): DecodedTransaction {
  if (wire.length > MAX_TRANSACTION_BYTES) {
    throw invalidParams(
      `transaction too large: ${wire.length} bytes (max: ${MAX_TRANSACTION_BYTES} bytes)`,
    );
  }
  try {
    return decodeWireTransaction(wire);
  } catch (error) {
    throw invalidParams(`failed to deserialize transaction: ${(error as Error).message}`);
  }
}

/**
 * Creates the intake. With skipPreflight, a transaction that cannot land is dropped silently
 * and its signature returned, as a real cluster would; without, the client hears why.
 */
export function createTransactionIntake(parts: IntakeParts): TransactionIntake {
  const { clock, index, executor, ledger, events, log } = parts;
  let closed = false;

  function ensureOpen(): void {
    // A chain whose log is closed must not accept writes it could not persist.
    if (closed)
      throw new RpcError(RPC_ERROR.INTERNAL_ERROR, 'Internal error: the chain is shutting down');
  }

  function preflight(tx: DecodedTransaction): void {
    const sim = executor.simulate(tx, true);
    if (sim.err === null) return;
    if (sim.err === 'SignatureFailure') throw signatureVerificationFailure();
    throw preflightError(
      { json: sim.err, text: sim.errText ?? JSON.stringify(sim.err), landed: false },
      sim.logs,
      sim.unitsConsumed,
    );
  }

  function persist(tx: DecodedTransaction, slot: number, blockTime: number): void {
    try {
      ledger.append({ slot, ts: blockTime, tx: Buffer.from(tx.wire).toString('base64') });
    } catch (error) {
      // Memory is now ahead of the disk: refuse every further write rather than diverge.
      closed = true;
      log(`ledger write failed, no longer accepting transactions: ${(error as Error).message}`);
      throw new RpcError(
        RPC_ERROR.INTERNAL_ERROR,
        'Internal error: the ledger could not be written; the local chain stopped accepting transactions',
      );
    }
  }

  function land(tx: DecodedTransaction, skipPreflight: boolean): string {
    ensureOpen();
    if (index.has(tx.signature)) {
      if (skipPreflight) return tx.signature;
      throw preflightError(namedTransactionError('AlreadyProcessed'), [], 0n);
    }
    if (tx.hasEmptySignature) throw signatureVerificationFailure();
    if (!clock.isBlockhashValid(tx.recentBlockhash)) {
      if (skipPreflight) return tx.signature; // dropped, as a real cluster would
      throw preflightError(namedTransactionError('BlockhashNotFound'), [], 0n);
    }
    if (!skipPreflight) preflight(tx);
    const { record, failure } = executor.execute(tx);
    if (record === null) {
      if (skipPreflight) return tx.signature;
      throw preflightError(failure ?? namedTransactionError('SanitizeFailure'), [], 0n);
    }
    persist(tx, record.slot, record.blockTime);
    events.emit('transaction', record);
    return tx.signature;
  }

  return {
    simulate: (wire, opts) => {
      const tx = decodeOrThrow(wire);
      if (!opts.replaceRecentBlockhash && !clock.isBlockhashValid(tx.recentBlockhash))
        return failedBeforeRunning(namedTransactionError('BlockhashNotFound'));
      const result = executor.simulate(tx, opts.sigVerify);
      return opts.replaceRecentBlockhash
        ? { ...result, replacementBlockhash: clock.latestBlockhash() }
        : result;
    },
    send: (wire, opts) => land(decodeOrThrow(wire), opts.skipPreflight),
    land,
    close: () => {
      closed = true;
    },
  };
}
