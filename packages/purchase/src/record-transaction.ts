import type { PublicKey, TransactionInstruction } from '@solana/web3.js';
import { describeFailure, type ProgramErrorId } from './describe-failure';
import { withUnusedBlockhash } from './prepare-purchase';
import {
  choosePriorityFee,
  DEFAULT_MAX_PRIORITY_FEE,
  runTransaction,
  type SendStage,
  type TransactionDeps,
} from './run-transaction';

/** The steps of a claim or refund, reported as they start. */
export type ClaimStage = 'preparing' | SendStage;

/** How a wallet's claim or refund runs, and what it must not repeat. */
export interface RecordTransactionDeps extends TransactionDeps {
  readonly onStage?: (stage: ClaimStage) => void;
  /** Upper bound of the priority fee, micro-lamports per compute unit. */
  readonly maxPriorityFeeMicroLamports?: number;
  /**
   * The blockhash of this wallet's previous transaction (`blockhash` of its result): never used
   * again. Two transactions of one wallet with the same instructions under one blockhash are the
   * same transaction, which the chain drops as already processed while its status reads as the
   * first's: the second would look done without doing anything.
   */
  readonly previousBlockhash?: string;
}

/** Where and why a claim or refund stopped. */
export interface RecordTransactionFailure {
  readonly ok: false;
  readonly stage: ClaimStage;
  readonly message: string;
  readonly programError?: ProgramErrorId;
  readonly signature?: string;
}

/** The end of a claim or refund: what moved, or where and why it stopped. */
export type RecordTransactionResult =
  | {
      readonly ok: true;
      readonly signature: string;
      readonly slot: number;
      /** What moved, by the plan's `moved` (null when the record could not be read after). */
      readonly amount: bigint | null;
      /** The transaction's blockhash (pass it as the next one's `previousBlockhash`). */
      readonly blockhash: string;
    }
  | RecordTransactionFailure;

/**
 * One wallet transaction judged by a program record read before and after it: the record (and
 * any other account the instructions depend on) read with the priority fees and the blockhash
 * in one round, the instructions built from what was read, and what moved told from the record
 * before and after.
 */
export interface RecordTransactionPlan<Record, Extra> {
  /** Fee payer and only signer (the connected wallet). */
  readonly payer: PublicKey;
  /** The account the transaction writes, whose recent priority fees set this one's. */
  readonly writable: PublicKey;
  /** The record, or null when none is there (or it is not the program's). */
  readonly readRecord: () => Promise<Record | null>;
  /** A read besides the record, in the same round (the buyer's FBT account for Claim). */
  readonly extraRead: () => Promise<Extra>;
  /**
   * The program's refusal already known from the record before, returned without asking the
   * wallet (null: go on).
   */
  readonly refusal?: (
    before: Record | null,
  ) => { message: string; programError?: ProgramErrorId } | null;
  /** The instructions after the compute budget, given the extra read. */
  readonly instructions: (extra: Extra) => TransactionInstruction[];
  /** What moved, from the record before and after (the after read may find it closed: null). */
  readonly moved: (before: Record | null, after: Record | null) => bigint | null;
}

/**
 * Runs a claim or refund the way a purchase is made: reads, stops on a refusal known from the
 * record, picks a blockhash the wallet's previous transaction did not use, then simulates (the
 * program's refusal is reported before the wallet is asked), has the wallet sign, sends,
 * confirms, and reads the record again to say what moved. Never throws for an expected failure.
 */
export async function runRecordTransaction<Record, Extra>(
  deps: RecordTransactionDeps,
  plan: RecordTransactionPlan<Record, Extra>,
): Promise<RecordTransactionResult> {
  const { connection } = deps;
  let stage: ClaimStage = 'preparing';
  const enter = (next: ClaimStage): void => {
    stage = next;
    deps.onStage?.(next);
  };
  const fail = (
    failure: { message: string; programError?: ProgramErrorId },
    signature?: string,
  ): RecordTransactionFailure => ({
    ok: false,
    stage,
    message: failure.message,
    ...(failure.programError === undefined ? {} : { programError: failure.programError }),
    ...(signature === undefined ? {} : { signature }),
  });
  try {
    enter('preparing');
    const [before, extra, fees, read] = await Promise.all([
      plan.readRecord(),
      plan.extraRead(),
      connection.getRecentPrioritizationFees({ lockedWritableAccounts: [plan.writable] }),
      connection.getLatestBlockhash('confirmed'),
    ]);
    const refusal = plan.refusal?.(before) ?? null;
    if (refusal !== null) return fail(refusal);
    const latest = await withUnusedBlockhash(connection, read, deps.previousBlockhash, deps.sleep);
    const outcome = await runTransaction(deps, {
      payer: plan.payer,
      blockhash: latest.blockhash,
      priorityFee: choosePriorityFee(
        fees.map((fee) => fee.prioritizationFee),
        deps.maxPriorityFeeMicroLamports ?? DEFAULT_MAX_PRIORITY_FEE,
      ),
      instructions: plan.instructions(extra),
      enter,
    });
    if (!outcome.ok) return fail(outcome, outcome.signature);
    const after = await plan.readRecord().catch(() => undefined);
    return {
      ok: true,
      signature: outcome.signature,
      slot: outcome.slot,
      amount: after === undefined ? null : plan.moved(before, after),
      blockhash: latest.blockhash,
    };
  } catch (error) {
    return fail(describeFailure(error));
  }
}
