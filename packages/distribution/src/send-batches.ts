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

/** One batch sent: confirmed, or refused/failed (then `error`). */
export type SentBatch<B> =
  | { readonly batch: B; readonly confirmed: ConfirmedTransaction }
  | { readonly batch: B; readonly error: DistributionError };

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
}

/**
 * Sends `batches`, `inFlight` at a time; a batch that is refused, fails or cannot be sent (the
 * node unreachable) is reported and the others go on (a later pass plans it again from the
 * chain). Returns every outcome, in completion order.
 */
export async function sendBatches<B extends SendableBatch>(
  batches: readonly B[],
  options: SendBatchesOptions<B>,
): Promise<SentBatch<B>[]> {
  const outcomes: SentBatch<B>[] = [];
  let next = 0;
  const worker = async () => {
    while (next < batches.length && options.stopped?.() !== true) {
      const batch = batches[next++]!;
      let outcome: SentBatch<B>;
      try {
        const confirmed = await sendVersionedTransaction(
          options.connection,
          options.payer,
          batch.instructions,
          batch.lookupTables ?? options.lookupTables ?? [],
          options.send,
        );
        outcome = { batch, confirmed };
      } catch (error) {
        outcome = {
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
      outcomes.push(outcome);
      options.onBatch?.(outcome);
    }
  };
  const workers = Math.max(1, Math.min(options.inFlight ?? 4, batches.length));
  await Promise.all(Array.from({ length: workers }, worker));
  return outcomes;
}
