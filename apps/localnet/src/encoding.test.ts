import { describe, expect, it } from 'vitest';
import { uiTokenAmount } from './account-encoding';
import { stringifyJson } from './json';
import { describeTransactionError } from './transaction-error';

describe('stringifyJson', () => {
  it('writes u64 values with every digit, as Solana RPC does', () => {
    expect(stringifyJson({ rentEpoch: 18_446_744_073_709_551_615n, lamports: 5n, text: 'a' })).toBe(
      '{"rentEpoch":18446744073709551615,"lamports":5,"text":"a"}',
    );
  });

  it('leaves strings that merely look like the marker alone', () => {
    expect(stringifyJson(['bigint:12'])).toBe('["bigint:12"]');
  });
});

describe('uiTokenAmount', () => {
  it.each([
    [0n, 6, '0', 0],
    [1n, 6, '0.000001', 0.000001],
    [250_000_000n, 6, '250', 250],
    [1_234_567n, 6, '1.234567', 1.234567],
    [100_000_000_000_000n, 6, '100000000', 100_000_000],
    [7n, 0, '7', 7],
  ])('%s base units with %s decimals read %s', (amount, decimals, text, ui) => {
    expect(uiTokenAmount(amount, decimals)).toEqual({
      amount: amount.toString(),
      decimals,
      uiAmount: ui,
      uiAmountString: text,
    });
  });
});

describe('describeTransactionError', () => {
  const instructionError = (index: number, inner: unknown) =>
    Object.assign(
      Object.create({ constructor: { name: 'TransactionErrorInstructionError' } }) as object,
      {
        index,
        err: () => inner,
      },
    );

  it.each([
    {
      name: 'a blockhash miss',
      err: 7,
      json: 'BlockhashNotFound',
      text: 'Blockhash not found',
      landed: false,
    },
    {
      name: 'a replay',
      err: 6,
      json: 'AlreadyProcessed',
      text: 'This transaction has already been processed',
      landed: false,
    },
    {
      name: 'an unfunded fee payer',
      err: 2,
      json: 'AccountNotFound',
      text: 'Attempt to debit an account but found no record of a prior credit.',
      landed: false,
    },
    {
      name: 'a custom program error',
      err: instructionError(1, { code: 6009 }),
      json: { InstructionError: [1, { Custom: 6009 }] },
      text: 'Error processing Instruction 1: custom program error: 0x1779',
      landed: true,
    },
    {
      name: 'a builtin instruction error',
      err: instructionError(0, 7),
      json: { InstructionError: [0, 'MissingRequiredSignature'] },
      text: 'Error processing Instruction 0: missing required signature for instruction',
      landed: true,
    },
  ])('maps $name to RPC JSON and agave text', ({ err, json, text, landed }) => {
    const described = describeTransactionError(err);
    expect(described).toEqual({ json, text, landed });
  });
});
