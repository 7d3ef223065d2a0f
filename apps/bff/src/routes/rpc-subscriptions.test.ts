import { describe, expect, it } from 'vitest';
import { accountNotification, readPubsubCall } from './rpc-subscriptions';

const WALLET = '9xQeWvG816bUx9EPjHmaT23yvVM2ZWbrrpZb9PusVFin';
const call = (method: string, params: unknown, id: unknown = 1) =>
  JSON.stringify({ jsonrpc: '2.0', id, method, params });

describe('reading a pubsub message', () => {
  it('takes an account subscription as web3.js sends it, options or none', () => {
    expect(
      readPubsubCall(
        call('accountSubscribe', [WALLET, { commitment: 'confirmed', encoding: 'base64' }]),
      ),
    ).toEqual({ kind: 'subscribe', id: 1, address: WALLET });
    expect(readPubsubCall(call('accountSubscribe', [WALLET], 'a'))).toEqual({
      kind: 'subscribe',
      id: 'a',
      address: WALLET,
    });
  });

  it("answers no notification (a message without an id), such as web3.js's ping", () => {
    expect(
      readPubsubCall(JSON.stringify({ jsonrpc: '2.0', method: 'ping', params: null })),
    ).toEqual({
      kind: 'notification',
    });
  });

  it('takes an unsubscription by id', () => {
    expect(readPubsubCall(call('accountUnsubscribe', [3], 7))).toEqual({
      kind: 'unsubscribe',
      id: 7,
      subscription: 3,
    });
  });

  it.each([
    ['not JSON', '{', null, -32700, 'Parse error: not JSON'],
    [
      'a batch',
      JSON.stringify([{}]),
      null,
      -32600,
      'Invalid request: expected one JSON-RPC 2.0 object',
    ],
    [
      'no jsonrpc',
      JSON.stringify({ id: 4, method: 'accountSubscribe', params: [WALLET] }),
      4,
      -32600,
      'Invalid request: expected jsonrpc "2.0" and a method',
    ],
    [
      'another method',
      call('signatureSubscribe', ['x'], 5),
      5,
      -32601,
      'Method not allowed on this websocket: signatureSubscribe (only accountSubscribe, accountUnsubscribe)',
    ],
    [
      'program subscriptions',
      call('programSubscribe', [WALLET], 6),
      6,
      -32601,
      'Method not allowed on this websocket: programSubscribe (only accountSubscribe, accountUnsubscribe)',
    ],
    [
      'no address',
      call('accountSubscribe', []),
      1,
      -32602,
      'Invalid params: expected [address, options?]',
    ],
    [
      'a bad address',
      call('accountSubscribe', ['0OIl']),
      1,
      -32602,
      'Invalid params: the address is not a base58 public key',
    ],
    [
      'another commitment',
      call('accountSubscribe', [WALLET, { commitment: 'processed' }]),
      1,
      -32602,
      'Invalid params: only the confirmed commitment is served',
    ],
    [
      'another encoding',
      call('accountSubscribe', [WALLET, { encoding: 'jsonParsed' }]),
      1,
      -32602,
      'Invalid params: only the base64 encoding is served',
    ],
    [
      'an unknown option',
      call('accountSubscribe', [WALLET, { dataSlice: { offset: 0, length: 1 } }]),
      1,
      -32602,
      'Invalid params: unknown option dataSlice',
    ],
    [
      'an unsubscription without an id',
      call('accountUnsubscribe', ['x']),
      1,
      -32602,
      'Invalid params: expected [subscription id]',
    ],
  ])('refuses %s', (_what, text, id, code, message) => {
    expect(readPubsubCall(text)).toEqual({ kind: 'refused', id, code, message });
  });
});

describe('the notification of a change', () => {
  it('is what Solana pubsub sends: context slot, the account with base64 data', () => {
    const text = accountNotification(2, {
      slot: 77,
      lamports: 10_000_000_000,
      owner: '11111111111111111111111111111111',
      data: Uint8Array.from([1, 2, 3]),
      executable: false,
      rentEpoch: 0,
      space: 3,
    });
    expect(JSON.parse(text)).toEqual({
      jsonrpc: '2.0',
      method: 'accountNotification',
      params: {
        subscription: 2,
        result: {
          context: { slot: 77 },
          value: {
            lamports: 10_000_000_000,
            owner: '11111111111111111111111111111111',
            data: ['AQID', 'base64'],
            executable: false,
            rentEpoch: 0,
            space: 3,
          },
        },
      },
    });
  });
});
