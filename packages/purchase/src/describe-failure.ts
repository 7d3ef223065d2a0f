import { DIALOG_TEXTS, toTransactionErrorMessage } from '@fbt/domain';
import { decodePresaleError } from '@fbt/presale-client';

/**
 * Readable text for a failed simulation or transaction: our program's own message when the
 * failure is one of its custom errors, a plain sentence for the common runtime failures a buyer
 * can cause, else the chain's error (with 'Blockhash not found' read as 'Please try again').
 */
export function describeTransactionFailure(error: unknown, logs?: readonly string[]): string {
  const programError = decodePresaleError(error, logs);
  if (programError !== null) return programError.message;
  const text = typeof error === 'string' ? error : (JSON.stringify(error) ?? String(error));
  if (/AccountNotFound/.test(text)) {
    return DIALOG_TEXTS.DIALOG__NO_SOL;
  }
  if (/InsufficientFundsForFee|insufficient funds|InsufficientFundsForRent/i.test(text)) {
    return DIALOG_TEXTS.DIALOG__NOT_ENOUGH_SOL;
  }
  if (/"Custom":1\b/.test(text) && logs?.some((line) => line.includes('insufficient lamports'))) {
    return DIALOG_TEXTS.DIALOG__NOT_ENOUGH_SOL;
  }
  return toTransactionErrorMessage(error instanceof Error ? error : text);
}
