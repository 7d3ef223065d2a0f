import { decodePresaleError } from '@fbt/presale-client';
import { SendTransactionError, Transaction, sendAndConfirmTransaction } from '@solana/web3.js';
import type { Connection, Keypair, TransactionInstruction } from '@solana/web3.js';
import { OperatorError } from './operator-error';

/**
 * Signs (first signer pays), sends with preflight and waits for 'confirmed'. A failure becomes
 * an OperatorError naming the step, our program's error when it is one, and the logs.
 */
export async function sendInstructions(
  connection: Connection,
  step: string,
  instructions: readonly TransactionInstruction[],
  signers: readonly Keypair[],
): Promise<string> {
  const tx = new Transaction().add(...instructions);
  try {
    return await sendAndConfirmTransaction(connection, tx, [...signers], {
      commitment: 'confirmed',
    });
  } catch (error) {
    const detail = error instanceof SendTransactionError ? error.transactionError : null;
    const logs = detail?.logs ?? [];
    const presaleError = decodePresaleError(error, logs);
    // web3.js's own message starts with a bare "Simulation failed."; the cluster's reason
    // (e.g. "Transaction simulation failed: Blockhash not found") is in transactionError.
    const reason =
      presaleError !== null
        ? `${presaleError.name} (${presaleError.code}): ${presaleError.message}`
        : (detail?.message ?? firstLine(error));
    throw new OperatorError(`${step} failed: ${reason}`, 1, logs);
  }
}

function firstLine(error: unknown): string {
  const text = error instanceof Error ? error.message : String(error);
  return (
    text
      .split('\n')
      .find((line) => line.trim() !== '')
      ?.trim() ?? 'unknown error'
  );
}
