import type { FastifyInstance, FastifyPluginCallback, FastifyReply, FastifyRequest } from 'fastify';
import type { FetchLike } from '@fbt/domain';
import type { AppDeps, AppSettings } from '../app-deps';
import { clientKey } from '../http/client-key';
import { HttpError } from '../http/http-error';
import type { Counter } from '../observability/metrics';
import {
  callCost,
  createCostBudget,
  createRedisCostBudget,
  DEFAULT_RPC_COST_BUDGET_PER_MINUTE,
  type CostBudgetRedis,
  methodParamsProblem,
  paramsProblem,
} from './rpc-limits';

/**
 * JSON-RPC methods the browser may call through `/rpc`: what a wallet flow needs (blockhash,
 * fees, rent, simulate/send, statuses, account and token reads) and nothing that scans the
 * chain or costs the paid RPC a lot (getProgramAccounts, getBlock, …).
 */
export const RPC_METHOD_ALLOWLIST: ReadonlySet<string> = new Set([
  'getLatestBlockhash',
  'isBlockhashValid',
  'getBlockHeight',
  'getSlot',
  'getEpochInfo',
  'getGenesisHash',
  'getVersion',
  'getHealth',
  'getFeeForMessage',
  'getRecentPrioritizationFees',
  'getMinimumBalanceForRentExemption',
  'simulateTransaction',
  'sendTransaction',
  'getSignatureStatuses',
  'getAccountInfo',
  'getMultipleAccounts',
  'getBalance',
  'getTokenAccountBalance',
  'getTokenAccountsByOwner',
]);

const RPC_BODY_LIMIT_BYTES = 64 * 1024;
const RPC_MAX_BATCH = 10;
const RPC_TIMEOUT_MS = 15_000;

type JsonRpcId = string | number | null;

function rpcError(id: JsonRpcId, code: number, message: string) {
  return { jsonrpc: '2.0', id, error: { code, message } };
}

function idOf(call: unknown): JsonRpcId {
  if (typeof call === 'object' && call !== null && 'id' in call) {
    const id = call.id;
    if (typeof id === 'string' || typeof id === 'number' || id === null) return id;
  }
  return null;
}

/**
 * Allowed in addition on a local chain only (the deployment's cluster is `localnet`): the
 * faucet, so the site can fund its throw-away wallet. Never forwarded to a real cluster.
 */
export const RPC_LOCALNET_METHODS: ReadonlySet<string> = new Set(['requestAirdrop']);

/** Why a single call may not be forwarded, or null when it may. */
function refuse(call: unknown, allowed: (method: string) => boolean): RpcAnswer | null {
  if (typeof call !== 'object' || call === null || Array.isArray(call)) {
    return rpcError(null, -32600, 'Invalid request: expected a JSON-RPC 2.0 object');
  }
  const { jsonrpc, method } = call as { jsonrpc?: unknown; method?: unknown };
  if (jsonrpc !== '2.0' || typeof method !== 'string') {
    return rpcError(idOf(call), -32600, 'Invalid request: expected jsonrpc "2.0" and a method');
  }
  if (!allowed(method)) {
    return rpcError(
      idOf(call),
      -32601,
      `Method not allowed through this proxy: ${method.slice(0, 64)}`,
    );
  }
  const params = (call as { params?: unknown }).params;
  const problem = paramsProblem(params) ?? methodParamsProblem(method, params);
  return problem === null ? null : rpcError(idOf(call), -32602, problem);
}

/** What `/rpc` uses: the upstream URL, the fetch port, its rate limit and the call counter. */
export type RpcRouteOptions = Pick<AppDeps, 'rpcUpstreamUrl' | 'fetch'> &
  Pick<AppSettings, 'rpcRateLimitMax' | 'rpcCostBudgetPerMinute'> & {
    readonly upstreamCalls: Counter;
    /** Counts each forwarded call the upstream failed (no answer, or a non-2xx one). */
    readonly upstreamFailures: Counter;
    /** True only when the cluster is `localnet`: the faucet ({@link RPC_LOCALNET_METHODS}). */
    readonly localnet: boolean;
    /**
     * Set (REDIS_URL): the cost budget is shared by every instance, under `costBudgetPrefix`;
     * absent: each instance keeps its own.
     */
    readonly costBudgetRedis?: CostBudgetRedis;
    readonly costBudgetPrefix?: string;
  };

type RpcAnswer = ReturnType<typeof rpcError>;

/**
 * Every call of the body, or the answer that refuses the whole body: not JSON, an empty or
 * oversized batch, or a batch holding a call that may not be forwarded (each refused call gets
 * its reason, the others say a sibling was refused).
 */
function readCalls(
  body: string,
  allowed: (method: string) => boolean,
): { payload: unknown; calls: unknown[] } | { refusal: unknown } {
  let payload: unknown;
  try {
    payload = JSON.parse(body);
  } catch {
    return { refusal: rpcError(null, -32700, 'Parse error: the body is not JSON') };
  }
  const calls = Array.isArray(payload) ? payload : [payload];
  if (calls.length === 0 || calls.length > RPC_MAX_BATCH) {
    return {
      refusal: rpcError(null, -32600, `Invalid request: a batch holds 1 to ${RPC_MAX_BATCH} calls`),
    };
  }
  const refusals = calls.map((call) => refuse(call, allowed));
  const refused = refusals.find((refusal): refusal is RpcAnswer => refusal !== null);
  if (refused === undefined) return { payload, calls };
  if (!Array.isArray(payload)) return { refusal: refused };
  return {
    refusal: refusals.map(
      (r, i) =>
        r ?? rpcError(idOf(calls[i]), -32600, 'Batch refused: another call in it is not allowed'),
    ),
  };
}

/** The cost budget: in Redis when one is shared (warning at most once a minute while it fails). */
function costBudgetOf(fastify: FastifyInstance, options: RpcRouteOptions, perMinute: number) {
  if (options.costBudgetRedis === undefined) return createCostBudget(perMinute);
  let lastRedisWarning = -Infinity;
  return createRedisCostBudget({
    redis: options.costBudgetRedis,
    perMinute,
    prefix: options.costBudgetPrefix ?? 'fbt:',
    onError: (error) => {
      // Once a minute at most: every /rpc call fails the same way while Redis is down.
      if (Date.now() - lastRedisWarning < 60_000) return;
      lastRedisWarning = Date.now();
      fastify.log.warn(
        { err: error },
        'rpc cost budget: Redis unavailable, counting in this instance until it is back',
      );
    },
  });
}

/**
 * Sends the body upstream and relays its answer; a failed or non-2xx upstream is a 502 (and
 * `failed` is called).
 */
async function forward(
  doFetch: FetchLike,
  upstream: string,
  payload: unknown,
  firstId: JsonRpcId,
  request: FastifyRequest,
  reply: FastifyReply,
  failed: () => void,
): Promise<FastifyReply> {
  const controller = new AbortController();
  const timer = setTimeout(() => controller.abort(), RPC_TIMEOUT_MS);
  try {
    const response = await doFetch(upstream, {
      method: 'POST',
      headers: { 'content-type': 'application/json' },
      body: JSON.stringify(payload),
      signal: controller.signal,
    });
    const text = await response.text();
    if (!response.ok) failed();
    return reply
      .code(response.ok ? 200 : 502)
      .type('application/json')
      .send(
        response.ok
          ? text
          : JSON.stringify(
              rpcError(firstId, -32000, `Upstream RPC answered HTTP ${response.status}`),
            ),
      );
  } catch (error) {
    request.log.warn({ err: error }, 'rpc upstream failed');
    failed();
    return reply
      .code(502)
      .send(rpcError(firstId, -32000, 'Upstream RPC unavailable; retry shortly'));
  } finally {
    clearTimeout(timer);
  }
}

/**
 * `POST /rpc`: a JSON-RPC proxy to the configured cluster with a method allowlist, so the
 * browser never sees the server-side RPC URL (it may hold a paid key). This plugin is its own
 * encapsulated scope: it replaces the JSON body parser there (malformed bodies get JSON-RPC
 * errors, not HTTP 400s) without touching the other routes.
 */
export const rpcRoute: FastifyPluginCallback<RpcRouteOptions> = (fastify, options, done) => {
  const doFetch = options.fetch ?? fetch;
  const { upstreamCalls, upstreamFailures } = options;
  const budgetPerMinute = options.rpcCostBudgetPerMinute ?? DEFAULT_RPC_COST_BUDGET_PER_MINUTE;
  const budget = costBudgetOf(fastify, options, budgetPerMinute);
  const allowed = (method: string) =>
    RPC_METHOD_ALLOWLIST.has(method) || (options.localnet && RPC_LOCALNET_METHODS.has(method));

  // Parse JSON ourselves so malformed bodies get JSON-RPC errors, not HTTP 400s.
  fastify.removeContentTypeParser('application/json');
  fastify.addContentTypeParser(
    'application/json',
    { parseAs: 'string', bodyLimit: RPC_BODY_LIMIT_BYTES },
    (_request, body, parsed) => parsed(null, body),
  );

  fastify.post(
    '/rpc',
    {
      bodyLimit: RPC_BODY_LIMIT_BYTES,
      config: {
        rateLimit: { max: options.rpcRateLimitMax, timeWindow: '1 minute' },
      },
      schema: {
        tags: ['rpc'],
        summary: 'Solana JSON-RPC proxy (allow-listed methods, single or batch of up to 10)',
        hide: false,
      },
    },
    async (request, reply) => {
      const read = readCalls(String(request.body), allowed);
      if ('refusal' in read) return reply.send(read.refusal);
      const { payload, calls } = read;
      const cost = calls.reduce<number>((sum, call) => {
        const { method, params } = call as { method: string; params?: unknown };
        return sum + callCost(method, params);
      }, 0);
      const retryAfter = await budget.spend(clientKey(request), cost);
      if (retryAfter !== null) {
        throw new HttpError(
          'RATE_LIMITED',
          `RPC cost budget spent (${budgetPerMinute} units a minute: one per account read, ` +
            `10 per simulated transaction); retry in ${retryAfter} s.`,
          429,
          retryAfter,
        );
      }
      const labels = calls.map((call) => ({
        upstream: 'rpc-proxy',
        operation: (call as { method: string }).method,
      }));
      for (const each of labels) upstreamCalls.inc(each);
      return forward(
        doFetch,
        options.rpcUpstreamUrl,
        payload,
        idOf(calls[0]),
        request,
        reply,
        () => {
          for (const each of labels) upstreamFailures.inc(each);
        },
      );
    },
  );
  done();
};
