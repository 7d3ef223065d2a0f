import type { SignatureStatus, TransactionError } from '@solana/web3.js';
import { latchSignals, type ChainSignals } from './chain-signals';
import type { PurchaseConnection } from './purchase-connection';

/** How a sent transaction ended. */
export type ConfirmationOutcome =
  | { readonly status: 'confirmed'; readonly slot: number }
  | { readonly status: 'failed'; readonly slot: number; readonly error: TransactionError }
  /** The blockhash expired and the chain never saw the transaction: safe to try again. */
  | { readonly status: 'expired' };

export interface ConfirmOptions {
  readonly connection: PurchaseConnection;
  readonly signature: string;
  readonly blockhash: string;
  /** The signed transaction, re-sent while waiting in case a node dropped it. */
  readonly rawTransaction: Uint8Array;
  /** The status read along with the send (`SendWithStatus`): it stands for the first read. */
  readonly firstStatus?: SignatureStatus | null;
  /**
   * Changes the transaction may have caused (the BFF stream's presale updates): while they
   * flow, each one triggers a status read at once and polling slows to
   * `signalledPollIntervalMs`; while they do not, statuses are polled every `pollIntervalMs`.
   */
  readonly signals?: ChainSignals;
  /** Wait between status reads without live signals (default 150 ms: a slot is 400 ms on mainnet). */
  readonly pollIntervalMs?: number;
  /** Wait between status reads while signals are live, in case one is missed (default 1 s). */
  readonly signalledPollIntervalMs?: number;
  /** How often, while waiting, the blockhash's validity is checked (default 2 s). */
  readonly blockhashCheckIntervalMs?: number;
  readonly resendIntervalMs?: number;
  readonly sleep?: (ms: number) => Promise<void>;
  /** Clock of the check and resend intervals (default Date.now). */
  readonly now?: () => number;
}

const defaultSleep = (ms: number): Promise<void> =>
  new Promise((resolve) => setTimeout(resolve, ms));

/**
 * Waits for a signature to reach 'confirmed', reading its status for as long as its blockhash
 * is valid. Once the blockhash has expired it checks the status one last time, searching
 * history, before calling the transaction expired — so a transaction confirmed in the last
 * moment is never reported as failed. Only a status read at 'confirmed' (or 'finalized') ends
 * the wait with success; signals merely say when to read.
 *
 * The first read is right after the send (a fast chain has confirmed by then). After that, with
 * live `signals`, the next read waits for a signal (the presale changed: likely this buy
 * confirmed) or at most `signalledPollIntervalMs`; without them (stream down, or none given),
 * statuses are polled every `pollIntervalMs`. The blockhash's validity, which only matters once
 * the transaction is late, is checked on the first round and then every
 * `blockhashCheckIntervalMs`.
 */
export async function confirmSignature(options: ConfirmOptions): Promise<ConfirmationOutcome> {
  const { connection, signature, blockhash, signals } = options;
  const pollIntervalMs = options.pollIntervalMs ?? 150;
  const signalledPollIntervalMs = options.signalledPollIntervalMs ?? 1_000;
  const blockhashCheckIntervalMs = options.blockhashCheckIntervalMs ?? 2_000;
  const resendIntervalMs = options.resendIntervalMs ?? 2_000;
  const sleep = options.sleep ?? defaultSleep;
  const now = options.now ?? Date.now;
  const latch = latchSignals(signals);
  let nextResendAt = now() + resendIntervalMs;
  let nextCheckAt = now();

  try {
    for (let round = 0; ; round++) {
      latch.clear();
      const outcome =
        round === 0 && options.firstStatus !== undefined
          ? toOutcome(options.firstStatus)
          : await readOutcome(connection, signature, false);
      if (outcome !== null) return outcome;

      if (now() >= nextCheckAt) {
        nextCheckAt = now() + blockhashCheckIntervalMs;
        const valid = await connection.isBlockhashValid(blockhash, { commitment: 'confirmed' });
        if (!valid.value) {
          return (await readOutcome(connection, signature, true)) ?? { status: 'expired' };
        }
      }

      if (now() >= nextResendAt) {
        nextResendAt = now() + resendIntervalMs;
        // A duplicate send is harmless (same signature); a failure here changes nothing.
        await connection
          .sendRawTransaction(options.rawTransaction, { skipPreflight: true, maxRetries: 0 })
          .catch(() => undefined);
      }
      await latch.wait(signals?.live() === true ? signalledPollIntervalMs : pollIntervalMs, sleep);
    }
  } finally {
    latch.close();
  }
}

async function readOutcome(
  connection: PurchaseConnection,
  signature: string,
  searchTransactionHistory: boolean,
): Promise<ConfirmationOutcome | null> {
  const { value } = await connection.getSignatureStatuses([signature], {
    searchTransactionHistory,
  });
  return toOutcome(value[0] ?? null);
}

function toOutcome(status: SignatureStatus | null): ConfirmationOutcome | null {
  if (status === null) return null;
  if (status.err !== null) return { status: 'failed', slot: status.slot, error: status.err };
  if (status.confirmationStatus === 'confirmed' || status.confirmationStatus === 'finalized') {
    return { status: 'confirmed', slot: status.slot };
  }
  return null;
}
