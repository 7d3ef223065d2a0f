import type { FastifyPluginCallback } from 'fastify';
import type WebSocket from 'ws';
import { isAddress } from '@fbt/domain';
import type { AccountChange, AccountWatch } from '../app-deps';
import type { Counter } from '../observability/metrics';

/** Accounts one socket may watch at once (a wallet and its token accounts). */
export const MAX_WATCHES_PER_SOCKET = 4;
/** Sockets one client address may hold open on `/rpc` (tabs of the same visitor). */
export const MAX_SOCKETS_PER_ADDRESS = 8;
/** Watches one instance serves in all, so no crowd of sockets can make it watch the chain. */
export const MAX_WATCHES_PER_INSTANCE = 10_000;
/**
 * Largest account data pushed (bytes): a wallet has none, a token account 165 or so. A change of
 * a larger account is not pushed, so nobody can make the BFF stream big accounts to them.
 */
export const MAX_PUSHED_ACCOUNT_BYTES = 1024;

type JsonRpcId = string | number | null;

/** What a socket's message asks, once read. */
export type PubsubCall =
  | { readonly kind: 'subscribe'; readonly id: JsonRpcId; readonly address: string }
  | { readonly kind: 'unsubscribe'; readonly id: JsonRpcId; readonly subscription: number }
  /** A JSON-RPC notification (no id, e.g. web3.js's heartbeat `ping`): never answered. */
  | { readonly kind: 'notification' }
  | {
      readonly kind: 'refused';
      readonly id: JsonRpcId;
      readonly code: number;
      readonly message: string;
    };

const refused = (id: JsonRpcId, code: number, message: string): PubsubCall => ({
  kind: 'refused',
  id,
  code,
  message,
});

/** The subscription's options as the browser may give them: confirmed and base64 only. */
function optionsProblem(options: unknown): string | null {
  if (options === undefined) return null;
  if (typeof options !== 'object' || options === null || Array.isArray(options)) {
    return 'Invalid params: the options must be an object';
  }
  const { commitment, encoding, ...rest } = options as Record<string, unknown>;
  if (commitment !== undefined && commitment !== 'confirmed') {
    return 'Invalid params: only the confirmed commitment is served';
  }
  if (encoding !== undefined && encoding !== 'base64') {
    return 'Invalid params: only the base64 encoding is served';
  }
  const others = Object.keys(rest);
  return others.length === 0 ? null : `Invalid params: unknown option ${others.join(', ')}`;
}

/**
 * Reads one websocket message of Solana's JSON-RPC pubsub protocol, of which `/rpc` serves
 * `accountSubscribe` ([address, { commitment: 'confirmed', encoding: 'base64' }], both options
 * optional) and `accountUnsubscribe` ([subscription id]); anything else is refused with the
 * JSON-RPC error to answer (-32700 not JSON, -32600 not a request or a batch, -32601 another
 * method, -32602 bad params). A well-formed message without an id is a notification, which
 * JSON-RPC never answers (web3.js sends a `ping` every few seconds).
 */
export function readPubsubCall(text: string): PubsubCall {
  let call: unknown;
  try {
    call = JSON.parse(text);
  } catch {
    return refused(null, -32700, 'Parse error: not JSON');
  }
  if (typeof call !== 'object' || call === null || Array.isArray(call)) {
    return refused(null, -32600, 'Invalid request: expected one JSON-RPC 2.0 object');
  }
  const { jsonrpc, id: rawId, method, params } = call as Record<string, unknown>;
  const id: JsonRpcId = typeof rawId === 'string' || typeof rawId === 'number' ? rawId : null;
  if (jsonrpc !== '2.0' || typeof method !== 'string') {
    return refused(id, -32600, 'Invalid request: expected jsonrpc "2.0" and a method');
  }
  if (!Object.hasOwn(call, 'id')) return { kind: 'notification' };
  if (method === 'accountSubscribe') {
    if (!Array.isArray(params) || params.length < 1 || params.length > 2) {
      return refused(id, -32602, 'Invalid params: expected [address, options?]');
    }
    const [address, options] = params as unknown[];
    if (typeof address !== 'string' || !isAddress(address)) {
      return refused(id, -32602, 'Invalid params: the address is not a base58 public key');
    }
    const problem = optionsProblem(options);
    return problem === null ? { kind: 'subscribe', id, address } : refused(id, -32602, problem);
  }
  if (method === 'accountUnsubscribe') {
    const [subscription] = Array.isArray(params) ? (params as unknown[]) : [];
    if (!Array.isArray(params) || params.length !== 1 || !Number.isSafeInteger(subscription)) {
      return refused(id, -32602, 'Invalid params: expected [subscription id]');
    }
    return { kind: 'unsubscribe', id, subscription: subscription as number };
  }
  return refused(
    id,
    -32601,
    `Method not allowed on this websocket: ${method} (only accountSubscribe, accountUnsubscribe)`,
  );
}

/** The `accountNotification` of a change, as Solana's pubsub sends it (base64 data). */
export function accountNotification(subscription: number, change: AccountChange): string {
  return JSON.stringify({
    jsonrpc: '2.0',
    method: 'accountNotification',
    params: {
      subscription,
      result: {
        context: { slot: change.slot },
        value: {
          lamports: change.lamports,
          owner: change.owner,
          data: [Buffer.from(change.data).toString('base64'), 'base64'],
          executable: change.executable,
          rentEpoch: change.rentEpoch,
          space: change.space,
        },
      },
    },
  });
}

/** What the `/rpc` websocket uses. */
export interface RpcSubscriptionsOptions {
  /** Absent (a BFF without a chain websocket): every subscription is refused. */
  readonly accountWatch: AccountWatch | undefined;
  readonly upstreamCalls: Counter;
}

/**
 * `GET /rpc` (websocket): account pushes in Solana's pubsub protocol, so the page's web3.js
 * `Connection` (its `wsEndpoint` at `/rpc`) gets `onAccountChange` for the wallet it shows: a
 * balance moved from outside the page (a transfer, the operator's `fund`) shows at once. Only
 * account subscriptions, confirmed, base64, a few per socket and per client address; the BFF
 * watches each account once upstream however many sockets watch it.
 */
export const rpcSubscriptionsRoute: FastifyPluginCallback<RpcSubscriptionsOptions> = (
  fastify,
  { accountWatch, upstreamCalls },
  done,
) => {
  // Each open socket, with what stops its watches.
  const sockets = new Map<WebSocket, () => void>();
  const socketsPerAddress = new Map<string, number>();
  let watches = 0;
  let closing = false;

  // The watches stop first, while the chain connection is still open (it closes on the app's
  // onClose), as the presale watches do; then each socket is told we are going away.
  fastify.addHook('preClose', (done) => {
    closing = true;
    for (const [socket, stopWatches] of sockets) {
      stopWatches();
      socket.close(1001, 'server shutting down');
    }
    done();
  });

  const attach = (socket: WebSocket, clientAddress: string) => {
    const open = socketsPerAddress.get(clientAddress) ?? 0;
    if (open >= MAX_SOCKETS_PER_ADDRESS) {
      socket.close(1013, 'too many sockets from this address');
      return;
    }
    socketsPerAddress.set(clientAddress, open + 1);
    const stops = new Map<number, () => void>();
    const stopWatches = () => {
      for (const stop of stops.values()) stop();
      watches -= stops.size;
      stops.clear();
    };
    sockets.set(socket, stopWatches);
    let nextSubscription = 0;
    const send = (message: object | string) => {
      if (socket.readyState !== socket.OPEN) return;
      socket.send(typeof message === 'string' ? message : JSON.stringify(message));
    };
    const answer = (id: JsonRpcId, result: unknown) => send({ jsonrpc: '2.0', id, result });
    const fail = (id: JsonRpcId, code: number, message: string) =>
      send({ jsonrpc: '2.0', id, error: { code, message } });

    socket.on('message', (data: Buffer | ArrayBuffer | Buffer[], isBinary: boolean) => {
      const text = isBinary ? '' : Buffer.isBuffer(data) ? data.toString('utf8') : '';
      const call = readPubsubCall(text);
      if (call.kind === 'notification') return;
      if (call.kind === 'refused') return fail(call.id, call.code, call.message);
      if (call.kind === 'unsubscribe') {
        const stop = stops.get(call.subscription);
        if (stop !== undefined) {
          stop();
          stops.delete(call.subscription);
          watches--;
        }
        return answer(call.id, stop !== undefined);
      }
      if (accountWatch === undefined || closing) {
        return fail(call.id, -32603, 'Account subscriptions are not available here');
      }
      if (stops.size >= MAX_WATCHES_PER_SOCKET || watches >= MAX_WATCHES_PER_INSTANCE) {
        return fail(call.id, -32005, 'Too many account subscriptions');
      }
      const subscription = nextSubscription++;
      upstreamCalls.inc({ upstream: 'rpc-pubsub', operation: 'accountSubscribe' });
      const stop = accountWatch.watchAccount(call.address, (change) => {
        if (change.data.length <= MAX_PUSHED_ACCOUNT_BYTES) {
          send(accountNotification(subscription, change));
        }
      });
      stops.set(subscription, stop);
      watches++;
      return answer(call.id, subscription);
    });

    socket.on('close', () => {
      stopWatches();
      sockets.delete(socket);
      const left = (socketsPerAddress.get(clientAddress) ?? 1) - 1;
      if (left > 0) socketsPerAddress.set(clientAddress, left);
      else socketsPerAddress.delete(clientAddress);
    });
  };

  fastify.get(
    '/rpc',
    {
      websocket: true,
      schema: {
        tags: ['rpc'],
        summary:
          'Websocket: Solana pubsub accountSubscribe / accountUnsubscribe (confirmed, base64) only; accountNotification on each change',
      },
    },
    // @fastify/websocket's socket type comes from its own ws copy; the runtime object is a ws socket.
    (socket, request) => attach(socket as unknown as WebSocket, request.ip),
  );
  done();
};
