import { encodeBase58 } from '@fbt/domain';
import { getTransactionDecoder } from '@solana/kit';
import { Transaction, type Keypair, type TransactionInstruction } from '@solana/web3.js';
import { FailedTransactionMetadata, type LiteSVM } from 'litesvm';
import { decodePresaleError, type PresaleProgramError } from '@fbt/presale-client';

/** What happened to one transaction sent to litesvm. */
export interface TransactionOutcome {
  readonly ok: boolean;
  readonly computeUnits: bigint;
  readonly logs: readonly string[];
  /** litesvm's rendering of the error ('' on success). */
  readonly error: string;
  /** Our custom error, when the failure is one. */
  readonly presaleError: PresaleProgramError | null;
  /** Custom code of any program (ours or SPL), when the failure is InstructionError::Custom. */
  readonly customCode: number | null;
  /** Base58 transaction signature (as explorers and RPC show it). */
  readonly signature: string;
}

const decoder = getTransactionDecoder();

/**
 * Signs and sends web3.js v1 instructions through litesvm (kit-typed), by round-tripping the
 * wire bytes. The first signer pays fees. The blockhash is expired afterwards so an identical
 * transaction can be sent again.
 */
export function sendLegacyTransaction(
  svm: LiteSVM,
  instructions: readonly TransactionInstruction[],
  signers: readonly Keypair[],
): TransactionOutcome {
  const [feePayer] = signers;
  if (!feePayer) throw new Error('sendLegacyTransaction needs at least one signer (the fee payer)');
  const transaction = new Transaction({
    feePayer: feePayer.publicKey,
    recentBlockhash: svm.latestBlockhash(),
  });
  transaction.add(...instructions);
  transaction.sign(...signers);
  // litesvm verifies signatures itself; verifying them again in JS would double the cost.
  const signature = encodeBase58(transaction.signature ?? new Uint8Array(64));
  const result = svm.sendTransaction(
    decoder.decode(transaction.serialize({ verifySignatures: false })),
  );
  svm.expireBlockhash();
  if (result instanceof FailedTransactionMetadata) {
    const meta = result.meta();
    const error = result.err();
    let customCode: number | null = null;
    if (typeof error === 'object' && 'err' in error && typeof error.err === 'function') {
      const inner: unknown = error.err();
      if (
        typeof inner === 'object' &&
        inner !== null &&
        'code' in inner &&
        typeof inner.code === 'number'
      ) {
        customCode = inner.code;
      }
    }
    const logs = meta.logs();
    return {
      ok: false,
      computeUnits: meta.computeUnitsConsumed(),
      logs,
      error: typeof error === 'object' ? error.toString() : `TransactionError(${String(error)})`,
      presaleError: customCode === null ? null : decodePresaleError({ code: customCode }),
      customCode,
      signature,
    };
  }
  return {
    ok: true,
    computeUnits: result.computeUnitsConsumed(),
    logs: result.logs(),
    error: '',
    presaleError: null,
    customCode: null,
    signature,
  };
}

/**
 * Simulates web3.js v1 instructions (no state change) and returns the compute units the whole
 * transaction consumed, or the error text when it would fail.
 */
export function simulateLegacyTransaction(
  svm: LiteSVM,
  instructions: readonly TransactionInstruction[],
  signers: readonly Keypair[],
): { readonly computeUnits: bigint } | { readonly error: string } {
  const [feePayer] = signers;
  if (!feePayer) throw new Error('simulateLegacyTransaction needs a signer (the fee payer)');
  const transaction = new Transaction({
    feePayer: feePayer.publicKey,
    recentBlockhash: svm.latestBlockhash(),
  });
  transaction.add(...instructions);
  transaction.sign(...signers);
  const result = svm.simulateTransaction(
    decoder.decode(transaction.serialize({ verifySignatures: false })),
  );
  if (result instanceof FailedTransactionMetadata) return { error: result.err().toString() };
  return { computeUnits: result.meta().computeUnitsConsumed() };
}
