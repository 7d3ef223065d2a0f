import type { ActionPostResponse } from '@solana/actions';
import { PublicKey } from '@solana/web3.js';
import type { FastifyInstance, FastifyPluginAsync, FastifyReply, FastifyRequest } from 'fastify';
import type { ZodTypeProvider } from 'fastify-type-provider-zod';
import { z } from 'zod';
import type {
  BuyerRecordReader,
  Clock,
  Deployment,
  LeaderRecordReader,
  PresaleStateReader,
} from '@fbt/domain';
import { deliveryOf, isAddress, PRESALE_ACTION_PATH } from '@fbt/domain';
import { latestEndFor } from '@fbt/presale-client';
import { writeRateLimit } from '../../../http/leader-report-reply';
import type { LeadersCache } from '../../../services/leaders-cache';
import type { PresaleCache } from '../../../services/presale-cache';
import { cachedPresale, parseVariant } from '../v1/presales/cached-presale';
import { amountInputOf, buyLamports, leaderBlock, leaderCodeOf } from './action-checks';
import { buyMessage } from './action-copy';
import { refuse, setActionErrorHandler } from './action-errors';
import { createActionReads, type ActionReads } from './action-reads';
import { actionIconRoute, ACTION_ICON_PATH } from './icon';
import { createLeaderCodeLookup } from './leader-codes';
import { presaleActionBody, saleBlock } from './presale-action';
import { createMintTokenProgramReader } from '../../../services/mint-token-program';
import { buildBlinkBuyTransaction, type ActionConnection } from './presale-transaction';

/** What the presale Action reads: caches and ports, the deployment and the public origin. */
export interface PresaleActionRoutesOptions {
  readonly deployment: Deployment;
  readonly presaleCache: PresaleCache;
  readonly presaleReader: PresaleStateReader;
  readonly buyerReader: BuyerRecordReader;
  /** A POST reads its code's record here (the BFF's port: owner, size, kind and PDA checked). */
  readonly leaderRecords: Pick<LeaderRecordReader, 'readLeaderRecord'>;
  /** A GET finds its code's record here (the `leaders` topic). */
  readonly leaders: Pick<LeadersCache, 'snapshot'>;
  readonly connection: ActionConnection;
  readonly clock: Clock;
  /** The site's public origin (`PUBLIC_SITE_URL`); null: the request's own origin. */
  readonly publicSiteUrl: string | null;
  readonly rateLimitWriteMax: number;
  /** Headers of every Action answer (CORS, versions, chain id). */
  readonly headers: () => Promise<Record<string, string>>;
}

declare module 'fastify' {
  interface FastifyContextConfig {
    /** `false`: @fastify/cors (when `CORS_ORIGINS` is set) leaves the route alone. */
    cors?: boolean;
  }
}

const querySchema = z.object({ code: z.string().optional(), amount: z.string().optional() });
const paramsSchema = z.object({ variant: z.string() });
const postBodySchema = z.object({
  account: z.string().refine(isAddress, 'must be a base58 Solana address'),
  /**
   * Parameter values a client may send in the body instead of the URL (Solana Actions
   * specification 2.x).
   */
  data: z.record(z.string(), z.union([z.string(), z.array(z.string())])).optional(),
});

/** What the GET and POST handlers share. */
interface ActionRoute {
  readonly route: string;
  readonly options: PresaleActionRoutesOptions;
  readonly reads: ActionReads;
  readonly nowSeconds: () => number;
}

/**
 * GET: the Blink, from the presale cache and, for a leader code, the `leaders` topic (no chain
 * read per viewer; a pause and a code's suspension both show on the next GET once pushed, under
 * the same 10 s public cache): live price and progress, preset buttons and an amount field
 * within the chain's limits, or a disabled button with the reason.
 */
function presaleActionGet(
  fastify: FastifyInstance,
  { route, options, reads, nowSeconds }: ActionRoute,
) {
  const originOf = (request: FastifyRequest): string =>
    options.publicSiteUrl ?? `${request.protocol}://${request.host}`;
  fastify.withTypeProvider<ZodTypeProvider>().get(
    route,
    {
      config: { cors: false },
      schema: {
        tags: ['actions'],
        summary: 'The presale Blink (Solana Actions GET)',
        params: paramsSchema,
        querystring: querySchema,
      },
    },
    async (request, reply) => {
      const variant = parseVariant(request.params.variant);
      const code = leaderCodeOf(variant, request.query.code);
      const snapshot = cachedPresale(options.presaleCache, variant).value;
      const leader = code === undefined ? null : await reads.registeredCode(code, false, request);
      const origin = originOf(request);
      const body = presaleActionBody({
        variant,
        snapshot,
        nowSeconds: nowSeconds(),
        iconUrl: `${origin}${ACTION_ICON_PATH}`,
        actionPath: `${origin}${PRESALE_ACTION_PATH}/${variant}`,
        ...(code === undefined ? {} : { leaderCode: code }),
        block: leader === null ? null : leaderBlock(leader),
      });
      return reply.header('cache-control', 'public, max-age=10').send(body);
    },
  );
}

/**
 * POST `{ account }`: an unsigned buy transaction for that wallet, checked the way the site
 * checks it: the presale re-read from the chain (no transaction for a state that blocks buys),
 * the amount against the wallet's buyer record, the leader code's record read fresh.
 */
function presaleActionPost(
  fastify: FastifyInstance,
  { route, options, reads, nowSeconds }: ActionRoute,
) {
  const { deployment, connection } = options;
  const programId = new PublicKey(deployment.programId);
  const mint = new PublicKey(deployment.mint);
  // The buyer's FBT account is its associated account of the mint's token program.
  const tokenProgramOf = createMintTokenProgramReader(connection, mint);
  fastify.withTypeProvider<ZodTypeProvider>().post(
    route,
    {
      config: { cors: false, ...writeRateLimit(options.rateLimitWriteMax) },
      schema: {
        tags: ['actions'],
        summary: 'A buy transaction for the Blink (Solana Actions POST)',
        params: paramsSchema,
        querystring: querySchema,
        body: postBodySchema,
      },
    },
    async (request, reply) => {
      const variant = parseVariant(request.params.variant);
      const code = leaderCodeOf(variant, request.query.code);
      const { account } = request.body;
      const amountInput = amountInputOf(request.query, request.body);

      // The presale as it is now (not the cache): no transaction for a state that blocks buys.
      const address = deployment.presales[variant].address;
      const snapshot = await reads.presale(address, request);
      const block = saleBlock(snapshot, nowSeconds());
      if (block !== null) return refuse(block.message, 422);

      const record = await reads.buyerRecord(address, account, request);
      const lamports = buyLamports(amountInput, snapshot.state, record?.fbtBuyedAmount ?? 0n);

      const leader = code === undefined ? null : await reads.registeredCode(code, true, request);
      const refused = leader === null ? null : leaderBlock(leader, account);
      if (refused !== null) return refuse(refused.message, 422);

      // At completion the buy accepts no end later than the one just read.
      const latestEnd = latestEndFor({
        deliveryMode: deliveryOf(snapshot).mode,
        saleEnd: snapshot.rules.saleEnd,
      });
      const built = await reads.chain(
        async () =>
          buildBlinkBuyTransaction(connection, {
            programId,
            presale: new PublicKey(address),
            mint,
            tokenProgram: await tokenProgramOf(),
            state: snapshot.state,
            buyer: new PublicKey(account),
            lamports,
            ...(leader === null ? {} : { leaderRecord: new PublicKey(leader.address) }),
            ...(latestEnd === undefined ? {} : { latestEnd }),
            ...(deployment.lookupTable === undefined
              ? {}
              : { lookupTable: new PublicKey(deployment.lookupTable) }),
          }),
        'transaction inputs',
        request,
      );
      if (!built.ok) return refuse(built.message, 422);
      const body: ActionPostResponse = {
        type: 'transaction',
        transaction: Buffer.from(built.transaction.serialize()).toString('base64'),
        message: buyMessage(lamports, snapshot.state.tokenPrice, code, deliveryOf(snapshot).mode),
      };
      return reply.header('cache-control', 'no-store').send(body);
    },
  );
}

/**
 * The presale as a Solana Action (a Blink): `GET` describes it (live price and progress, preset
 * buttons and an amount field within the chain's limits, or a disabled button with the reason),
 * `POST { account }` answers an unsigned buy transaction for that wallet, validated the way the
 * site validates it, and `OPTIONS` answers the CORS preflight. Every answer carries the Action
 * headers; every error is the Solana Actions error body `{ message }`.
 */
export const presaleActionRoutes: FastifyPluginAsync<PresaleActionRoutesOptions> = async (
  fastify,
  options,
) => {
  const { deployment, presaleReader, buyerReader, clock } = options;
  const leaderCodes = createLeaderCodeLookup({
    leaderRecords: options.leaderRecords,
    leaders: options.leaders,
    presale: deployment.presales.leader.address,
  });
  const reads = createActionReads({ presaleReader, buyerReader, leaderCodes });
  const nowSeconds = (): number => Math.floor(clock.now() / 1000);

  fastify.addHook('onRequest', async (_request, reply) => {
    reply.headers(await options.headers());
  });
  setActionErrorHandler(fastify, options.headers);

  await fastify.register(actionIconRoute, { headers: options.headers });

  const route = `${PRESALE_ACTION_PATH}/:variant`;
  fastify
    .withTypeProvider<ZodTypeProvider>()
    .options(
      route,
      { config: { cors: false }, schema: { tags: ['actions'], summary: 'CORS preflight' } },
      (_request, reply: FastifyReply) => reply.code(204).send(),
    );
  const shared: ActionRoute = { route, options, reads, nowSeconds };
  presaleActionGet(fastify, shared);
  presaleActionPost(fastify, shared);
};
