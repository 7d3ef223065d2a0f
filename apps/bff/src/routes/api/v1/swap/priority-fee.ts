import type { FastifyPluginCallback } from 'fastify';
import type { ZodTypeProvider } from 'fastify-type-provider-zod';
import { priorityFeeResponseSchema } from '@fbt/domain';
import type { PriorityFeeCache } from './priority-fee-cache';

/** What `GET /api/v1/swap/priority-fee` uses. */
export interface PriorityFeeRouteOptions {
  readonly fees: PriorityFeeCache;
  readonly rateLimitMax: number;
}

/**
 * `GET /api/v1/swap/priority-fee`: the priority fee swaps bid (micro-lamports per compute unit,
 * from the fee service, capped at 25,000 so a spike in recent fees cannot run a swap's fee away,
 * or the fixed fallback), cached 300,000 ms.
 */
export const priorityFeeRoute: FastifyPluginCallback<PriorityFeeRouteOptions> = (
  fastify,
  { fees, rateLimitMax },
  done,
) => {
  fastify.withTypeProvider<ZodTypeProvider>().get(
    '/api/v1/swap/priority-fee',
    {
      config: { rateLimit: { max: rateLimitMax, timeWindow: '1 minute' } },
      schema: {
        tags: ['swap'],
        summary: 'The priority fee swaps bid (cached 300,000 ms, capped at 25,000)',
        response: { 200: priorityFeeResponseSchema },
      },
    },
    () => {
      return fees.current();
    },
  );
  done();
};
