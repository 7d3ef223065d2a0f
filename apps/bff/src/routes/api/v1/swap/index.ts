import type { FastifyPluginAsync } from 'fastify';
import { createSolanaConnection } from '@fbt/adapters';
import type { Clock } from '@fbt/domain';
import type { SwapDeps } from '../../../../app-deps';
import { createFbtAccountReader } from './fbt-account';
import { createPriorityFeeCache } from './priority-fee-cache';
import { priorityFeeRoute } from './priority-fee';
import { swapQuoteRoute } from './quote';
import { swapDisabled } from './swap-errors';
import { swapTransactionRoute } from './transaction';

/** What the swap routes are given: the exchange (null: not configured), the mint, a clock. */
export interface SwapRoutesOptions {
  readonly swap: SwapDeps | null;
  readonly mint: string;
  readonly clock: Clock;
  /** The chain the mint's token program is read from (once). */
  readonly rpcUpstreamUrl: string;
}

/**
 * `/api/v1/swap/*`: quote, transaction and priority fee, through the exchange configured with
 * `SWAP_API_URL`; every route answers 404 `SWAP__DISABLED` without one. One priority-fee cache
 * serves the three.
 */
export const swapRoutes: FastifyPluginAsync<SwapRoutesOptions> = async (fastify, options) => {
  const { swap, mint } = options;
  if (swap === null) {
    // Before any input is read: the page is closed, whatever the request holds.
    const disabled = () => Promise.reject(swapDisabled());
    const hidden = { schema: { hide: true } };
    fastify.get('/api/v1/swap/quote', hidden, disabled);
    fastify.post('/api/v1/swap/transaction', hidden, disabled);
    fastify.get('/api/v1/swap/priority-fee', hidden, disabled);
    return;
  }
  const fees = createPriorityFeeCache({
    source: swap.feeSource,
    fallbackMicroLamports: swap.fallbackFeeMicroLamports,
    clock: options.clock,
    onFailure: (error) =>
      fastify.log.warn(
        { reason: (error as Error).message },
        'swap fee service failed; serving the fallback priority fee',
      ),
  });
  await fastify.register(swapQuoteRoute, { swap, fees, mint });
  const fbtAccountOf = createFbtAccountReader(
    createSolanaConnection({ rpcUrl: options.rpcUpstreamUrl }),
    mint,
  );
  await fastify.register(swapTransactionRoute, { swap, fees, mint, fbtAccountOf });
  await fastify.register(priorityFeeRoute, { fees, rateLimitMax: swap.rateLimitMax });
};
