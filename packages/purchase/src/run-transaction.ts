import {
  DIALOG_TEXTS,
  encodeBase58,
  toTransactionErrorMessage,
  walletFailureMessage,
} from '@fbt/domain';
import { BUY_SIMULATION_COMPUTE_UNITS, buyComputeUnitLimit } from '@fbt/presale-client';
import {
  ComputeBudgetProgram,
  TransactionMessage,
  VersionedTransaction,
  type AddressLookupTableAccount,
  type PublicKey,
  type SignatureStatus,
  type TransactionInstruction,
} from '@solana/web3.js';
import type { ChainSignals } from './chain-signals';
import { confirmSignature } from './confirm-signature';
import { describeFailure, type TransactionFailureText } from './describe-failure';
import type { SendWithStatus } from './send-with-status';
import type { PurchaseConnection } from './purchase-connection';

/** The steps after a transaction's instructions are known, reported as they start. */
export type SendStage = 'simulating' | 'signing' | 'sending' | 'confirming';

/** How a wallet transaction is simulated, signed, sent and confirmed. */
export interface TransactionDeps {
  readonly connection: PurchaseConnection;
  /** The wallet's signer (wallet-adapter's `signTransaction`). */
  readonly signTransaction: (transaction: VersionedTransaction) => Promise<VersionedTransaction>;
  /** When to read the status early while confirming (see `confirmSignature`). */
  readonly signals?: ChainSignals;
  /**
   * Sends and reads the status in one round trip (`createBatchedSender`); without it the
   * transaction is sent with `sendRawTransaction` and its status read after.
   */
  readonly sendWithStatus?: SendWithStatus;
  readonly pollIntervalMs?: number;
  readonly sleep?: (ms: number) => Promise<void>;
}

/** What {@link runTransaction} sends. */
export interface TransactionPlan {
  /** Fee payer and only signer (the connected wallet). */
  readonly payer: PublicKey;
  readonly blockhash: string;
  /** Micro-lamports per compute unit. */
  readonly priorityFee: number;
  /** The instructions after the two compute-budget ones. */
  readonly instructions: readonly TransactionInstruction[];
  /**
   * Address lookup tables: with any, the transaction is a version-0 message loading from them
   * every account they hold that is not a signer or an invoked program; without, legacy.
   */
  readonly lookupTables?: readonly AddressLookupTableAccount[];
  /** Called as each step starts. */
  readonly enter: (stage: SendStage) => void;
}

/** A confirmed transaction, or the failure to show (with its signature once it was sent). */
export type TransactionOutcome =
  | { readonly ok: true; readonly signature: string; readonly slot: number }
  | ({ readonly ok: false; readonly signature?: string } & TransactionFailureText);

/**
 * Simulates the transaction (program errors are reported before the wallet is asked), sizes
 * its compute limit from the simulation with `buyComputeUnitLimit` (the rule the program's
 * tests prove for every path: plain, leader, allowlisted and first buys, and claims), has the
 * wallet sign, sends and confirms. Never throws for an expected failure.
 */
export async function runTransaction(
  deps: TransactionDeps,
  plan: TransactionPlan,
): Promise<TransactionOutcome> {
  const { connection } = deps;
  const compile = (computeUnits: number): VersionedTransaction =>
    compileTransaction(
      plan.payer,
      plan.blockhash,
      [
        ComputeBudgetProgram.setComputeUnitLimit({ units: computeUnits }),
        ComputeBudgetProgram.setComputeUnitPrice({ microLamports: plan.priorityFee }),
        ...plan.instructions,
      ],
      plan.lookupTables ?? [],
    );

  plan.enter('simulating');
  const simulation = await connection.simulateTransaction(compile(BUY_SIMULATION_COMPUTE_UNITS), {
    sigVerify: false,
    commitment: 'confirmed',
  });
  if (simulation.value.err !== null) {
    return { ok: false, ...describeFailure(simulation.value.err, simulation.value.logs ?? []) };
  }
  const transaction = compile(buyComputeUnitLimit(simulation.value.unitsConsumed));

  plan.enter('signing');
  let signed: VersionedTransaction;
  try {
    signed = await deps.signTransaction(transaction);
  } catch (error) {
    return { ok: false, message: walletFailureMessage(error) };
  }
  const signatureBytes = signed.signatures[0];
  if (signatureBytes === undefined || signatureBytes.every((byte) => byte === 0)) {
    return { ok: false, message: DIALOG_TEXTS.DIALOG__NOT_SIGNED };
  }

  plan.enter('sending');
  const rawTransaction = signed.serialize();
  let signature = encodeBase58(signatureBytes);
  let firstStatus: SignatureStatus | null | undefined;
  if (deps.sendWithStatus === undefined) {
    signature = await connection.sendRawTransaction(rawTransaction, {
      skipPreflight: true,
      maxRetries: 0,
    });
  } else {
    firstStatus = await deps.sendWithStatus(rawTransaction, signature);
  }

  plan.enter('confirming');
  const outcome = await confirmSignature({
    connection,
    signature,
    blockhash: plan.blockhash,
    rawTransaction,
    ...(firstStatus === undefined ? {} : { firstStatus }),
    ...(deps.signals === undefined ? {} : { signals: deps.signals }),
    ...(deps.pollIntervalMs === undefined ? {} : { pollIntervalMs: deps.pollIntervalMs }),
    ...(deps.sleep === undefined ? {} : { sleep: deps.sleep }),
  });
  switch (outcome.status) {
    case 'confirmed':
      return { ok: true, signature, slot: outcome.slot };
    case 'failed':
      return { ok: false, signature, ...describeFailure(outcome.error) };
    case 'expired':
      return { ok: false, signature, message: toTransactionErrorMessage('Blockhash not found') };
  }
}

/**
 * The unsigned transaction: a version-0 message loading accounts from `lookupTables` when there
 * are any, else a legacy one.
 */
export function compileTransaction(
  payer: PublicKey,
  blockhash: string,
  instructions: TransactionInstruction[],
  lookupTables: readonly AddressLookupTableAccount[] = [],
): VersionedTransaction {
  const message = new TransactionMessage({
    payerKey: payer,
    recentBlockhash: blockhash,
    instructions,
  });
  return new VersionedTransaction(
    lookupTables.length === 0
      ? message.compileToLegacyMessage()
      : message.compileToV0Message([...lookupTables]),
  );
}

/** The median of recent non-zero fees on the written account, capped; 0 when the chain is idle. */
export function choosePriorityFee(recentFees: readonly number[], cap: number): number {
  const paid = recentFees.filter((fee) => fee > 0).sort((a, b) => a - b);
  if (paid.length === 0) return 0;
  const median = paid[Math.floor(paid.length / 2)] ?? 0;
  return Math.min(median, cap);
}

/** Priority fees above this many micro-lamports per CU are not paid (a spike is not our bid). */
export const DEFAULT_MAX_PRIORITY_FEE = 25_000;
