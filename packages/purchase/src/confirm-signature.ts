import type { TransactionError } from '@solana/web3.js';
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
  /** Wait between status reads (default 150 ms: a slot is 400 ms on mainnet). */
  readonly pollIntervalMs?: number;
  /** How often, while waiting, the blockhash's validity is checked (default 2 s). */
  readonly blockhashCheckIntervalMs?: number;
  readonly resendIntervalMs?: number;
  readonly sleep?: (ms: number) => Promise<void>;
}

const defaultSleep = (ms: number): Promise<void> =>
  new Promise((resolve) => setTimeout(resolve, ms));

/**
 * Waits for a signature to reach 'confirmed' by polling its status, for as long as its
 * blockhash is valid. Once the blockhash has expired it checks the status one last time,
 * searching history, before calling the transaction expired — so a transaction confirmed in
 * the last moment is never reported as failed.
 *
 * Statuses are read often (the buyer is waiting for them, and the BFF's `/rpc` has no
 * websocket); the blockhash's validity, which only matters once the transaction is late, is
 * checked on the first round and then every `blockhashCheckIntervalMs`.
 */
export async function confirmSignature(options: ConfirmOptions): Promise<ConfirmationOutcome> {
  const { connection, signature, blockhash } = options;
  const pollIntervalMs = options.pollIntervalMs ?? 150;
  const blockhashCheckIntervalMs = options.blockhashCheckIntervalMs ?? 2_000;
  const resendIntervalMs = options.resendIntervalMs ?? 2_000;
  const sleep = options.sleep ?? defaultSleep;
  let sinceResend = 0;
  let sinceCheck = Number.POSITIVE_INFINITY;

  for (;;) {
    const outcome = await readOutcome(connection, signature, false);
    if (outcome !== null) return outcome;

    if (sinceCheck >= blockhashCheckIntervalMs) {
      sinceCheck = 0;
      const valid = await connection.isBlockhashValid(blockhash, { commitment: 'confirmed' });
      if (!valid.value) {
        return (await readOutcome(connection, signature, true)) ?? { status: 'expired' };
      }
    }

    if (sinceResend >= resendIntervalMs) {
      sinceResend = 0;
      // A duplicate send is harmless (same signature); a failure here changes nothing.
      await connection
        .sendRawTransaction(options.rawTransaction, { skipPreflight: true, maxRetries: 0 })
        .catch(() => undefined);
    }
    await sleep(pollIntervalMs);
    sinceResend += pollIntervalMs;
    sinceCheck += pollIntervalMs;
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
  const status = value[0];
  if (status === null || status === undefined) return null;
  if (status.err !== null) return { status: 'failed', slot: status.slot, error: status.err };
  if (status.confirmationStatus === 'confirmed' || status.confirmationStatus === 'finalized') {
    return { status: 'confirmed', slot: status.slot };
  }
  return null;
}
