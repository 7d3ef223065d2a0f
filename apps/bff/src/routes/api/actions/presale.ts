import type { ActionError, ActionPostResponse } from '@solana/actions';
import { PublicKey } from '@solana/web3.js';
import type { FastifyError, FastifyPluginAsync, FastifyReply, FastifyRequest } from 'fastify';
import type { ZodTypeProvider } from 'fastify-type-provider-zod';
import { z } from 'zod';
import type {
  BuyerRecordReader,
  Clock,
  Deployment,
  LeaderRecordReader,
  OnChainLeaderRecord,
  PresaleSnapshot,
  PresaleStateReader,
  PresaleVariant,
} from '@fbt/domain';
import {
  computeTokenAmount,
  FBT_DECIMALS,
  formatFixed,
  formatSol,
  isAddress,
  isValidLeaderCode,
  parseSolAmount,
  PRESALE_ACTION_PATH,
  validateAmount,
} from '@fbt/domain';
import { PRESALE_ERRORS } from '@fbt/presale-client';
import { writeRateLimit } from '../../../http/leader-report-reply';
import { HttpError } from '../../../http/http-error';
import type { PresaleCache } from '../../../services/presale-cache';
import { cachedPresale, parseVariant } from '../v1/presales/cached-presale';
import { actionIconRoute, ACTION_ICON_PATH } from './icon';
import { createLeaderCodeLookup } from './leader-codes';
import { presaleActionBody, saleBlock, type SaleBlock } from './presale-action';
import { buildBlinkBuyTransaction, type ActionConnection } from './presale-transaction';

/** What the presale Action reads: caches and ports, the deployment and the public origin. */
export interface PresaleActionRoutesOptions {
  readonly deployment: Deployment;
  readonly presaleCache: PresaleCache;
  readonly presaleReader: PresaleStateReader;
  readonly buyerReader: BuyerRecordReader;
  /** Leader codes' records (the BFF's port: owner, size, kind and PDA checked). */
  readonly leaderRecords: Pick<LeaderRecordReader, 'readLeaderRecord'>;
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

const CHAIN_UNAVAILABLE = 'The chain could not be read; retry shortly.';

/** An error answer of an Action: the spec's `{ message }`, with a status. */
class ActionHttpError extends HttpError {}

const refuse = (message: string, status: number): never => {
  throw new ActionHttpError('ACTION__REFUSED', message, status);
};

/** Lets the Action routes' errors, whatever their source, answer as `{ message }`. */
function actionErrorMessage(error: FastifyError): { status: number; message: string } {
  if (error instanceof HttpError) return { status: error.statusCode, message: error.message };
  if (error.validation !== undefined) {
    const issue = error.validation[0];
    const where = `${error.validationContext ?? 'request'}${(issue?.instancePath ?? '').replace(/\//g, '.')}`;
    return { status: 400, message: `${where}: ${issue?.message ?? 'invalid'}` };
  }
  const status = error.statusCode ?? 500;
  if (status === 429) return { status, message: 'Too many requests; slow down and retry.' };
  if (status === 413) return { status, message: 'The request body is too large.' };
  if (status === 415) return { status, message: 'Send the body as application/json.' };
  if (status >= 400 && status < 500) return { status, message: error.message };
  return { status: 500, message: 'Internal server error' };
}

/** `?code=` checked against the variant: required and well-formed on the leader presale only. */
function leaderCodeOf(variant: PresaleVariant, code: string | undefined): string | undefined {
  if (variant !== 'leader') {
    if (code !== undefined) refuse('Leader codes apply only to the leader presale.', 400);
    return undefined;
  }
  if (code === undefined || code === '') {
    return refuse(
      'The leader presale Blink needs a leader code: add ?code=<leader code> to its link.',
      400,
    );
  }
  if (!isValidLeaderCode(code)) {
    return refuse('A leader code is 3-32 letters, digits, "_" or "-".', 400);
  }
  return code;
}

/** A registered code's refusal on chain: suspended, or the buyer's own. */
function leaderBlock(leader: OnChainLeaderRecord, buyer?: string): SaleBlock | null {
  if (!leader.active) return { label: 'Code suspended', message: PRESALE_ERRORS[6036].message };
  if (buyer !== undefined && leader.wallet === buyer) {
    return { label: 'Own code', message: PRESALE_ERRORS[6037].message };
  }
  return null;
}

const querySchema = z.object({ code: z.string().optional(), amount: z.string().optional() });
const paramsSchema = z.object({ variant: z.string() });
const postBodySchema = z.object({
  account: z.string().refine(isAddress, 'must be a base58 Solana address'),
  /** Parameter values a client may send in the body instead of the URL (spec 2.x). */
  data: z.record(z.string(), z.union([z.string(), z.array(z.string())])).optional(),
});

/**
 * The presale as a Solana Action (a Blink): `GET` describes it (live price and progress, preset
 * buttons and an amount field within the chain's limits, or a disabled button with the reason),
 * `POST { account }` answers an unsigned buy transaction for that wallet, validated the way the
 * site validates it, and `OPTIONS` answers the CORS preflight. Every answer carries the Action
 * headers; every error is the spec's `{ message }`.
 */
export const presaleActionRoutes: FastifyPluginAsync<PresaleActionRoutesOptions> = async (
  fastify,
  options,
) => {
  const { deployment, presaleCache, presaleReader, buyerReader, connection, clock } = options;
  const programId = new PublicKey(deployment.programId);
  const mint = new PublicKey(deployment.mint);
  const leaderCodes = createLeaderCodeLookup({
    leaderRecords: options.leaderRecords,
    presale: deployment.presales.leader.address,
    clock,
  });
  const originOf = (request: FastifyRequest): string =>
    options.publicSiteUrl ?? `${request.protocol}://${request.host}`;
  const nowSeconds = (): number => Math.floor(clock.now() / 1000);

  fastify.addHook('onRequest', async (_request, reply) => {
    reply.headers(await options.headers());
  });
  fastify.setErrorHandler(async (error: FastifyError, request, reply) => {
    const { status, message } = actionErrorMessage(error);
    if (status >= 500) request.log.error({ err: error }, 'action request failed');
    if (error instanceof HttpError && error.retryAfterSeconds !== undefined) {
      void reply.header('retry-after', String(error.retryAfterSeconds));
    }
    const body: ActionError = { message };
    return reply
      .headers(await options.headers())
      .header('x-request-id', request.id)
      .code(status)
      .send(body);
  });

  const readChain = async <T>(read: () => Promise<T>, what: string, request: FastifyRequest) => {
    try {
      return await read();
    } catch (error) {
      request.log.warn({ err: error }, `action: ${what} read failed`);
      throw new ActionHttpError('CHAIN__UNAVAILABLE', CHAIN_UNAVAILABLE, 503, 2);
    }
  };
  const registeredCode = async (
    code: string,
    fresh: boolean,
    request: FastifyRequest,
  ): Promise<OnChainLeaderRecord> => {
    const leader = await readChain(() => leaderCodes(code, { fresh }), 'leader record', request);
    if (leader === null) {
      return refuse(`Leader code "${code}" is not registered on the leader presale.`, 404);
    }
    return leader;
  };

  await fastify.register(actionIconRoute, { headers: options.headers });

  const route = `${PRESALE_ACTION_PATH}/:variant`;
  const typed = fastify.withTypeProvider<ZodTypeProvider>();

  typed.options(
    route,
    { config: { cors: false }, schema: { tags: ['actions'], summary: 'CORS preflight' } },
    (_request, reply: FastifyReply) => reply.code(204).send(),
  );

  typed.get(
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
      const snapshot = cachedPresale(presaleCache, variant).value;
      const leader = code === undefined ? null : await registeredCode(code, false, request);
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

  typed.post(
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
      const fromBody = request.body.data?.amount;
      if (Array.isArray(fromBody)) refuse('amount must be a single value.', 400);
      const amountInput = request.query.amount ?? (fromBody as string | undefined) ?? '';

      // The presale as it is now (not the cache): no transaction for a state that blocks buys.
      const address = deployment.presales[variant].address;
      const snapshot: PresaleSnapshot | null = await readChain(
        () => presaleReader.readPresaleState(address),
        'presale',
        request,
      );
      if (snapshot === null) return refuse('The presale account does not exist.', 503);
      const block = saleBlock(snapshot, nowSeconds());
      if (block !== null) return refuse(block.message, 422);

      const record = await readChain(
        () => buyerReader.readBuyerRecord(address, account),
        'buyer record',
        request,
      );
      const amountError = validateAmount({
        input: amountInput,
        state: snapshot.state,
        boughtLamports: record?.fbtBuyedAmount ?? 0n,
      });
      const parsed = parseSolAmount(amountInput);
      if (amountError !== null || !parsed.ok) {
        return refuse(amountError?.message ?? 'Amount field is empty', 400);
      }

      const leader = code === undefined ? null : await registeredCode(code, true, request);
      const refused = leader === null ? null : leaderBlock(leader, account);
      if (refused !== null) return refuse(refused.message, 422);

      const built = await readChain(
        () =>
          buildBlinkBuyTransaction(connection, {
            programId,
            presale: new PublicKey(address),
            mint,
            state: snapshot.state,
            buyer: new PublicKey(account),
            lamports: parsed.lamports,
            ...(leader === null ? {} : { leaderRecord: new PublicKey(leader.address) }),
            ...(deployment.lookupTable === undefined
              ? {}
              : { lookupTable: new PublicKey(deployment.lookupTable) }),
          }),
        'transaction inputs',
        request,
      );
      if (!built.ok) return refuse(built.message, 422);
      const tokens = formatFixed(
        computeTokenAmount(parsed.lamports, snapshot.state.tokenPrice),
        FBT_DECIMALS,
        { maxFractionDigits: 4 },
      );
      const body: ActionPostResponse = {
        type: 'transaction',
        transaction: Buffer.from(built.transaction.serialize()).toString('base64'),
        message:
          `Buy ${tokens} FBT for ${formatSol(parsed.lamports)} SOL` +
          (code === undefined ? '.' : ` with leader code ${code}.`),
      };
      return reply.header('cache-control', 'no-store').send(body);
    },
  );
};
