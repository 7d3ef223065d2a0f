import { describe, expect, it } from 'vitest';
import type { SwapQuoteResponse } from '@fbt/domain';
import {
  fieldAmount,
  formatTokenAmount,
  isShortOf,
  maxPayable,
  quoteParamsOf,
  SOL_FEE_RESERVE,
} from './swap-form';

const SOL = 1_000_000_000n;

describe('what the form asks the exchange', () => {
  it('typing what is paid asks exact-in, in the paid token’s base units', () => {
    expect(quoteParamsOf({ side: 'buy', edited: 'pay', text: '1.5', slippageBps: 50 })).toEqual({
      params: { side: 'buy', mode: 'exact-in', amount: 1_500_000_000n, slippageBps: 50 },
      error: null,
    });
  });

  it('typing what is received asks exact-out (FBT has 6 decimals)', () => {
    expect(
      quoteParamsOf({ side: 'buy', edited: 'receive', text: '2000.5', slippageBps: 100 }),
    ).toEqual({
      params: { side: 'buy', mode: 'exact-out', amount: 2_000_500_000n, slippageBps: 100 },
      error: null,
    });
  });

  it.each([
    ['', null],
    ['0', 'AMOUNT__ZERO'],
    ['1.0000001', 'AMOUNT__TOO_MANY_DECIMALS'],
    ['abc', 'AMOUNT__NOT_A_NUMBER'],
  ])('selling "%s" FBT -> %s', (text, error) => {
    expect(quoteParamsOf({ side: 'sell', edited: 'pay', text, slippageBps: 50 })).toEqual({
      params: null,
      error,
    });
  });
});

describe('amounts for reading', () => {
  it('groups thousands in the page’s language and truncates', () => {
    expect(formatTokenAmount(19_703_456_789n, 'FBT', 'en')).toBe('19,703.45');
    expect(formatTokenAmount(19_703_456_789n, 'FBT', 'it')).toBe('19.703,45');
    expect(formatTokenAmount(1_234_567_891n, 'SOL', 'en')).toBe('1.234567');
    expect(fieldAmount(1_234_567_891n, 'SOL')).toBe('1.234567891');
  });
});

describe('whether the wallet can pay', () => {
  const quote = (overrides: Partial<SwapQuoteResponse>) =>
    ({
      side: 'buy',
      mode: 'exact-in',
      inputAmount: SOL.toString(),
      outputAmount: '1',
      otherAmountThreshold: '1',
      ...overrides,
    }) as SwapQuoteResponse;
  const balances = { lamports: SOL, fbt: 5_000_000n, fbtAccountExists: true };

  it('keeps SOL for fees when paying in SOL', () => {
    expect(isShortOf(quote({}), balances)).toBe(true);
    expect(isShortOf(quote({}), { ...balances, lamports: SOL + SOL_FEE_RESERVE })).toBe(false);
    expect(maxPayable('buy', balances)).toBe(SOL - SOL_FEE_RESERVE);
  });

  it('exact-out is judged on the most it may pay', () => {
    const sell = quote({
      side: 'sell',
      mode: 'exact-out',
      inputAmount: '4000000',
      otherAmountThreshold: '5000001',
    });
    expect(isShortOf(sell, balances)).toBe(true);
    expect(isShortOf({ ...sell, otherAmountThreshold: '5000000' }, balances)).toBe(false);
    expect(maxPayable('sell', balances)).toBe(5_000_000n);
  });
});
