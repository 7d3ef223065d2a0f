import { describe, expect, it } from 'vitest';
import {
  autoFeeAnswerSchema,
  feeStatisticsAnswerSchema,
  maxPriorityFeeLamports,
  parseSlippagePercent,
  parseTokenAmount,
  priorityFeeFromAutoFee,
  priorityFeeFromStatistics,
  swapComputeEnvelopeSchema,
  swapPoolAccounts,
  swapQuoteProblem,
  swapQuoteQuerySchema,
  swapSideOf,
  WRAPPED_SOL_MINT,
  type SwapComputeData,
} from './index';

const FBT = 'FBTmint1111111111111111111111111111111111111';
const POOL = 'Poo1111111111111111111111111111111111111111';
const OTHER = 'EPjFWdd5AufqSSqeM2qN1xzybapC8G4wEGGkZwyTDt1v';

function quote(overrides: Partial<SwapComputeData> = {}): SwapComputeData {
  return {
    swapType: 'BaseIn',
    inputMint: WRAPPED_SOL_MINT,
    inputAmount: '1000000000',
    outputMint: FBT,
    outputAmount: '19950000000',
    otherAmountThreshold: '19850250000',
    slippageBps: 50,
    priceImpactPct: 0.2,
    routePlan: [
      {
        poolId: POOL,
        inputMint: WRAPPED_SOL_MINT,
        outputMint: FBT,
        feeMint: WRAPPED_SOL_MINT,
        feeRate: 2500,
        feeAmount: '2500000',
      },
    ],
    ...overrides,
  };
}

describe('the priority fee', () => {
  it.each([
    [6_000, 10_000],
    [0.3, 1],
    [14_999.4, 24_999],
    [42_916.69, 25_000],
    [0, 0],
    [Number.NaN, 0],
  ])('fee-statistics avg %d lamports -> %d micro-lamports per unit', (avg, expected) => {
    expect(priorityFeeFromStatistics(avg)).toBe(expected);
  });

  it('auto-fee levels are rounded up and capped the same way', () => {
    expect(priorityFeeFromAutoFee(1234.2)).toBe(1235);
    expect(priorityFeeFromAutoFee(900_000)).toBe(25_000);
    expect(priorityFeeFromAutoFee(-3)).toBe(0);
  });

  it('the most a capped fee costs over 600,000 units is 15,000 lamports', () => {
    expect(maxPriorityFeeLamports(25_000)).toBe(15_000n);
    expect(maxPriorityFeeLamports(1)).toBe(1n);
  });

  it('reads both fee answers as the services send them', () => {
    expect(
      feeStatisticsAnswerSchema.parse({
        '1': { min: 5001, max: 10005001, avg: 42916.69 },
        '15': { min: 0, max: 25005000, avg: 6000, priorityTx: 1 },
      })['15'].avg,
    ).toBe(6000);
    expect(feeStatisticsAnswerSchema.safeParse({ '5': { avg: 1 } }).success).toBe(false);
    expect(
      autoFeeAnswerSchema.parse({
        id: 'x',
        success: true,
        data: { default: { vh: 30000, h: 20000, m: 10000 } },
      }).data.default.h,
    ).toBe(20000);
  });
});

describe('slippage typed in percent', () => {
  it.each([
    ['0.5', { ok: true, bps: 50 }],
    ['1', { ok: true, bps: 100 }],
    ['2,25', { ok: true, bps: 225 }],
    ['50', { ok: true, bps: 5000 }],
    ['0', { ok: false, code: 'SLIPPAGE__TOO_LOW' }],
    ['50.01', { ok: false, code: 'SLIPPAGE__TOO_HIGH' }],
    ['0.125', { ok: false, code: 'SLIPPAGE__NOT_A_NUMBER' }],
    ['abc', { ok: false, code: 'SLIPPAGE__NOT_A_NUMBER' }],
    ['', { ok: false, code: 'SLIPPAGE__NOT_A_NUMBER' }],
  ])('"%s" -> %o', (text, expected) => {
    expect(parseSlippagePercent(text)).toEqual(expected);
  });
});

describe('token amounts with 6 decimals', () => {
  it.each([
    ['12.5', { ok: true, lamports: 12_500_000n }],
    ['.000001', { ok: true, lamports: 1n }],
    ['0.0000001', { ok: false, code: 'AMOUNT__TOO_MANY_DECIMALS' }],
    ['1e3', { ok: false, code: 'AMOUNT__EXPONENT' }],
    ['-1', { ok: false, code: 'AMOUNT__NEGATIVE' }],
    ['', { ok: false, code: 'AMOUNT__EMPTY' }],
    ['99999999999999999999', { ok: false, code: 'AMOUNT__OUT_OF_RANGE' }],
  ])('"%s" -> %o', (text, expected) => {
    expect(parseTokenAmount(text, 6)).toEqual(expected);
  });
});

describe('a quote before a transaction is built from it', () => {
  it('a direct SOL -> FBT pool quote is fine, and its side is buy', () => {
    expect(swapQuoteProblem(quote(), FBT)).toBeNull();
    expect(swapSideOf(quote(), FBT)).toBe('buy');
    expect(swapSideOf({ inputMint: FBT, outputMint: WRAPPED_SOL_MINT }, FBT)).toBe('sell');
  });

  it('refuses another pair, a route through another token, and thresholds on the wrong side', () => {
    expect(swapQuoteProblem(quote({ outputMint: OTHER }), FBT)).toMatch(/not SOL and FBT/);
    const step = quote().routePlan[0]!;
    expect(
      swapQuoteProblem(
        quote({
          routePlan: [
            { ...step, outputMint: OTHER },
            { ...step, inputMint: OTHER },
          ],
        }),
        FBT,
      ),
    ).toBe(`route step 1 (pool ${POOL}) goes through another token, ${OTHER}`);
    expect(swapQuoteProblem(quote({ otherAmountThreshold: '20000000000' }), FBT)).toMatch(
      /minimum received/,
    );
    expect(
      swapQuoteProblem(quote({ swapType: 'BaseOut', otherAmountThreshold: '999999999' }), FBT),
    ).toMatch(/most paid/);
    expect(swapQuoteProblem(quote({ inputAmount: '0' }), FBT)).toMatch(/swaps nothing/);
  });

  it('names the pools and the accounts the quote gives for them', () => {
    const step = quote().routePlan[0]!;
    expect(
      swapPoolAccounts(quote({ routePlan: [{ ...step, remainingAccounts: [OTHER, POOL] }] })),
    ).toEqual([POOL, OTHER]);
  });

  it('reads the Trade API envelope, success or not', () => {
    const ok = swapComputeEnvelopeSchema.parse({
      id: 'abc',
      success: true,
      version: 'V1',
      data: { ...quote(), referrerAmount: '0' },
    });
    expect(ok.success && 'referrerAmount' in ok.data).toBe(true);
    expect(
      swapComputeEnvelopeSchema.parse({ id: 'x', success: false, msg: 'ROUTE_NOT_FOUND' }),
    ).toMatchObject({
      success: false,
      msg: 'ROUTE_NOT_FOUND',
    });
    expect(swapComputeEnvelopeSchema.safeParse({ success: true, data: {} }).success).toBe(false);
  });

  it('the quote query bounds slippage and refuses 0', () => {
    expect(swapQuoteQuerySchema.parse({ side: 'buy', amount: '5', slippageBps: '50' })).toEqual({
      side: 'buy',
      mode: 'exact-in',
      amount: '5',
      slippageBps: 50,
    });
    expect(
      swapQuoteQuerySchema.safeParse({ side: 'buy', amount: '0', slippageBps: '50' }).success,
    ).toBe(false);
    expect(
      swapQuoteQuerySchema.safeParse({ side: 'buy', amount: '5', slippageBps: '5001' }).success,
    ).toBe(false);
  });
});
