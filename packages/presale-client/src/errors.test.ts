import { describe, expect, it } from 'vitest';
import { decodePresaleError, decodePresaleErrorCode, PRESALE_ERRORS } from './errors';

describe('decodePresaleError', () => {
  it.each([
    [
      'a web3.js transaction error value',
      { InstructionError: [1, { Custom: 6023 }] },
      undefined,
      'SoldOut',
      1,
    ],
    ['a number', 6018, undefined, 'PresaleInactive', undefined],
    [
      'a litesvm-style object with a code',
      { code: 6021 },
      undefined,
      'ExceedsUserMaximum',
      undefined,
    ],
    [
      'an Error whose message has the hex code',
      new Error(
        'failed to send transaction: Transaction simulation failed: Error processing Instruction 1: custom program error: 0x1787',
      ),
      undefined,
      'SoldOut',
      undefined,
    ],
    [
      'SendTransactionError-like logs',
      { logs: ['Program Fbt111 failed: custom program error: 0x1784'] },
      undefined,
      'BelowMinimum',
      undefined,
    ],
    [
      'plain logs',
      undefined,
      ['Program log: x', 'Program abc failed: custom program error: 0x1782'],
      'PresaleInactive',
      undefined,
    ],
    [
      'litesvm Debug text',
      { toString: () => 'TransactionErrorInstructionError { index: 0, error: Custom(6009) }' },
      undefined,
      'NotSeller',
      undefined,
    ],
  ])('finds our error in %s', (_label, error, logs, name, index) => {
    const decoded = decodePresaleError(error, logs);
    expect(decoded?.name).toBe(name);
    expect(decoded?.message).toBe(PRESALE_ERRORS[decoded?.code ?? 6000].message);
    expect(decoded?.instructionIndex).toBe(index);
  });

  it.each([
    ['an SPL Token error code', { InstructionError: [0, { Custom: 1 }] }],
    ['a builtin error', { InstructionError: [0, 'InvalidAccountData'] }],
    ['Blockhash not found', new Error('Blockhash not found')],
    ['nothing', undefined],
  ])('returns null for %s', (_label, error) => {
    expect(decodePresaleError(error)).toBeNull();
  });

  it('has a name and a message for every code from 6000 to 6053, 6060 to 6075 and 6090', () => {
    const codes = Object.keys(PRESALE_ERRORS).map(Number);
    expect(codes).toEqual([
      ...Array.from({ length: 54 }, (_, i) => 6000 + i),
      ...Array.from({ length: 16 }, (_, i) => 6060 + i),
      6090,
    ]);
    expect(new Set(Object.values(PRESALE_ERRORS).map((e) => e.name)).size).toBe(codes.length);
    expect(decodePresaleErrorCode(6054)).toBeNull();
    expect(decodePresaleErrorCode(6059)).toBeNull();
    expect(decodePresaleErrorCode(6076)).toBeNull();
    expect(decodePresaleErrorCode(6089)).toBeNull();
    expect(decodePresaleErrorCode(6069)?.name).toBe('SaleFailed');
    expect(decodePresaleErrorCode(6090)?.name).toBe('SaleEndMoved');
  });
});
