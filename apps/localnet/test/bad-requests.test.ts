import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { rawRpc, startTestChain, stopTestChain } from './support/helpers';
import type { TestChain } from './support/helpers';

let t: TestChain;
beforeAll(async () => {
  t = await startTestChain();
});
afterAll(async () => {
  await stopTestChain(t);
});

const SOME_KEY = '11111111111111111111111111111111';

describe('bad requests get JSON-RPC error objects, never a crash', () => {
  const cases: { name: string; body: string; code: number; message?: RegExp }[] = [
    { name: 'malformed JSON', body: '{"jsonrpc":"2.0",', code: -32700, message: /Parse error/ },
    { name: 'a request that is not an object', body: '42', code: -32600 },
    { name: 'an empty batch', body: '[]', code: -32600 },
    { name: 'a missing method', body: '{"jsonrpc":"2.0","id":1}', code: -32600 },
    {
      name: 'a wrong jsonrpc version',
      body: '{"jsonrpc":"1.0","id":1,"method":"getSlot"}',
      code: -32600,
    },
    {
      name: 'an unknown method',
      body: '{"jsonrpc":"2.0","id":1,"method":"getFoo"}',
      code: -32601,
      message: /Method not found/,
    },
    {
      name: 'an inherited property name as method',
      body: '{"jsonrpc":"2.0","id":1,"method":"constructor"}',
      code: -32601,
    },
    {
      name: 'params that are not an array',
      body: '{"jsonrpc":"2.0","id":1,"method":"getBalance","params":{"a":1}}',
      code: -32602,
    },
    {
      name: 'a missing address',
      body: '{"jsonrpc":"2.0","id":1,"method":"getBalance","params":[]}',
      code: -32602,
      message: /account address/,
    },
    {
      name: 'an address that is not base58',
      body: '{"jsonrpc":"2.0","id":1,"method":"getAccountInfo","params":["0OIl"]}',
      code: -32602,
      message: /not valid base58/,
    },
    {
      name: 'an address of the wrong length',
      body: '{"jsonrpc":"2.0","id":1,"method":"getBalance","params":["abc"]}',
      code: -32602,
      message: /32 bytes/,
    },
    {
      name: 'an unknown encoding',
      body: `{"jsonrpc":"2.0","id":1,"method":"getAccountInfo","params":["${SOME_KEY}",{"encoding":"hex"}]}`,
      code: -32602,
    },
    {
      name: 'a transaction that is not base64',
      body: '{"jsonrpc":"2.0","id":1,"method":"sendTransaction","params":["***",{"encoding":"base64"}]}',
      code: -32602,
    },
    {
      name: 'a transaction that does not deserialize',
      body: '{"jsonrpc":"2.0","id":1,"method":"sendTransaction","params":["AAAA",{"encoding":"base64"}]}',
      code: -32602,
      message: /deserialize/,
    },
    {
      name: 'a negative airdrop',
      body: `{"jsonrpc":"2.0","id":1,"method":"requestAirdrop","params":["${SOME_KEY}",-5]}`,
      code: -32602,
    },
    {
      name: 'a bad signature in getSignatureStatuses',
      body: '{"jsonrpc":"2.0","id":1,"method":"getSignatureStatuses","params":[["xyz"]]}',
      code: -32602,
    },
    {
      name: 'a rent query for a negative size',
      body: '{"jsonrpc":"2.0","id":1,"method":"getMinimumBalanceForRentExemption","params":[-1]}',
      code: -32602,
    },
    {
      name: 'a getTokenAccountsByOwner without filter',
      body: `{"jsonrpc":"2.0","id":1,"method":"getTokenAccountsByOwner","params":["${SOME_KEY}"]}`,
      code: -32602,
    },
  ];

  it.each(cases)('answers $name with $code', async ({ body, code, message }) => {
    const { status, json } = await rawRpc(t.localnet.rpcUrl, body);
    expect(status).toBe(200);
    const error = (json as { error?: { code: number; message: string } }).error;
    expect(error?.code).toBe(code);
    if (message !== undefined) expect(error?.message).toMatch(message);
  });

  it('answers a batch with one response per request, in order', async () => {
    const { json } = await rawRpc(
      t.localnet.rpcUrl,
      JSON.stringify([
        { jsonrpc: '2.0', id: 1, method: 'getSlot' },
        { jsonrpc: '2.0', id: 2, method: 'nope' },
        { jsonrpc: '2.0', id: 3, method: 'getHealth' },
      ]),
    );
    const replies = json as { id: number; result?: unknown; error?: { code: number } }[];
    expect(replies.map((r) => r.id)).toEqual([1, 2, 3]);
    expect(typeof replies[0]?.result).toBe('number');
    expect(replies[1]?.error?.code).toBe(-32601);
    expect(replies[2]?.result).toBe('ok');
  });

  it('still serves normal requests after all of the above', async () => {
    const { json } = await rawRpc(
      t.localnet.rpcUrl,
      '{"jsonrpc":"2.0","id":9,"method":"getHealth"}',
    );
    expect(json).toEqual({ jsonrpc: '2.0', result: 'ok', id: 9 });
  });

  it('rejects non-POST methods and oversized bodies with HTTP errors', async () => {
    const get = await fetch(t.localnet.rpcUrl, { method: 'PUT' });
    expect(get.status).toBe(405);
    const big = await fetch(t.localnet.rpcUrl, {
      method: 'POST',
      body: 'x'.repeat(3 * 1024 * 1024),
    }).catch(() => null);
    expect(big === null || big.status === 413).toBe(true);
  });
});
