import { dialogLineOf, type DialogLine } from '@fbt/domain';
import type { PresaleErrorName } from '@fbt/presale-client';
import { en, type MessageKey } from './i18n/en';
import type { Translate } from './i18n/i18n';

/**
 * One line of a transaction's 'Error' dialog: a fixed sentence by code, a detail shown as it
 * is, or our program's refusal by name (its English text kept, so the line is still a plain
 * `{ text }` line for anything that does not translate it).
 */
export type TransactionLine =
  DialogLine | { readonly text: string; readonly programError: PresaleErrorName };

/** A failed purchase or claim as a dialog line (the program's error by name when it refused). */
export function failureLine(failure: {
  readonly message: string;
  readonly programError?: { readonly name: PresaleErrorName };
}): TransactionLine {
  if (failure.programError !== undefined) {
    return { text: failure.message, programError: failure.programError.name };
  }
  return dialogLineOf(failure.message);
}

/** The catalogue key of a program error's user text, or null when it has none (shown as is). */
export function programErrorKey(name: PresaleErrorName): MessageKey | null {
  const key = `programError.${name}`;
  return key in en ? (key as MessageKey) : null;
}

/** A dialog line in the site's language: fixed sentences and program errors translated. */
export function transactionLineText(t: Translate, line: TransactionLine): string {
  if ('code' in line) return t(`dialogText.${line.code}`);
  if ('programError' in line) {
    const key = programErrorKey(line.programError);
    if (key !== null) return t(key);
  }
  return line.text;
}
