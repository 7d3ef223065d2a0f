import type { FastifyPluginCallback } from 'fastify';
import type { ZodTypeProvider } from 'fastify-type-provider-zod';
import { z } from 'zod';
import {
  isSwapRefusal,
  SWAP_MAX_SLIPPAGE_BPS,
  SWAP_MIN_SLIPPAGE_BPS,
  swapQuoteProblem,
  swapSideOf,
  swapTransactionRequestSchema,
  swapTransactionResponseSchema,
} from '@fbt/domain';
import { checkSwapTransaction } from '@fbt/purchase';
import type { SwapDeps } from '../../../../app-deps';
import { errorBody, HttpError } from '../../../../http/http-error';
import type { PriorityFeeCache } from './priority-fee-cache';
import { exchangeFailure, exchangeRefusal } from './swap-errors';

/** A refused transaction: the error body plus the values of its sentence. */
const swapRefusalBodySchema = z.object({
  error: z.object({ code: z.string(), message: z.string() }),
  /** Present on a refused transaction; absent when the exchange refused (`SWAP__NO_ROUTE`). */
  context: z.record(z.string(), z.string()).optional(),
});

/** What `POST /api/v1/swap/transaction` uses. */
export interface SwapTransactionRouteOptions {
  readonly swap: SwapDeps;
  readonly fees: PriorityFeeCache;
  readonly mint: string;
  /** The wallet's associated FBT account under the mint's token program. */
  readonly fbtAccountOf: (wallet: string) => Promise<string>;
}

/**
 * `POST /api/v1/swap/transaction` `{ wallet, quote, fbtAccountExists }`: the exchange turns the
 * quote into a transaction for the wallet at the current priority fee, and it is answered only
 * after {@link checkSwapTransaction} passed it (fee payer is the wallet, only SOL/FBT and the
 * quoted pools, size within the cap…); a refused one is 422 with the problem's code and text,
 * plus `context` (the values a translated sentence needs, e.g. the account paid).
 */
export const swapTransactionRoute: FastifyPluginCallback<SwapTransactionRouteOptions> = (
  fastify,
  { swap, fees, mint, fbtAccountOf },
  done,
) => {
  fastify.withTypeProvider<ZodTypeProvider>().post(
    '/api/v1/swap/transaction',
    {
      config: { rateLimit: { max: swap.rateLimitMax, timeWindow: '1 minute' } },
      schema: {
        tags: ['swap'],
        summary: 'Build the checked transaction of a quoted SOL <-> FBT swap',
        body: swapTransactionRequestSchema,
        response: { 200: swapTransactionResponseSchema, 422: swapRefusalBodySchema },
      },
    },
    async (request, reply) => {
      const { wallet, quote, fbtAccountExists } = request.body;
      const problem = swapQuoteProblem(quote.data, mint);
      if (problem !== null) {
        throw new HttpError('SWAP__QUOTE_INVALID', `The quote cannot be used: ${problem}.`, 400);
      }
      const slippage = quote.data.slippageBps;
      if (slippage < SWAP_MIN_SLIPPAGE_BPS || slippage > SWAP_MAX_SLIPPAGE_BPS) {
        throw new HttpError(
          'SWAP__QUOTE_INVALID',
          `The quote's slippage (${slippage} bps) is outside ${SWAP_MIN_SLIPPAGE_BPS}-${SWAP_MAX_SLIPPAGE_BPS} bps.`,
          400,
        );
      }
      const buying = swapSideOf(quote.data, mint) === 'buy';
      const fbtAccount = await fbtAccountOf(wallet).catch((error: unknown) => {
        request.log.warn({ err: error }, 'FBT mint read failed');
        throw new HttpError(
          'CHAIN__UNAVAILABLE',
          'The FBT mint could not be read from the chain. Try again in a moment.',
          503,
        );
      });
      const priorityFee = await fees.current();
      const answer = await swap.exchange
        .buildTransactions({
          quote,
          wallet,
          computeUnitPriceMicroLamports: priorityFee.microLamports,
          wrapSol: buying,
          unwrapSol: !buying,
          ...(buying ? {} : { inputAccount: fbtAccount }),
          ...(buying && fbtAccountExists ? { outputAccount: fbtAccount } : {}),
        })
        .catch((error: unknown) => {
          throw exchangeFailure(error);
        });
      if (isSwapRefusal(answer)) throw exchangeRefusal(answer);
      if (answer.length !== 1) {
        throw new HttpError(
          'SWAP__UPSTREAM_INVALID',
          `The exchange answered ${answer.length} transactions; this page signs exactly one.`,
          502,
        );
      }
      const transaction = answer[0] ?? '';
      const check = checkSwapTransaction(transaction, {
        buyer: wallet,
        fbtMint: mint,
        quote: quote.data,
        dexProgramIds: swap.dexProgramIds,
      });
      if (!check.ok) {
        request.log.warn(
          { code: check.code, wallet },
          `swap transaction refused: ${check.message}`,
        );
        // The usual error body plus the refusal's values, so the page can say it in its language.
        return reply
          .code(422)
          .header('x-request-id', request.id)
          .send({ ...errorBody(check.code, check.message), context: check.context });
      }
      return {
        transaction,
        version: check.version,
        priorityFeeMicroLamports: check.priorityFeeMicroLamports,
      };
    },
  );
  done();
};
