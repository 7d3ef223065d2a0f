import { dialogLineOf, type DialogLine } from '@fbt/domain';
import type { PresaleErrorName } from '@fbt/presale-client';
import { en, type MessageKey } from './i18n/en';
import type { Translate } from './i18n/i18n';

/**
 * One line of a transaction's 'Error' dialog: a fixed sentence by code, a detail shown as it
 * is, our program's refusal by name, or the server's refusal of a leader report by its code
 * (the English text kept in both, so the line is still a plain `{ text }` line for anything
 * that does not translate it).
 */
export type TransactionLine =
  | DialogLine
  | { readonly text: string; readonly programError: PresaleErrorName }
  | { readonly text: string; readonly leaderReportError: string };

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

/** The catalogue key of a leader-report refusal's text, or null for a code the site does not know. */
export function leaderReportErrorKey(code: string): MessageKey | null {
  const key = `leaderReportError.${code}`;
  return key in en ? (key as MessageKey) : null;
}

/**
 * A dialog line in the site's language: fixed sentences, program errors and the server's
 * leader-report refusals translated; other details (the chain's words) as they are.
 */
export function transactionLineText(t: Translate, line: TransactionLine): string {
  if ('code' in line) return t(`dialogText.${line.code}`);
  if ('programError' in line) {
    const key = programErrorKey(line.programError);
    if (key !== null) return t(key);
  }
  if ('leaderReportError' in line) {
    const key = leaderReportErrorKey(line.leaderReportError);
    if (key !== null) return t(key);
  }
  return line.text;
}
