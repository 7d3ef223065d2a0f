import { createServer, type Server } from 'node:http';
import type { AddressInfo } from 'node:net';
import type { FastifyInstance } from 'fastify';
import { afterAll, afterEach, beforeAll, describe, expect, it } from 'vitest';
import { createTestWorld, startApp, TEST_SETTINGS } from './support/test-world';

let upstream: Server;
let upstreamUrl: string;
let forwarded = 0;
let app: FastifyInstance | undefined;

beforeAll(async () => {
  upstream = createServer((req, res) => {
    req.resume();
    req.on('end', () => {
      forwarded++;
      res.writeHead(200, { 'content-type': 'application/json' });
      res.end(JSON.stringify({ jsonrpc: '2.0', id: 1, result: { value: [] } }));
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
  forwarded = 0;
});

const rpc = (payload: unknown) =>
  app!.inject({
    method: 'POST',
    url: '/rpc',
    headers: { 'content-type': 'application/json' },
    payload: typeof payload === 'string' ? payload : JSON.stringify(payload),
  });

const keys = (n: number) => Array.from({ length: n }, (_, i) => `Key${i}`);
const multiple = (id: number, n: number) => ({
  jsonrpc: '2.0',
  id,
  method: 'getMultipleAccounts',
  params: [keys(n)],
});

describe('/rpc refuses abusive input and spends a cost budget', () => {
  it('params nested thousands deep get -32602 (HTTP 200, JSON-RPC in-band), never a 5xx', async () => {
    app = await startApp(createTestWorld(), { rpcUpstreamUrl: upstreamUrl });
    const deep = `{"jsonrpc":"2.0","id":7,"method":"getBalance","params":${'['.repeat(5_000)}${']'.repeat(5_000)}}`;
    const response = await rpc(deep);
    expect(response.statusCode).toBe(200);
    expect(response.json()).toEqual({
      jsonrpc: '2.0',
      id: 7,
      error: { code: -32602, message: 'Invalid params: nested deeper than 32 levels' },
    });
    const wide = await rpc({ jsonrpc: '2.0', id: 8, method: 'getBalance', params: keys(3_000) });
    expect(wide.json()).toMatchObject({ id: 8, error: { code: -32602 } });
    const tooMany = await rpc(multiple(9, 101));
    expect(tooMany.json()).toMatchObject({
      id: 9,
      error: { code: -32602, message: expect.stringContaining('at most 100 keys') as string },
    });
    // Nesting at the limit is still forwarded.
    const ok = await rpc(
      `{"jsonrpc":"2.0","id":1,"method":"getBalance","params":${'['.repeat(31)}${']'.repeat(31)}}`,
    );
    expect(ok.statusCode).toBe(200);
    expect(forwarded).toBe(1);
  });

  it('rate-limits by accounts read, not by calls: 429 with the contract body and Retry-After', async () => {
    app = await startApp(createTestWorld(), {
      rpcUpstreamUrl: upstreamUrl,
      settings: { ...TEST_SETTINGS, rpcCostBudgetPerMinute: 1_000 },
    });
    // 10 calls x 100 keys = 1,000 account reads: the whole budget in one request.
    const batch = Array.from({ length: 10 }, (_, i) => multiple(i, 100));
    expect((await rpc(batch)).statusCode).toBe(200);
    const over = await rpc(multiple(11, 1));
    expect(over.statusCode).toBe(429);
    expect(Number(over.headers['retry-after'])).toBeGreaterThan(0);
    expect(Number(over.headers['retry-after'])).toBeLessThanOrEqual(60);
    expect(over.json()).toEqual({
      error: {
        code: 'RATE_LIMITED',
        message: expect.stringContaining('RPC cost budget spent (1000 units a minute') as string,
      },
    });
    expect(forwarded).toBe(1);
  });

  it('cheap calls are counted one each, simulations ten', async () => {
    app = await startApp(createTestWorld(), {
      rpcUpstreamUrl: upstreamUrl,
      settings: { ...TEST_SETTINGS, rpcCostBudgetPerMinute: 25 },
    });
    for (let i = 0; i < 2; i++) {
      const simulate = { jsonrpc: '2.0', id: i, method: 'simulateTransaction', params: ['AA=='] };
      expect((await rpc(simulate)).statusCode).toBe(200);
    }
    for (let i = 0; i < 5; i++) {
      const slot = { jsonrpc: '2.0', id: i, method: 'getSlot' };
      expect((await rpc(slot)).statusCode).toBe(200);
    }
    expect((await rpc({ jsonrpc: '2.0', id: 1, method: 'getSlot' })).statusCode).toBe(429);
  });
});
