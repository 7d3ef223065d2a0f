/** The spec's generic "try again" text for an expired blockhash. */
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

/** The text of an HTTP failure, as the spec prints it: 'HTTP error! status: N'. */
export function httpErrorText(status: number): string {
  return `HTTP error! status: ${status}`;
}

/** A dialog's content: a title and its lines. */
export interface DialogText {
  readonly title: string;
  readonly lines: readonly string[];
}

/**
 * The dialog shown when the leader report fails after a successful buy (spec §8).
 * - `rejected`: the server answered and refused the report (the code is wrong, unknown, …):
 *   'Warning' — the purchase itself went through.
 * - `failed`: the report could not be delivered (network or HTTP error): 'Error' with the
 *   error text appended.
 */
export function leaderReportFailureDialog(
  kind: 'rejected' | 'failed',
  errorText: string,
): DialogText {
  if (kind === 'rejected') {
    return {
      title: 'Warning',
      lines: [
        'Transaction successfully executed.',
        'Encountered an error in the Leader code. Contact support or your leader',
        ...(errorText === '' ? [] : [errorText]),
      ],
    };
  }
  return { title: 'Error', lines: ['Please contact your Leader', errorText] };
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
