import { describe, expect, it } from 'vitest';
import {
  DIALOG_TEXTS,
  DomainError,
  TRY_AGAIN_TEXT,
  dialogLineOf,
  dialogTextCodeOf,
  dialogToEnglish,
  leaderReportFailure,
  ROUTER_ERROR_TITLE,
  httpErrorText,
  leaderReportFailureDialog,
  routerErrorDetail,
  toTransactionErrorMessage,
  walletFailureMessage,
} from './index';

describe('transaction error text', () => {
  it.each([
    [new Error('Blockhash not found'), 'Please try again'],
    ['Transaction simulation failed: Blockhash not found', 'Please try again'],
    [{ message: 'BlockhashNotFound' }, 'Please try again'],
    [new Error('block height exceeded'), 'Please try again'],
    [new Error('User rejected the request.'), 'User rejected the request.'],
    ['Amount too high', 'Amount too high'],
    [{ message: 42 }, 'Unknown error'],
    [null, 'Unknown error'],
    [undefined, 'Unknown error'],
  ])('%j → %j', (error, text) => {
    expect(toTransactionErrorMessage(error)).toBe(text);
  });
});

describe('leader report failures', () => {
  it('warns that the purchase itself went through when the report is refused', () => {
    expect(leaderReportFailureDialog('rejected', 'The leader code is not registered.')).toEqual({
      title: 'Warning',
      lines: [
        'Transaction successfully executed.',
        'Encountered an error in the Leader code. Contact support or your leader',
        'The leader code is not registered.',
      ],
    });
    expect(leaderReportFailureDialog('rejected', '').lines).toHaveLength(2);
  });

  it('shows an error with the HTTP status when the report cannot be delivered', () => {
    expect(leaderReportFailureDialog('failed', httpErrorText(502))).toEqual({
      title: 'Error',
      lines: ['Please contact your Leader', 'HTTP error! status: 502'],
    });
  });
});

describe('router error screen', () => {
  it("has the error screen's title", () => {
    expect(ROUTER_ERROR_TITLE).toBe('Unexpected Application Error!');
  });

  it.each([
    [{ status: 404, statusText: 'Not Found' }, '404 Not Found'],
    [{ status: 500 }, '500'],
    [{ status: 500, statusText: '' }, '500'],
    [new Error('boom'), 'boom'],
    ['plain text', 'plain text'],
    [{ status: 'x', message: 'odd' }, 'odd'],
  ])('%j → %j', (error, detail) => {
    expect(routerErrorDetail(error)).toBe(detail);
  });
});

describe('DomainError', () => {
  it('carries a stable code and its context in the message', () => {
    const error = new DomainError('LAYOUT__INVALID_LENGTH', { expected: 106, actual: 3 });
    expect(error).toBeInstanceOf(Error);
    expect(error.name).toBe('DomainError');
    expect(error.message).toBe('LAYOUT__INVALID_LENGTH (expected: 106, actual: 3)');
    expect(new DomainError('AMOUNT__EMPTY').message).toBe('AMOUNT__EMPTY');
  });
});

describe('coded dialogs', () => {
  it('gives each fixed sentence a code and leaves other text as a detail', () => {
    expect(dialogLineOf('Please try again')).toEqual({ code: 'DIALOG__TRY_AGAIN' });
    expect(
      dialogLineOf('Not enough SOL in your wallet for this amount plus the network fee.'),
    ).toEqual({ code: 'DIALOG__NOT_ENOUGH_SOL' });
    expect(dialogLineOf('custom program error: 0x1771')).toEqual({
      text: 'custom program error: 0x1771',
    });
    expect(dialogTextCodeOf('Warning')).toBe('DIALOG__WARNING');
    expect(dialogTextCodeOf('warning')).toBeNull();
  });

  it('codes the leader report failures so a translated site can show them', () => {
    expect(leaderReportFailure('rejected', 'Unknown leader code')).toEqual({
      title: 'DIALOG__WARNING',
      lines: [
        { code: 'DIALOG__TX_EXECUTED' },
        { code: 'DIALOG__LEADER_CODE_ERROR' },
        { text: 'Unknown leader code' },
      ],
    });
    expect(dialogToEnglish(leaderReportFailure('failed', httpErrorText(503)))).toEqual({
      title: 'Error',
      lines: ['Please contact your Leader', 'HTTP error! status: 503'],
    });
    expect(DIALOG_TEXTS.DIALOG__TRY_AGAIN).toBe(TRY_AGAIN_TEXT);
  });
});

describe('wallet failure text', () => {
  /** What wallet-adapter throws: its own error wrapping the wallet's as `.error`. */
  const wrapped = (inner: unknown) =>
    Object.assign(new Error((inner as Error).message), {
      name: 'WalletSignTransactionError',
      error: inner,
    });

  it.each([
    [
      'Phantom (code 4001)',
      wrapped(Object.assign(new Error('User rejected the request.'), { code: 4001 })),
    ],
    ['a code with other words', wrapped({ code: 4001, message: 'Transaction cancelled' })],
    ['a standard error cause', Object.assign(new Error('failed'), { cause: { code: 4001 } })],
    ['no code, the usual words', new Error('User rejected the request')],
    ['no code, cancelled by the user', new Error('Transaction was cancelled by the user')],
    ['no code, denied', 'User denied transaction signature'],
  ])('a refusal (%s) is the fixed sentence', (_, error) => {
    const text = walletFailureMessage(error);
    expect(text).toBe('User rejected the request.');
    expect(dialogTextCodeOf(text)).toBe('DIALOG__WALLET_REJECTED');
  });

  it.each([
    [new Error('Wallet not connected'), 'Wallet not connected'],
    [
      wrapped({ code: 4100, message: 'The requested method is not authorized' }),
      'The requested method is not authorized',
    ],
    [new Error('Blockhash not found'), 'Please try again'],
    [{ nested: true }, 'Unknown error'],
  ])('anything else keeps the wallet’s words: %s', (error, expected) => {
    expect(walletFailureMessage(error)).toBe(expected);
  });

  it('does not follow a cycle of wrapped errors', () => {
    const a: { error?: unknown; message: string } = { message: 'Wallet failed' };
    a.error = { error: a };
    expect(walletFailureMessage(a)).toBe('Wallet failed');
  });
});
