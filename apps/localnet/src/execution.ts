import { getTransactionDecoder } from '@solana/kit';
import { FailedTransactionMetadata } from 'litesvm';
import type { LiteSVM, TransactionMetadata } from 'litesvm';
import { readAccount } from './bank';
import type { SimulationResult, TransactionRecord } from './chain-types';
import { describeTransactionError, namedTransactionError } from './transaction-error';
import type { DescribedTransactionError } from './transaction-error';
import { withLoadedAddresses } from './lookup-tables';
import { balancesOf, innerInstructionsOf, returnDataOf, tokenBalancesOf } from './transaction-meta';
import { computeTransactionFee, extractMemo } from './wire-transaction';
import type { DecodedTransaction } from './wire-transaction';

/** What running a transaction for real produced. */
export interface ExecutionOutcome {
  /** The recorded transaction; null when it did not land (nothing charged, nothing recorded). */
  record: TransactionRecord | null;
  /** Why it failed, whether or not it landed; null on success. */
  failure: DescribedTransactionError | null;
}

/** Runs transactions on the bank, stamping each landed one with the current slot and time. */
export interface Executor {
  /** Runs without committing anything. */
  simulate(tx: DecodedTransaction, sigVerify: boolean): SimulationResult;
  /** Runs and commits; a landed transaction is recorded in the index. */
  execute(tx: DecodedTransaction): ExecutionOutcome;
}

/**
 * A simulation that failed before running any instruction (bad signature, unknown blockhash):
 * no logs, no units, no accounts.
 */
export function failedBeforeRunning(described: DescribedTransactionError): SimulationResult {
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

function decodeForSvm(wire: Uint8Array) {
  return getTransactionDecoder().decode(wire);
}

function simulateOnBank(
  svm: LiteSVM,
  tx: DecodedTransaction,
  sigVerify: boolean,
): SimulationResult {
  svm.withSigverify(sigVerify);
  try {
    let result;
    try {
      result = svm.simulateTransaction(decodeForSvm(tx.wire));
    } catch {
      return failedBeforeRunning(namedTransactionError('SignatureFailure'));
    }
    if (result instanceof FailedTransactionMetadata) {
      const described = describeTransactionError(result.err());
      const meta = result.meta();
      return {
        err: described.json,
        errText: described.text,
        logs: meta.logs(),
        unitsConsumed: meta.computeUnitsConsumed(),
        returnData: returnDataOf(meta),
        postAccounts: new Map(),
        innerInstructions: innerInstructionsOf(meta),
      };
    }
    const meta = result.meta();
    return {
      err: null,
      errText: null,
      logs: meta.logs(),
      unitsConsumed: meta.computeUnitsConsumed(),
      returnData: returnDataOf(meta),
      postAccounts: new Map(result.postAccounts().map((account) => [account.address, account])),
      innerInstructions: innerInstructionsOf(meta),
    };
  } finally {
    svm.withSigverify(true);
  }
}

/**
 * Creates the executor. `clock` stamps records with the slot and block time they landed in;
 * `index` receives every landed record, during replay as well as live; `prepare` brings the
 * bank's slot-dependent state up to date before anything runs. A landed transaction's record
 * lists the addresses it loaded from lookup tables with its own keys (balances, token balances,
 * the index by address and the RPC answers all see them).
 */
export function createExecutor(
  svm: LiteSVM,
  clock: { slot(): number; blockTime(): number },
  index: { add(record: TransactionRecord): void },
  prepare: () => void = () => undefined,
): Executor {
  let sequence = 0;

  function execute(wireTx: DecodedTransaction): ExecutionOutcome {
    prepare();
    const tx = withLoadedAddresses((address) => readAccount(svm, address), wireTx);
    const preBalances = balancesOf(svm, tx);
    const preTokenBalances = tokenBalancesOf(svm, tx);
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
      slot: clock.slot(),
      blockTime: clock.blockTime(),
      decoded: tx,
      err: described?.json ?? null,
      errText: described?.text ?? null,
      fee: computeTransactionFee(tx),
      preBalances,
      postBalances: balancesOf(svm, tx),
      preTokenBalances,
      postTokenBalances: tokenBalancesOf(svm, tx),
      logs: meta.logs(),
      computeUnitsConsumed: meta.computeUnitsConsumed(),
      innerInstructions: innerInstructionsOf(meta),
      returnData: returnDataOf(meta),
      memo: extractMemo(tx),
      sequence,
    };
    index.add(record);
    return { record, failure: described };
  }

  return {
    simulate: (tx, sigVerify) => {
      prepare();
      return simulateOnBank(svm, tx, sigVerify);
    },
    execute,
  };
}
