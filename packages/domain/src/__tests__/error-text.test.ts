import { describe, expect, it } from 'vitest';
import {
  DomainError,
  ROUTER_ERROR_TITLE,
  httpErrorText,
  leaderReportFailureDialog,
  routerErrorDetail,
  toTransactionErrorMessage,
} from '../index';

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
  it('has the spec title', () => {
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
