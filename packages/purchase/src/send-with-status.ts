import type { SignatureStatus, TransactionError } from '@solana/web3.js';

/** Sends a signed transaction and reads its status once, in one round trip. */
export type SendWithStatus = (
  rawTransaction: Uint8Array,
  signature: string,
) => Promise<SignatureStatus | null>;

/** Why {@link createBatchedSender}'s send failed (the RPC's error, or an answer not understood). */
export class SendWithStatusError extends Error {
  override readonly name = 'SendWithStatusError';
}

type Fetch = (url: string, init: RequestInit) => Promise<Response>;

/**
 * A {@link SendWithStatus} over one JSON-RPC batch to `endpoint` (the BFF's `/rpc`, which
 * forwards batches as they are): `sendTransaction` (no preflight, no retries: the purchase
 * simulated already and re-sends itself) then `getSignatureStatuses` for the same signature. A
 * chain that lands a transaction within its send (the local chain) answers 'confirmed' in the
 * same round trip; a cluster that has not confirmed it yet, or runs a batch's calls at once,
 * answers null and the purchase goes on waiting as usual. Either way the status is the chain's
 * own word, read after the send: never a guess.
 *
 * Throws {@link SendWithStatusError} with the RPC's message when the send is refused, or when
 * the answer is not the two results expected (another signature, a malformed status).
 */
export function createBatchedSender(endpoint: string, fetchFn: Fetch = fetch): SendWithStatus {
  return async (rawTransaction, signature) => {
    const response = await fetchFn(endpoint, {
      method: 'POST',
      headers: { 'content-type': 'application/json' },
      body: JSON.stringify([
        {
          jsonrpc: '2.0',
          id: 1,
          method: 'sendTransaction',
          params: [
            toBase64(rawTransaction),
            { encoding: 'base64', skipPreflight: true, maxRetries: 0 },
          ],
        },
        {
          jsonrpc: '2.0',
          id: 2,
          method: 'getSignatureStatuses',
          params: [[signature]],
        },
      ]),
    });
    const answer: unknown = await response.json().catch(() => null);
    if (!response.ok && !Array.isArray(answer)) {
      throw new SendWithStatusError(`failed to send transaction: ${rpcMessage(answer, response)}`);
    }
    const [sent, read] = byId(answer);
    if (sent === undefined || read === undefined) {
      throw new SendWithStatusError('failed to send transaction: unexpected answer from the RPC');
    }
    if (sent.error !== undefined) {
      throw new SendWithStatusError(`failed to send transaction: ${errorText(sent.error)}`);
    }
    if (sent.result !== signature) {
      throw new SendWithStatusError(
        'failed to send transaction: the RPC answered another signature',
      );
    }
    // The transaction is sent; a status that cannot be read is simply not known yet.
    if (read.error !== undefined) return null;
    return parseStatus(read.result);
  };
}

interface RpcReply {
  readonly result?: unknown;
  readonly error?: unknown;
}

function byId(answer: unknown): [RpcReply | undefined, RpcReply | undefined] {
  if (!Array.isArray(answer)) return [undefined, undefined];
  const find = (id: number): RpcReply | undefined =>
    (answer as unknown[]).find(
      (item): item is RpcReply =>
        typeof item === 'object' && item !== null && (item as { id?: unknown }).id === id,
    );
  return [find(1), find(2)];
}

function errorText(error: unknown): string {
  if (typeof error === 'object' && error !== null) {
    const message = (error as { message?: unknown }).message;
    if (typeof message === 'string') return message;
  }
  return JSON.stringify(error);
}

function rpcMessage(answer: unknown, response: Response): string {
  if (typeof answer === 'object' && answer !== null && 'error' in answer) {
    return errorText(answer.error);
  }
  return `HTTP ${response.status}`;
}

/** The one status of a `getSignatureStatuses` result, or null when absent or malformed. */
function parseStatus(result: unknown): SignatureStatus | null {
  if (typeof result !== 'object' || result === null) return null;
  const value = (result as { value?: unknown }).value;
  if (!Array.isArray(value) || value.length !== 1) return null;
  const status: unknown = value[0];
  if (typeof status !== 'object' || status === null) return null;
  const { slot, confirmations, err, confirmationStatus } = status as Record<string, unknown>;
  if (typeof slot !== 'number') return null;
  if (confirmations !== null && typeof confirmations !== 'number') return null;
  if (
    confirmationStatus !== undefined &&
    confirmationStatus !== 'processed' &&
    confirmationStatus !== 'confirmed' &&
    confirmationStatus !== 'finalized'
  ) {
    return null;
  }
  return {
    slot,
    confirmations,
    err: (err ?? null) as TransactionError | null,
    ...(confirmationStatus === undefined ? {} : { confirmationStatus }),
  };
}

function toBase64(bytes: Uint8Array): string {
  let binary = '';
  for (const byte of bytes) binary += String.fromCharCode(byte);
  return btoa(binary);
}
