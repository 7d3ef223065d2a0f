import type { FastifyPluginCallback } from 'fastify';
import type { ZodTypeProvider } from 'fastify-type-provider-zod';
import {
  isSwapRefusal,
  swapMints,
  swapQuoteProblem,
  swapQuoteQuerySchema,
  swapQuoteResponseSchema,
  type SwapComputeAnswer,
  type SwapQuoteQuery,
  type SwapQuoteResponse,
} from '@fbt/domain';
import type { SwapDeps } from '../../../../app-deps';
import { HttpError } from '../../../../http/http-error';
import type { PriorityFeeCache } from './priority-fee-cache';
import { exchangeFailure, exchangeRefusal } from './swap-errors';

/** What `GET /api/v1/swap/quote` uses. */
export interface SwapQuoteRouteOptions {
  readonly swap: SwapDeps;
  readonly fees: PriorityFeeCache;
  readonly mint: string;
}

/**
 * The exchange's quote must answer the question asked: same mints, same kind, same amount, and
 * a sane SOL <-> FBT route (a quote for something else is never shown, let alone signed).
 */
function quoteMismatch(
  query: SwapQuoteQuery,
  quote: SwapComputeAnswer,
  mint: string,
): string | null {
  const { inputMint, outputMint } = swapMints(query.side, mint);
  const data = quote.data;
  if (data.inputMint !== inputMint || data.outputMint !== outputMint)
    return 'it quotes other tokens';
  const swapType = query.mode === 'exact-in' ? 'BaseIn' : 'BaseOut';
  if (data.swapType !== swapType) return `it is a ${data.swapType} quote`;
  const amount = swapType === 'BaseIn' ? data.inputAmount : data.outputAmount;
  if (amount !== query.amount) return `it quotes ${amount} instead of ${query.amount}`;
  if (data.slippageBps !== query.slippageBps) return `its slippage is ${data.slippageBps} bps`;
  return swapQuoteProblem(data, mint);
}

function summary(
  query: SwapQuoteQuery,
  quote: SwapComputeAnswer,
): Omit<SwapQuoteResponse, 'priorityFee'> {
  const { data } = quote;
  return {
    side: query.side,
    mode: query.mode,
    quote,
    inputAmount: data.inputAmount,
    outputAmount: data.outputAmount,
    otherAmountThreshold: data.otherAmountThreshold,
    priceImpactPct: data.priceImpactPct,
    fees: data.routePlan.map((step) => ({
      mint: step.feeMint,
      amount: step.feeAmount,
      ratePpm: step.feeRate,
    })),
    pools: data.routePlan.map((step) => step.poolId),
  };
}

/**
 * `GET /api/v1/swap/quote?side=buy|sell&mode=exact-in|exact-out&amount=<base units>&slippageBps=`:
 * the exchange's quote for SOL <-> FBT (validated, checked against the question) with the
 * figures the page shows and the current priority fee. The quote goes back as it came in
 * `POST /api/v1/swap/transaction`.
 */
export const swapQuoteRoute: FastifyPluginCallback<SwapQuoteRouteOptions> = (
  fastify,
  { swap, fees, mint },
  done,
) => {
  fastify.withTypeProvider<ZodTypeProvider>().get(
    '/api/v1/swap/quote',
    {
      config: { rateLimit: { max: swap.rateLimitMax, timeWindow: '1 minute' } },
      schema: {
        tags: ['swap'],
        summary: 'Quote a SOL <-> FBT swap through the exchange',
        querystring: swapQuoteQuerySchema,
        response: { 200: swapQuoteResponseSchema },
      },
    },
    async (request) => {
      const query = request.query;
      const { inputMint, outputMint } = swapMints(query.side, mint);
      const [quote, priorityFee] = await Promise.all([
        swap.exchange
          .quote({
            inputMint,
            outputMint,
            amount: BigInt(query.amount),
            slippageBps: query.slippageBps,
            swapType: query.mode === 'exact-in' ? 'BaseIn' : 'BaseOut',
          })
          .catch((error: unknown) => {
            throw exchangeFailure(error);
          }),
        fees.current(),
      ]);
      if (isSwapRefusal(quote)) throw exchangeRefusal(quote);
      const mismatch = quoteMismatch(query, quote, mint);
      if (mismatch !== null) {
        throw new HttpError(
          'SWAP__UPSTREAM_INVALID',
          `The exchange's quote does not match the request: ${mismatch}.`,
          502,
        );
      }
      return { ...summary(query, quote), priorityFee };
    },
  );
  done();
};
