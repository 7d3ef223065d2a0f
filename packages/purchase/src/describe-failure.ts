import { DIALOG_TEXTS, toTransactionErrorMessage } from '@fbt/domain';
import {
  decodePresaleError,
  type PresaleErrorCode,
  type PresaleErrorName,
} from '@fbt/presale-client';

/** Which of our program's custom errors stopped a transaction. */
export interface ProgramErrorId {
  readonly code: PresaleErrorCode;
  readonly name: PresaleErrorName;
}

/**
 * A failure as text (the program's English message, a fixed sentence, or the chain's or
 * wallet's own words) plus, when our program refused, which error it was: a translated UI
 * shows its own text for that name.
 */
export interface TransactionFailureText {
  readonly message: string;
  readonly programError?: ProgramErrorId;
}

/**
 * {@link describeTransactionFailure} plus the program error it found, if any.
 *
 * @example describeFailure({ InstructionError: [2, { Custom: 6040 }] }).programError?.name // 'NotAllowlisted'
 */
export function describeFailure(error: unknown, logs?: readonly string[]): TransactionFailureText {
  const programError = decodePresaleError(error, logs);
  if (programError !== null) {
    return {
      message: programError.message,
      programError: { code: programError.code, name: programError.name },
    };
  }
  return { message: describeTransactionFailure(error, logs) };
}

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
