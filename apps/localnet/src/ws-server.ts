import type { AddressInfo } from 'node:net';
import bs58 from 'bs58';
import WebSocket, { WebSocketServer } from 'ws';
import { encodeAccount, mintDecimalsReader, parseEncoding } from './account-encoding';
import type { AccountEncoding } from './account-encoding';
import type { Chain, TransactionRecord } from './chain-types';
import { stringifyJson } from './json';
import { dispatch, parseBody } from './rpc-dispatch';
import type { MethodTable } from './rpc-dispatch';
import { parseFilters } from './rpc-account-methods';
import { invalidParams } from './rpc-error';

export interface PubsubServer {
  readonly port: number;
  /** Live subscriptions across all sockets (for tests and diagnostics). */
  subscriptionCount(): number;
  close(): Promise<void>;
}

type Subscription =
  | { kind: 'account'; id: number; socket: WebSocket; address: string; encoding: AccountEncoding }
  | { kind: 'signature'; id: number; socket: WebSocket; signature: string }
  | { kind: 'slot'; id: number; socket: WebSocket }
  | {
      kind: 'program';
      id: number;
      socket: WebSocket;
      program: string;
      encoding: AccountEncoding;
      filters: readonly ((data: Uint8Array) => boolean)[];
    };

const SYSTEM_PROGRAM = '11111111111111111111111111111111';

/** ws 7 hands text frames over as strings and binary frames as Buffers. */
function messageText(data: WebSocket.Data): string {
  if (typeof data === 'string') return data;
  if (Buffer.isBuffer(data)) return data.toString('utf8');
  if (Array.isArray(data)) return Buffer.concat(data).toString('utf8');
  return Buffer.from(data).toString('utf8');
}

function isBase58OfLength(value: unknown, length: number): value is string {
  if (typeof value !== 'string') return false;
  try {
    return bs58.decode(value).length === length;
  } catch {
    return false;
  }
}

/** Reads a call's configuration object at `index` (absent: empty). */
function config(params: unknown[], index: number): Record<string, unknown> {
  const value = params[index];
  if (value === undefined || value === null) return {};
  if (typeof value !== 'object' || Array.isArray(value))
    throw invalidParams(`parameter ${index + 1} must be a configuration object`);
  return value as Record<string, unknown>;
}

/**
 * The notifications sent to `subscriptions` when the chain lands a transaction (accounts it
 * wrote, program accounts among them, its signature) or moves a slot.
 */
function subscriptionNotices(chain: Chain, subscriptions: Map<number, Subscription>) {
  const decimalsOf = mintDecimalsReader(chain);

  const notify = (sub: Subscription, method: string, result: unknown) => {
    if (sub.socket.readyState !== WebSocket.OPEN) return;
    sub.socket.send(
      stringifyJson({ jsonrpc: '2.0', method, params: { result, subscription: sub.id } }),
    );
  };

  const accountValue = (addr: string, encoding: AccountEncoding) => {
    const account = chain.getAccount(addr) ?? {
      address: addr,
      lamports: 0n,
      owner: SYSTEM_PROGRAM,
      executable: false,
      data: new Uint8Array(0),
    };
    return encodeAccount(
      account,
      encoding === 'base58' && account.data.length > 128 ? 'base64' : encoding,
      null,
      decimalsOf,
    );
  };

  const notifySignature = (
    sub: Extract<Subscription, { kind: 'signature' }>,
    record: TransactionRecord,
  ) => {
    notify(sub, 'signatureNotification', {
      context: { slot: record.slot },
      value: { err: record.err },
    });
    subscriptions.delete(sub.id);
  };

  const onTransaction = (record: TransactionRecord) => {
    const written = new Set(
      record.decoded.accountKeys.filter((_key, i) => record.decoded.writable[i] === true),
    );
    for (const sub of [...subscriptions.values()]) {
      if (sub.kind === 'signature' && sub.signature === record.signature)
        notifySignature(sub, record);
      if (sub.kind === 'account' && written.has(sub.address)) {
        notify(sub, 'accountNotification', {
          context: { slot: record.slot },
          value: accountValue(sub.address, sub.encoding),
        });
      }
      if (sub.kind === 'program') notifyProgramAccounts(sub, written, record.slot);
    }
  };
  /** Each written account the program owns (after the transaction) that every filter passes. */
  const notifyProgramAccounts = (
    sub: Extract<Subscription, { kind: 'program' }>,
    written: ReadonlySet<string>,
    slot: number,
  ) => {
    for (const address of written) {
      const account = chain.getAccount(address);
      if (account?.owner !== sub.program) continue;
      if (!sub.filters.every((filter) => filter(account.data))) continue;
      notify(sub, 'programNotification', {
        context: { slot },
        value: { pubkey: address, account: accountValue(address, sub.encoding) },
      });
    }
  };
  const onSlot = (slot: number) => {
    for (const sub of subscriptions.values()) {
      if (sub.kind === 'slot')
        notify(sub, 'slotNotification', { parent: slot - 1, root: Math.max(0, slot - 32), slot });
    }
  };
  return { notifySignature, onTransaction, onSlot };
}

/**
 * The live subscriptions of every socket: the subscribe/unsubscribe methods a socket may call,
 * and the notifications sent when the chain lands a transaction or moves a slot.
 */
function subscriptionRegistry(chain: Chain) {
  const subscriptions = new Map<number, Subscription>();
  let nextId = 0;
  const { notifySignature, onTransaction, onSlot } = subscriptionNotices(chain, subscriptions);

  const unsubscribe = (kind: Subscription['kind'], socket: WebSocket) => (params: unknown[]) => {
    const id = params[0];
    const sub = typeof id === 'number' ? subscriptions.get(id) : undefined;
    if (sub === undefined || sub.kind !== kind || sub.socket !== socket)
      throw invalidParams('Invalid subscription id.');
    subscriptions.delete(sub.id);
    return true;
  };

  const methodsFor = (socket: WebSocket): MethodTable => ({
    accountSubscribe: (params) => {
      const addr = params[0];
      if (!isBase58OfLength(addr, 32))
        throw invalidParams('account address must be a base58 public key');
      const encoding = parseEncoding(config(params, 1).encoding, 'base58');
      const id = nextId++;
      subscriptions.set(id, { kind: 'account', id, socket, address: addr, encoding });
      return id;
    },
    signatureSubscribe: (params) => {
      const signature = params[0];
      if (!isBase58OfLength(signature, 64))
        throw invalidParams('signature must be a base58 transaction signature');
      const id = nextId++;
      const sub = { kind: 'signature' as const, id, socket, signature: signature };
      subscriptions.set(id, sub);
      const known = chain.getRecord(sub.signature);
      if (known !== undefined) setImmediate(() => notifySignature(sub, known));
      return id;
    },
    programSubscribe: (params) => {
      const program = params[0];
      if (!isBase58OfLength(program, 32))
        throw invalidParams('program id must be a base58 public key');
      const options = config(params, 1);
      const encoding = parseEncoding(options.encoding, 'base58');
      const filters = parseFilters(options.filters);
      const id = nextId++;
      subscriptions.set(id, { kind: 'program', id, socket, program, encoding, filters });
      return id;
    },
    slotSubscribe: () => {
      const id = nextId++;
      subscriptions.set(id, { kind: 'slot', id, socket });
      return id;
    },
    accountUnsubscribe: unsubscribe('account', socket),
    signatureUnsubscribe: unsubscribe('signature', socket),
    slotUnsubscribe: unsubscribe('slot', socket),
    programUnsubscribe: unsubscribe('program', socket),
  });

  const dropSocket = (socket: WebSocket) => {
    for (const sub of [...subscriptions.values()])
      if (sub.socket === socket) subscriptions.delete(sub.id);
  };
  return { subscriptions, onTransaction, onSlot, methodsFor, dropSocket };
}

/** Answers one socket's JSON-RPC calls with `methods`. */
function serveSocket(socket: WebSocket, methods: MethodTable, log: (line: string) => void): void {
  socket.on('message', (data) => {
    const parsed = parseBody(messageText(data));
    if (!parsed.ok) {
      socket.send(parsed.response);
      return;
    }
    // rpc-websockets sends id-less notifications (e.g. "ping"); they get no reply.
    const message = parsed.value as Record<string, unknown> | null;
    if (
      message !== null &&
      typeof message === 'object' &&
      !Array.isArray(message) &&
      message.id === undefined
    )
      return;
    void dispatch(parsed.value, methods, (error, method) =>
      log(`internal error in ${method}: ${String(error)}`),
    ).then((response) => {
      if (socket.readyState === WebSocket.OPEN) socket.send(stringifyJson(response));
    });
  });
  socket.on('error', () => undefined);
}

/**
 * Solana pubsub over websocket: accountSubscribe, programSubscribe (with getProgramAccounts'
 * filters), signatureSubscribe, slotSubscribe and their unsubscribes, with the notification shapes web3.js v1 expects.
 */
export async function startPubsubServer(
  host: string,
  port: number,
  chain: Chain,
  log: (line: string) => void,
): Promise<PubsubServer> {
  const { subscriptions, onTransaction, onSlot, methodsFor, dropSocket } =
    subscriptionRegistry(chain);
  chain.events.on('transaction', onTransaction);
  chain.events.on('slot', onSlot);

  const server = new WebSocketServer({ host, port, maxPayload: 1024 * 1024 });
  server.on('connection', (socket) => {
    serveSocket(socket, methodsFor(socket), log);
    socket.on('close', () => dropSocket(socket));
  });
  await new Promise<void>((resolve, reject) => {
    server.once('error', reject);
    server.once('listening', () => {
      server.off('error', reject);
      resolve();
    });
  });
  return {
    port: (server.address() as AddressInfo).port,
    subscriptionCount: () => subscriptions.size,
    close: () =>
      new Promise<void>((resolve) => {
        chain.events.off('transaction', onTransaction);
        chain.events.off('slot', onSlot);
        for (const client of server.clients) client.terminate();
        server.close(() => resolve());
      }),
  };
}
