import { decodePresaleError } from '@fbt/presale-client';
import {
  SendTransactionError,
  TransactionMessage,
  VersionedTransaction,
  type AddressLookupTableAccount,
  type Connection,
  type Keypair,
  type TransactionInstruction,
} from '@solana/web3.js';
import { DistributionError } from './distribution-error';

/** How {@link sendVersionedTransaction} waits. */
export interface SendOptions {
  /** Between two status reads (default 400 ms, a slot). */
  readonly pollMs?: number;
  /** Blockhashes tried before giving up (a new one after each expiry; default 3). */
  readonly attempts?: number;
  /** Between two re-broadcasts of the same signed transaction (default 2,000 ms). */
  readonly rebroadcastMs?: number;
}

/** A transaction the cluster confirmed. */
export interface ConfirmedTransaction {
  readonly signature: string;
  readonly slot: number;
}

const sleep = (ms: number) => new Promise((resolve) => setTimeout(resolve, ms));
/** Status reads in a row the node may fail before a transaction is given up on. */
const MAX_UNANSWERED_POLLS = 10;

/** The program's error by name (`InvalidTokenAccount (6016)`), else the cluster's first line. */
function refusal(error: unknown, logs: readonly string[]): string {
  const program = decodePresaleError(error, logs);
  if (program !== null) return `${program.name} (${program.code}): ${program.message}`;
  if (error instanceof SendTransactionError) return error.transactionError.message;
  const text = error instanceof Error ? error.message : JSON.stringify(error);
  return text.split('\n').find((line) => line.trim() !== '') ?? 'unknown error';
}

/**
 * The instruction a preflight refusal names (`Error processing Instruction 2: …`, the
 * simulation's `InstructionError`), or null when the transaction was refused as a whole.
 */
function failedInstructionOf(error: unknown): number | null {
  const text =
    error instanceof SendTransactionError
      ? error.transactionError.message
      : error instanceof Error
        ? error.message
        : '';
  const match = /Error processing Instruction (\d+)/.exec(text);
  return match === null ? null : Number(match[1]);
}

/**
 * Waits until `signature` is confirmed (resolves its slot), failed on chain (throws
 * `TRANSACTION_FAILED`) or its blockhash expired unseen (resolves null): reads its status every
 * `pollMs` and sends the same bytes again every `rebroadcastMs` meanwhile.
 */
async function confirmOrExpire(
  connection: Connection,
  raw: Uint8Array,
  signature: string,
  lastValidBlockHeight: number,
  options: Required<SendOptions>,
): Promise<number | null> {
  let lastBroadcast = Date.now();
  let unanswered = 0;
  for (;;) {
    let status;
    try {
      [status] = (await connection.getSignatureStatuses([signature])).value;
      unanswered = 0;
    } catch (error) {
      // A node that stops answering for a moment: ask again; for long, give the batch up (a
      // later pass sees from the chain whether it landed).
      if (++unanswered >= MAX_UNANSWERED_POLLS) {
        throw new DistributionError(
          'RPC_UNAVAILABLE',
          `the cluster did not answer about ${signature}: ${refusal(error, [])}`,
        );
      }
      await sleep(options.pollMs);
      continue;
    }
    if (status?.err) {
      throw new DistributionError(
        'TRANSACTION_FAILED',
        `transaction ${signature} failed: ${refusal(status.err, [])}`,
      );
    }
    const level = status?.confirmationStatus;
    if (
      status !== null &&
      status !== undefined &&
      (level === 'confirmed' || level === 'finalized')
    ) {
      return status.slot;
    }
    const height = await connection.getBlockHeight('confirmed').catch(() => null);
    if (height !== null && height > lastValidBlockHeight) return null;
    if (Date.now() - lastBroadcast >= options.rebroadcastMs) {
      lastBroadcast = Date.now();
      await connection
        .sendRawTransaction(raw, { skipPreflight: true, maxRetries: 0 })
        .catch(() => undefined);
    }
    await sleep(options.pollMs);
  }
}

/**
 * Signs `instructions` as one version-0 transaction paid by `payer` (loading accounts from
 * `lookupTables`), sends it with the cluster's preflight simulation and waits for 'confirmed'.
 * A refusal in preflight (nothing paid) throws `TRANSACTION_REFUSED` naming the program's error
 * and carrying the logs and the instruction that failed; a failure on chain `TRANSACTION_FAILED`. A blockhash that expires with
 * the transaction unseen is replaced and the transaction signed again, up to `attempts` times
 * (`TRANSACTION_EXPIRED` after): the instructions this package sends (Finalize, Distribute) are
 * safe to land twice.
 */
export async function sendVersionedTransaction(
  connection: Connection,
  payer: Keypair,
  instructions: readonly TransactionInstruction[],
  lookupTables: readonly AddressLookupTableAccount[],
  options: SendOptions = {},
): Promise<ConfirmedTransaction> {
  const settings = { pollMs: 400, attempts: 3, rebroadcastMs: 2_000, ...options };
  for (let attempt = 1; attempt <= settings.attempts; attempt++) {
    const { blockhash, lastValidBlockHeight } = await connection.getLatestBlockhash('confirmed');
    const message = new TransactionMessage({
      payerKey: payer.publicKey,
      recentBlockhash: blockhash,
      instructions: [...instructions],
    }).compileToV0Message([...lookupTables]);
    const transaction = new VersionedTransaction(message);
    transaction.sign([payer]);
    const raw = transaction.serialize();
    let signature: string;
    try {
      signature = await connection.sendRawTransaction(raw, {
        preflightCommitment: 'confirmed',
        maxRetries: 0,
      });
    } catch (error) {
      const logs = error instanceof SendTransactionError ? (error.transactionError.logs ?? []) : [];
      throw new DistributionError(
        'TRANSACTION_REFUSED',
        refusal(error, logs),
        logs,
        failedInstructionOf(error),
      );
    }
    const slot = await confirmOrExpire(connection, raw, signature, lastValidBlockHeight, settings);
    if (slot !== null) return { signature, slot };
  }
  throw new DistributionError(
    'TRANSACTION_EXPIRED',
    `the transaction was not confirmed within ${settings.attempts} blockhashes`,
  );
}
