import type { FastifyInstance, FastifyReply, FastifyRequest } from 'fastify';
import type { ZodTypeProvider } from 'fastify-type-provider-zod';
import { z } from 'zod';
import type { BuyerRecord, BuyerResponse, PresaleVariant } from '@fbt/domain';
import {
  apiErrorBodySchema,
  buyerResponseSchema,
  computeRemainingAllowance,
  configResponseSchema,
  FBT_DECIMALS,
  hasReachedUserMaximum,
  isAddress,
  isPresaleVariant,
  LEADER_TARGET_LAMPORTS,
  presaleResponseSchema,
  PUBLIC_TARGET_LAMPORTS,
  TOKEN_PRICE_LAMPORTS,
  type ConfigResponse,
} from '@fbt/domain';
import type { AppContext } from '../app-context';
import { ApiError } from '../http/api-error';

function parseVariant(value: string): PresaleVariant {
  if (!isPresaleVariant(value)) {
    throw new ApiError(
      'PRESALE__UNKNOWN_VARIANT',
      `Unknown presale "${value.slice(0, 40)}"; use public, private or leader.`,
    );
  }
  return value;
}

/** `/api/v1/config`, `/api/v1/presales/:variant` and the buyer lookup. */
export function registerPresaleRoutes(app: FastifyInstance, context: AppContext): void {
  const { deployment, settings, buyerReader } = context.deps;
  const route = app.withTypeProvider<ZodTypeProvider>();

  const config: ConfigResponse = configResponseSchema.parse({
    cluster: deployment.cluster,
    rpcPath: '/rpc',
    explorerRpcUrl:
      settings.publicRpcUrl ?? (deployment.cluster === 'localnet' ? deployment.rpcUrl : null),
    programId: deployment.programId,
    mint: deployment.mint,
    tokenPriceLamports: TOKEN_PRICE_LAMPORTS.toString(),
    fbtDecimals: FBT_DECIMALS,
    privateRouteName: deployment.privateRouteName,
    variants: [
      {
        variant: 'public',
        route: 'presale',
        presale: deployment.presales.public.address,
        displayTargetLamports: PUBLIC_TARGET_LAMPORTS.toString(),
      },
      {
        variant: 'private',
        route: deployment.privateRouteName,
        presale: deployment.presales.private.address,
        displayTargetLamports: null,
      },
      {
        variant: 'leader',
        route: 'leader',
        presale: deployment.presales.leader.address,
        displayTargetLamports: LEADER_TARGET_LAMPORTS.toString(),
      },
    ],
    links: settings.publicLinks,
  });
  const configJson = JSON.stringify(config);

  // Cached answers are pre-serialized strings: these two routes use the untyped reply.
  app.get(
    '/api/v1/config',
    {
      schema: {
        tags: ['presale'],
        summary: 'Public configuration for the site',
        response: { 200: configResponseSchema },
      },
    },
    (_request, reply) => reply.type('application/json').send(configJson),
  );

  /** The cached presale, or a retryable 503 before its first read from the chain. */
  const cachedPresale = (variant: PresaleVariant) => {
    const entry = context.presales.resources[variant].current();
    if (entry === null) {
      throw new ApiError(
        'PRESALE__UNAVAILABLE',
        'The presale has not been read from the chain yet.',
        503,
        5,
      );
    }
    return entry;
  };

  const presaleHandler = (request: FastifyRequest, reply: FastifyReply) => {
    const variant = parseVariant((request.params as { variant: string }).variant);
    return reply.type('application/json').send(cachedPresale(variant).json);
  };
  const presaleSchema = {
    tags: ['presale'],
    summary: 'Cached presale state, progress and target',
    params: z.object({ variant: z.string() }),
    response: { 200: presaleResponseSchema, 404: apiErrorBodySchema, 503: apiErrorBodySchema },
  };
  app.get('/api/v1/presales/:variant', { schema: presaleSchema }, presaleHandler);

  // Per-wallet reads are coalesced while in flight (a refresh storm from one page costs one
  // RPC call), but never served from a time-based cache: right after a purchase the page
  // must see its new total, even when the purchase took less than a second.
  const inFlight = new Map<string, Promise<BuyerRecord | null>>();
  const readBuyer = (presale: string, wallet: string): Promise<BuyerRecord | null> => {
    const key = `${presale}:${wallet}`;
    const pending = inFlight.get(key);
    if (pending !== undefined) return pending;
    context.upstreamCalls.inc({ upstream: 'rpc', operation: 'readBuyerRecord' });
    const record = buyerReader.readBuyerRecord(presale, wallet).finally(() => inFlight.delete(key));
    inFlight.set(key, record);
    return record;
  };

  route.get(
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
        throw new ApiError('WALLET__INVALID', 'wallet must be a base58 Solana address.');
      }
      const entry = cachedPresale(variant);
      let record: BuyerRecord | null;
      try {
        record = await readBuyer(entry.value.address, wallet);
      } catch (error) {
        request.log.warn({ err: error }, 'buyer record read failed');
        throw new ApiError(
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
      };
      return answer;
    },
  );
}
