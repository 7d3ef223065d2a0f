/** The generic "try again" text shown for an expired blockhash. */
export const TRY_AGAIN_TEXT = 'Please try again';

/** Title of the router's error screen. */
export const ROUTER_ERROR_TITLE = 'Unexpected Application Error!';

function messageOf(error: unknown): string {
  if (typeof error === 'string') return error;
  if (error instanceof Error) return error.message;
  if (typeof error === 'object' && error !== null && 'message' in error) {
    if (typeof error.message === 'string') return error.message;
  }
  return 'Unknown error';
}

/**
 * The text of the transaction 'Error' dialog: the error's message, except that an expired
 * blockhash ('Blockhash not found', also as the program-level `BlockhashNotFound`) reads
 * 'Please try again'.
 */
export function toTransactionErrorMessage(error: unknown): string {
  const message = messageOf(error);
  if (/blockhash not found|BlockhashNotFound|block height exceeded/i.test(message)) {
    return TRY_AGAIN_TEXT;
  }
  return message;
}

/** EIP-1193's "user rejected" code, which Phantom, Solflare and Backpack put on a refusal. */
const USER_REJECTED_CODE = 4001;

/** How wallets word a refusal when they give no code. */
const USER_REJECTED_WORDING =
  /user rejected|rejected the request|request (was )?rejected|user denied|denied by (the )?user|user (cancel+ed|declined)|(cancel+ed|declined) by (the )?user/i;

function hasRejectedCode(error: unknown, depth = 0): boolean {
  if (typeof error !== 'object' || error === null || depth > 3) return false;
  if ('code' in error && error.code === USER_REJECTED_CODE) return true;
  // wallet-adapter wraps the wallet's own error as `.error`; standard errors as `.cause`.
  return (
    ('error' in error && hasRejectedCode(error.error, depth + 1)) ||
    ('cause' in error && hasRejectedCode(error.cause, depth + 1))
  );
}

/**
 * The text of a wallet's failure to sign or send: a buyer's refusal, whatever the wallet's
 * wording, is the fixed sentence 'User rejected the request.' (so a translated site shows it in
 * its language); anything else is the wallet's own words, read like a transaction error.
 *
 * @example walletFailureMessage(Object.assign(new Error('Request cancelled by user'), { code: 4001 })) // 'User rejected the request.'
 */
export function walletFailureMessage(error: unknown): string {
  if (hasRejectedCode(error) || USER_REJECTED_WORDING.test(messageOf(error))) {
    return DIALOG_TEXTS.DIALOG__WALLET_REJECTED;
  }
  return toTransactionErrorMessage(error);
}

/** The text of an HTTP failure, as the site prints it: 'HTTP error! status: N'. */
export function httpErrorText(status: number): string {
  return `HTTP error! status: ${status}`;
}

/** A dialog's content: a title and its lines. */
export interface DialogText {
  readonly title: string;
  readonly lines: readonly string[];
}

/**
 * The fixed sentences of the purchase's dialogs, by code, in the product's English. A translated
 * UI shows each code in its own language (its English catalogue repeats these texts, checked by
 * a test); the domain and the purchase flow only ever produce these codes or the English text.
 */
export const DIALOG_TEXTS = {
  DIALOG__ERROR: 'Error',
  DIALOG__WARNING: 'Warning',
  DIALOG__TX_EXECUTED: 'Transaction successfully executed.',
  DIALOG__LEADER_CODE_ERROR:
    'Encountered an error in the Leader code. Contact support or your leader',
  DIALOG__CONTACT_LEADER: 'Please contact your Leader',
  DIALOG__TRY_AGAIN: TRY_AGAIN_TEXT,
  DIALOG__NO_SOL:
    'Your wallet has no SOL on this network yet. Add SOL to pay for the purchase and its fee.',
  DIALOG__NOT_ENOUGH_SOL: 'Not enough SOL in your wallet for this amount plus the network fee.',
  DIALOG__NOT_SIGNED: 'The wallet did not sign the transaction.',
  DIALOG__WALLET_REJECTED: 'User rejected the request.',
} as const;

/** Code of one of the {@link DIALOG_TEXTS}. */
export type DialogTextCode = keyof typeof DIALOG_TEXTS;

/** One line of a coded dialog: a fixed sentence by code, or a detail shown as it is. */
export type DialogLine = { readonly code: DialogTextCode } | { readonly text: string };

/** A dialog as codes (translatable) plus verbatim details (server or chain text). */
export interface CodedDialog {
  readonly title: DialogTextCode;
  readonly lines: readonly DialogLine[];
}

/** The code of a message when it is one of the fixed {@link DIALOG_TEXTS}, else null. */
export function dialogTextCodeOf(message: string): DialogTextCode | null {
  for (const [code, text] of Object.entries(DIALOG_TEXTS)) {
    if (text === message) return code as DialogTextCode;
  }
  return null;
}

/** A message as a dialog line: its code when it is a fixed sentence, else the text itself. */
export function dialogLineOf(message: string): DialogLine {
  const code = dialogTextCodeOf(message);
  return code === null ? { text: message } : { code };
}

/** The English of a coded dialog ({@link DIALOG_TEXTS}). */
export function dialogToEnglish(dialog: CodedDialog): DialogText {
  return {
    title: DIALOG_TEXTS[dialog.title],
    lines: dialog.lines.map((line) => ('code' in line ? DIALOG_TEXTS[line.code] : line.text)),
  };
}

/**
 * The dialog shown when the leader report fails after a successful buy, as codes. The buy
 * stands either way: the report only acknowledges it for the leader ledger.
 * - `rejected`: the server answered and refused the report (the code is wrong, unknown, …):
 *   'Warning' — the purchase itself went through.
 * - `failed`: the report could not be delivered (network or HTTP error): 'Error' with the
 *   error text appended.
 */
export function leaderReportFailure(kind: 'rejected' | 'failed', errorText: string): CodedDialog {
  if (kind === 'rejected') {
    return {
      title: 'DIALOG__WARNING',
      lines: [
        { code: 'DIALOG__TX_EXECUTED' },
        { code: 'DIALOG__LEADER_CODE_ERROR' },
        ...(errorText === '' ? [] : [{ text: errorText }]),
      ],
    };
  }
  return {
    title: 'DIALOG__ERROR',
    lines: [{ code: 'DIALOG__CONTACT_LEADER' }, { text: errorText }],
  };
}

/** {@link leaderReportFailure} in the product's English. */
export function leaderReportFailureDialog(
  kind: 'rejected' | 'failed',
  errorText: string,
): DialogText {
  return dialogToEnglish(leaderReportFailure(kind, errorText));
}

/**
 * The detail line of the router error screen: 'status statusText' for route errors
 * (react-router's `{ status, statusText }`), else the error's message.
 */
export function routerErrorDetail(error: unknown): string {
  if (typeof error === 'object' && error !== null && 'status' in error) {
    const { status, statusText } = error as { status: unknown; statusText?: unknown };
    if (typeof status === 'number') {
      return typeof statusText === 'string' && statusText !== ''
        ? `${status} ${statusText}`
        : String(status);
    }
  }
  return messageOf(error);
}
