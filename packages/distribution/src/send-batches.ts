import type {
  AddressLookupTableAccount,
  Connection,
  Keypair,
  TransactionInstruction,
} from '@solana/web3.js';
import { DistributionError } from './distribution-error';
import {
  sendVersionedTransaction,
  type ConfirmedTransaction,
  type SendOptions,
} from './send-transaction';

/** A transaction ready to sign: its instructions, its fee, the tables it loads from. */
export interface SendableBatch {
  readonly instructions: readonly TransactionInstruction[];
  readonly feeLamports: bigint;
  /** The lookup tables this transaction loads from; absent: the sender's. */
  readonly lookupTables?: readonly AddressLookupTableAccount[];
}

/**
 * One batch sent: confirmed, or refused/failed (then `error`). `isolated`: refused in preflight
 * for one of its instructions and too small to split (a single buyer or record, with
 * {@link SendBatchesOptions.split}): refused for what it alone names, nothing paid.
 */
export type SentBatch<B> =
  | { readonly batch: B; readonly confirmed: ConfirmedTransaction }
  | { readonly batch: B; readonly error: DistributionError; readonly isolated?: boolean };

/** How {@link sendBatches} sends. */
export interface SendBatchesOptions<B> {
  readonly connection: Connection;
  readonly payer: Keypair;
  /** Tables for batches that name none of their own. */
  readonly lookupTables?: readonly AddressLookupTableAccount[];
  /** Transactions awaiting confirmation at once (default 4). */
  readonly inFlight?: number;
  readonly send?: SendOptions;
  /** Told of each batch as it is confirmed or fails, in completion order. */
  readonly onBatch?: (outcome: SentBatch<B>) => void;
  /** Stops sending new batches once it returns true (those in flight finish). */
  readonly stopped?: () => boolean;
  /**
   * Parts of a batch refused in preflight for its instruction `failedInstruction` (halves of its
   * buyers or records), sent in its place so what one of them names refuses only its own part;
   * one part: it is too small to split, and reported `isolated`; null: the failure is not one
   * item's (a create the fee payer could not fund), and the batch is reported as it is. Absent:
   * a refused batch is reported.
   */
  readonly split?: (batch: B, failedInstruction: number) => readonly B[] | null;
}

/** The outcome of one send: confirmed, or the error as {@link DistributionError}. */
async function sendOne<B extends SendableBatch>(
  batch: B,
  options: SendBatchesOptions<B>,
): Promise<SentBatch<B>> {
  try {
    const confirmed = await sendVersionedTransaction(
      options.connection,
      options.payer,
      batch.instructions,
      batch.lookupTables ?? options.lookupTables ?? [],
      options.send,
    );
    return { batch, confirmed };
  } catch (error) {
    return {
      batch,
      error:
        error instanceof DistributionError
          ? error
          : new DistributionError(
              'RPC_UNAVAILABLE',
              `the cluster could not be reached: ${error instanceof Error ? error.message : String(error)}`,
            ),
    };
  }
}

/**
 * Sends `batches`, `inFlight` at a time; a batch that is refused, fails or cannot be sent (the
 * node unreachable) is reported and the others go on (a later pass plans it again from the
 * chain). With `split`, a batch refused in preflight for one item's instruction is sent again
 * in parts (halves, down to one buyer or record), so one account refused stops only itself and
 * everyone else in that batch is served in the same round. Returns every outcome (a split batch's
 * parts', not its own), in completion order.
 */
export async function sendBatches<B extends SendableBatch>(
  batches: readonly B[],
  options: SendBatchesOptions<B>,
): Promise<SentBatch<B>[]> {
  const outcomes: SentBatch<B>[] = [];
  const queue = [...batches];
  const worker = async () => {
    while (queue.length > 0 && options.stopped?.() !== true) {
      const batch = queue.shift()!;
      let outcome = await sendOne(batch, options);
      if ('error' in outcome && options.split !== undefined) {
        const failed = outcome.error.failedInstruction;
        const parts = failed === null ? null : options.split(batch, failed);
        if (parts !== null && parts.length > 1) {
          // Sent next, before the batches not tried yet.
          queue.unshift(...parts);
          continue;
        }
        if (parts !== null) outcome = { ...outcome, isolated: true };
      }
      outcomes.push(outcome);
      options.onBatch?.(outcome);
    }
  };
  const workers = Math.max(1, Math.min(options.inFlight ?? 4, batches.length));
  await Promise.all(Array.from({ length: workers }, worker));
  return outcomes;
}
