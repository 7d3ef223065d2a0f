import type { FastifyPluginCallback } from 'fastify';
import type { ZodTypeProvider } from 'fastify-type-provider-zod';
import { z } from 'zod';
import type { BuyerRecord, BuyerResponse } from '@fbt/domain';
import {
  apiErrorBodySchema,
  buyerResponseSchema,
  computeRemainingAllowance,
  hasReachedUserMaximum,
  isAddress,
} from '@fbt/domain';
import type { AppDeps } from '../../../../app-deps';
import { HttpError } from '../../../../http/http-error';
import type { Counter } from '../../../../observability/metrics';
import type { PresaleCache } from '../../../../services/presale-cache';
import { cachedPresale, parseVariant } from './cached-presale';

/** What the buyer lookup reads: the cached presale, the buyer-record port, the call counters. */
export type BuyerRouteOptions = Pick<AppDeps, 'buyerReader'> & {
  readonly presaleCache: PresaleCache;
  readonly upstreamCalls: Counter;
  readonly upstreamFailures: Counter;
};

/**
 * `GET /api/v1/presales/:variant/buyers/:wallet`: what a wallet bought (SOL spent, FBT bought
 * and, at completion, FBT delivered so far) and may still buy.
 * Per-wallet reads are coalesced while in flight (a refresh storm from one page costs one RPC
 * call), but never served from a time-based cache: right after a purchase the page must see
 * its new total, even when the purchase took less than a second.
 */
export const buyerRoute: FastifyPluginCallback<BuyerRouteOptions> = (fastify, options, done) => {
  const { presaleCache, buyerReader, upstreamCalls, upstreamFailures } = options;
  const inFlight = new Map<string, Promise<BuyerRecord | null>>();
  const readBuyer = (presale: string, wallet: string): Promise<BuyerRecord | null> => {
    const key = `${presale}:${wallet}`;
    const pending = inFlight.get(key);
    if (pending !== undefined) return pending;
    const labels = { upstream: 'rpc', operation: 'readBuyerRecord' };
    upstreamCalls.inc(labels);
    const record = buyerReader
      .readBuyerRecord(presale, wallet)
      .catch((error: unknown) => {
        upstreamFailures.inc(labels);
        throw error;
      })
      .finally(() => inFlight.delete(key));
    inFlight.set(key, record);
    return record;
  };

  fastify.withTypeProvider<ZodTypeProvider>().get(
    '/api/v1/presales/:variant/buyers/:wallet',
    {
      schema: {
        tags: ['presale'],
        summary: 'What a wallet bought and may still buy',
        params: z.object({ variant: z.string(), wallet: z.string() }),
        response: {
          200: buyerResponseSchema,
          400: apiErrorBodySchema,
          404: apiErrorBodySchema,
          503: apiErrorBodySchema,
        },
      },
    },
    async (request) => {
      const variant = parseVariant(request.params.variant);
      const { wallet } = request.params;
      if (!isAddress(wallet)) {
        throw new HttpError('WALLET__INVALID', 'wallet must be a base58 Solana address.');
      }
      const entry = cachedPresale(presaleCache, variant);
      let record: BuyerRecord | null;
      try {
        record = await readBuyer(entry.value.address, wallet);
      } catch (error) {
        request.log.warn({ err: error }, 'buyer record read failed');
        throw new HttpError(
          'CHAIN__UNAVAILABLE',
          'The chain could not be read; retry shortly.',
          503,
          2,
        );
      }
      const bought = record?.fbtBuyedAmount ?? 0n;
      const answer: BuyerResponse = {
        variant,
        wallet,
        boughtLamports: bought.toString(),
        remainingLamports: computeRemainingAllowance(entry.value.state, bought).toString(),
        userAtMaximum: hasReachedUserMaximum(entry.value.state, bought),
        tokensBought: (record?.tokensReceived ?? 0n).toString(),
        tokensDelivered: (record?.tokensDelivered ?? 0n).toString(),
      };
      return answer;
    },
  );
  done();
};
