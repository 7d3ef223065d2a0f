import { createServer, type Server } from 'node:http';
import type { AddressInfo } from 'node:net';
import { afterAll, afterEach, beforeAll, describe, expect, it } from 'vitest';
import type { FastifyInstance } from 'fastify';
import { createTestWorld, startApp, TEST_SETTINGS } from './support/test-world';

let upstream: Server;
let upstreamUrl: string;
const received: unknown[] = [];
let upstreamStatus = 200;
let app: FastifyInstance | undefined;

beforeAll(async () => {
  upstream = createServer((req, res) => {
    let text = '';
    req.on('data', (chunk: Buffer) => (text += chunk.toString('utf8')));
    req.on('end', () => {
      const payload = JSON.parse(text) as
        { id: number; method: string } | { id: number; method: string }[];
      received.push(payload);
      const answer = (call: { id: number; method: string }) => ({
        jsonrpc: '2.0',
        id: call.id,
        result:
          call.method === 'getLatestBlockhash'
            ? { context: { slot: 9 }, value: { blockhash: 'abc', lastValidBlockHeight: 150 } }
            : 'ok',
      });
      res.writeHead(upstreamStatus, { 'content-type': 'application/json' });
      res.end(JSON.stringify(Array.isArray(payload) ? payload.map(answer) : answer(payload)));
    });
  });
  await new Promise<void>((resolve) => upstream.listen(0, '127.0.0.1', resolve));
  upstreamUrl = `http://127.0.0.1:${(upstream.address() as AddressInfo).port}/`;
});
afterAll(async () => {
  await new Promise((resolve) => upstream.close(resolve));
});
afterEach(async () => {
  await app?.close();
  app = undefined;
  received.length = 0;
  upstreamStatus = 200;
});

const rpc = (
  payload: string,
  headers: Record<string, string> = { 'content-type': 'application/json' },
) => app!.inject({ method: 'POST', url: '/rpc', headers, payload });

describe('POST /rpc', () => {
  it('forwards an allowed call and returns the upstream answer', async () => {
    app = await startApp(createTestWorld(), { rpcUpstreamUrl: upstreamUrl });
    const response = await rpc(
      JSON.stringify({
        jsonrpc: '2.0',
        id: 1,
        method: 'getLatestBlockhash',
        params: [{ commitment: 'confirmed' }],
      }),
    );
    expect(response.statusCode).toBe(200);
    expect(response.json()).toEqual({
      jsonrpc: '2.0',
      id: 1,
      result: { context: { slot: 9 }, value: { blockhash: 'abc', lastValidBlockHeight: 150 } },
    });
    expect(received).toEqual([
      {
        jsonrpc: '2.0',
        id: 1,
        method: 'getLatestBlockhash',
        params: [{ commitment: 'confirmed' }],
      },
    ]);
  });

  it('forwards a batch of allowed calls', async () => {
    app = await startApp(createTestWorld(), { rpcUpstreamUrl: upstreamUrl });
    const response = await rpc(
      JSON.stringify([
        { jsonrpc: '2.0', id: 1, method: 'getSignatureStatuses', params: [['x']] },
        { jsonrpc: '2.0', id: 2, method: 'sendTransaction', params: ['AQ=='] },
      ]),
    );
    expect(response.json()).toEqual([
      { jsonrpc: '2.0', id: 1, result: 'ok' },
      { jsonrpc: '2.0', id: 2, result: 'ok' },
    ]);
  });

  it.each([
    [
      'a method outside the allowlist',
      JSON.stringify({ jsonrpc: '2.0', id: 7, method: 'getProgramAccounts', params: [] }),
      {
        jsonrpc: '2.0',
        id: 7,
        error: {
          code: -32601,
          message: 'Method not allowed through this proxy: getProgramAccounts',
        },
      },
    ],
    [
      'malformed JSON',
      '{"jsonrpc":',
      {
        jsonrpc: '2.0',
        id: null,
        error: { code: -32700, message: 'Parse error: the body is not JSON' },
      },
    ],
    [
      'a non-JSON-RPC object',
      JSON.stringify({ hello: 'world' }),
      {
        jsonrpc: '2.0',
        id: null,
        error: { code: -32600, message: 'Invalid request: expected jsonrpc "2.0" and a method' },
      },
    ],
    [
      'an empty batch',
      '[]',
      {
        jsonrpc: '2.0',
        id: null,
        error: { code: -32600, message: 'Invalid request: a batch holds 1 to 10 calls' },
      },
    ],
    [
      'an oversized batch',
      JSON.stringify(
        Array.from({ length: 11 }, (_, id) => ({ jsonrpc: '2.0', id, method: 'getSlot' })),
      ),
      {
        jsonrpc: '2.0',
        id: null,
        error: { code: -32600, message: 'Invalid request: a batch holds 1 to 10 calls' },
      },
    ],
  ])('answers %s with a JSON-RPC error and forwards nothing', async (_name, payload, expected) => {
    app = await startApp(createTestWorld(), { rpcUpstreamUrl: upstreamUrl });
    const response = await rpc(payload);
    expect(response.json()).toEqual(expected);
    expect(received).toEqual([]);
  });

  /** A world whose deployment is on `cluster` instead of the local chain. */
  const worldOn = (cluster: 'devnet' | 'testnet' | 'mainnet-beta') => {
    const world = createTestWorld();
    return { world, deployment: { ...world.deployment, cluster } };
  };

  it('refuses a whole batch when one call is not allowed', async () => {
    const { world, deployment } = worldOn('devnet');
    app = await startApp(world, { rpcUpstreamUrl: upstreamUrl, deployment });
    const response = await rpc(
      JSON.stringify([
        { jsonrpc: '2.0', id: 1, method: 'getSlot' },
        { jsonrpc: '2.0', id: 2, method: 'requestAirdrop', params: [] },
      ]),
    );
    expect(response.json<{ error: { code: number } }[]>().map((entry) => entry.error.code)).toEqual(
      [-32600, -32601],
    );
    expect(received).toEqual([]);
  });

  it('forwards the faucet (requestAirdrop) on a local chain', async () => {
    app = await startApp(createTestWorld(), { rpcUpstreamUrl: upstreamUrl });
    const call = {
      jsonrpc: '2.0',
      id: 4,
      method: 'requestAirdrop',
      params: ['11111111111111111111111111111111', 10_000_000_000],
    };
    const response = await rpc(JSON.stringify(call));
    expect(response.json()).toEqual({ jsonrpc: '2.0', id: 4, result: 'ok' });
    expect(received).toEqual([call]);
  });

  it.each(['devnet', 'testnet', 'mainnet-beta'] as const)(
    'refuses the faucet (requestAirdrop) on %s and forwards nothing',
    async (cluster) => {
      const { world, deployment } = worldOn(cluster);
      app = await startApp(world, { rpcUpstreamUrl: upstreamUrl, deployment });
      const response = await rpc(
        JSON.stringify({
          jsonrpc: '2.0',
          id: 5,
          method: 'requestAirdrop',
          params: ['11111111111111111111111111111111', 10_000_000_000],
        }),
      );
      expect(response.json()).toEqual({
        jsonrpc: '2.0',
        id: 5,
        error: { code: -32601, message: 'Method not allowed through this proxy: requestAirdrop' },
      });
      expect(received).toEqual([]);
    },
  );

  it('answers 502 with a JSON-RPC error when the upstream is down or failing', async () => {
    app = await startApp(createTestWorld(), { rpcUpstreamUrl: 'http://127.0.0.1:1/' });
    const down = await rpc(JSON.stringify({ jsonrpc: '2.0', id: 3, method: 'getSlot' }));
    expect(down.statusCode).toBe(502);
    expect(down.json()).toEqual({
      jsonrpc: '2.0',
      id: 3,
      error: { code: -32000, message: 'Upstream RPC unavailable; retry shortly' },
    });
    await app.close();
    upstreamStatus = 500;
    app = await startApp(createTestWorld(), { rpcUpstreamUrl: upstreamUrl });
    const failing = await rpc(JSON.stringify({ jsonrpc: '2.0', id: 4, method: 'getSlot' }));
    expect(failing.statusCode).toBe(502);
    expect(failing.json()).toMatchObject({
      id: 4,
      error: { code: -32000, message: 'Upstream RPC answered HTTP 500' },
    });
  });

  it('counts each forwarded call, and each one the upstream failed, by method', async () => {
    app = await startApp(createTestWorld(), { rpcUpstreamUrl: upstreamUrl });
    const batch = JSON.stringify([
      { jsonrpc: '2.0', id: 1, method: 'getSlot' },
      { jsonrpc: '2.0', id: 2, method: 'getLatestBlockhash' },
    ]);
    expect((await rpc(batch)).statusCode).toBe(200);
    upstreamStatus = 503;
    expect(
      (await rpc(JSON.stringify({ jsonrpc: '2.0', id: 3, method: 'getSlot' }))).statusCode,
    ).toBe(502);
    const text = await app.metrics.render();
    const count = (name: string, method: string) =>
      new RegExp(
        `^${name}\\{upstream="rpc-proxy",operation="${method}",[^}]*\\} (\\d+)$`,
        'm',
      ).exec(text)?.[1];
    expect(count('fbt_upstream_calls_total', 'getSlot')).toBe('2');
    expect(count('fbt_upstream_calls_total', 'getLatestBlockhash')).toBe('1');
    expect(count('fbt_upstream_failures_total', 'getSlot')).toBe('1');
    expect(count('fbt_upstream_failures_total', 'getLatestBlockhash')).toBeUndefined();
  });

  it('limits body size and request rate', async () => {
    app = await startApp(createTestWorld(), {
      rpcUpstreamUrl: upstreamUrl,
      settings: { ...TEST_SETTINGS, rpcRateLimitMax: 2 },
    });
    const big = await rpc(
      JSON.stringify({
        jsonrpc: '2.0',
        id: 1,
        method: 'sendTransaction',
        params: ['A'.repeat(70_000)],
      }),
    );
    expect(big.statusCode).toBe(413);
    await rpc(JSON.stringify({ jsonrpc: '2.0', id: 1, method: 'getSlot' }));
    const limited = await rpc(JSON.stringify({ jsonrpc: '2.0', id: 1, method: 'getSlot' }));
    expect(limited.statusCode).toBe(429);
  });
});
