import { PublicKey } from '@solana/web3.js';
import { afterEach, describe, expect, it } from 'vitest';
import { startLoopbackServer, sendJson, type LoopbackServer } from '../src/loopback-server';
import { isConnectionReset, retryOnConnectionReset } from '../src/reset-retrying-fetch';
import { createSolanaConnection, createSolanaPresaleStateReader } from '../src/solana-chain';
import { freeLoopbackPort } from './support/index';

let server: LoopbackServer | undefined;
afterEach(async () => {
  await server?.close();
  server = undefined;
});

/**
 * A server that resets the connection of the first `resets` requests (TCP RST, no answer) and
 * then answers `answer` (a function of the JSON-RPC request id).
 */
async function resettingServer(
  resets: number,
  answer: (id: unknown) => unknown = () => ({ ok: true }),
) {
  let seen = 0;
  server = await startLoopbackServer((request, response) => {
    seen++;
    if (seen <= resets) response.socket?.resetAndDestroy();
    else sendJson(response, 200, answer((JSON.parse(request.body) as { id?: unknown }).id));
  });
  return server;
}

/** globalThis.fetch, counting its calls. */
function countingFetch() {
  const calls = { count: 0 };
  const fetchFn: typeof fetch = (input, init) => {
    calls.count++;
    return fetch(input, init);
  };
  return { calls, fetchFn };
}

const post = (url: string, fetchFn: typeof fetch) =>
  fetchFn(url, { method: 'POST', body: '{"jsonrpc":"2.0","id":1,"method":"getSlot"}' });

describe('retryOnConnectionReset', () => {
  it('sends a request again, with the same body, when its connection was reset unanswered', async () => {
    const loopback = await resettingServer(2);
    const { calls, fetchFn } = countingFetch();
    const response = await post(loopback.url, retryOnConnectionReset(fetchFn));
    expect(response.status).toBe(200);
    expect(await response.json()).toEqual({ ok: true });
    expect(calls.count).toBe(3);
    expect(new Set(loopback.requests.map((request) => request.body))).toEqual(
      new Set(['{"jsonrpc":"2.0","id":1,"method":"getSlot"}']),
    );
  });

  it('gives up after `retries` more attempts with the reset itself', async () => {
    const loopback = await resettingServer(10);
    const { calls, fetchFn } = countingFetch();
    const failure = await post(loopback.url, retryOnConnectionReset(fetchFn, 2)).catch(
      (error: unknown) => error,
    );
    expect(isConnectionReset(failure)).toBe(true);
    expect(calls.count).toBe(3);
    expect(loopback.requests).toHaveLength(3);
  });

  it('passes other failures and every answer through untouched, once', async () => {
    const refused = countingFetch();
    const port = await freeLoopbackPort();
    const failure = await post(`http://127.0.0.1:${port}`, retryOnConnectionReset(refused.fetchFn))
      .then(() => null)
      .catch((error: unknown) => error);
    expect(failure).toBeInstanceOf(TypeError);
    expect(isConnectionReset(failure)).toBe(false);
    expect(refused.calls.count).toBe(1);

    server = await startLoopbackServer((_request, response) => sendJson(response, 500, {}));
    const answered = countingFetch();
    const response = await post(server.url, retryOnConnectionReset(answered.fetchFn));
    expect(response.status).toBe(500);
    expect(answered.calls.count).toBe(1);
  });

  it('the Solana connection reads through a reset instead of failing', async () => {
    const data = Buffer.alloc(106).toString('base64');
    const loopback = await resettingServer(1, (id) => ({
      jsonrpc: '2.0',
      id,
      result: {
        context: { slot: 77 },
        value: {
          data: [data, 'base64'],
          executable: false,
          lamports: 1,
          owner: PublicKey.default.toBase58(),
          rentEpoch: 0,
          space: 106,
        },
      },
    }));
    const reader = createSolanaPresaleStateReader({
      connection: createSolanaConnection({ rpcUrl: loopback.url, wsUrl: 'ws://127.0.0.1:9' }),
    });
    const snapshot = await reader.readPresaleState(PublicKey.default.toBase58());
    expect(snapshot?.slot).toBe(77);
    expect(loopback.requests).toHaveLength(2);
    expect(loopback.requests[1]?.body).toContain('getAccountInfo');
  });
});
