import { describe, expect, it } from 'vitest';
import { createBatchedSender, SendWithStatusError } from './send-with-status';

/** A fetch that records the request and answers `body` with `status`. */
function answering(body: unknown, status = 200) {
  const requests: { url: string; body: unknown }[] = [];
  const fetchFn = (url: string, init: RequestInit) => {
    requests.push({ url, body: JSON.parse(init.body as string) as unknown });
    return Promise.resolve(
      new Response(JSON.stringify(body), {
        status,
        headers: { 'content-type': 'application/json' },
      }),
    );
  };
  return { fetchFn, requests };
}

const confirmed = { slot: 42, confirmations: 0, err: null, confirmationStatus: 'confirmed' };
const statuses = (value: unknown) => ({ context: { slot: 42 }, value: [value] });

describe('sending with the status in one round trip', () => {
  it('posts sendTransaction then getSignatureStatuses as one JSON-RPC batch and reads the status', async () => {
    const { fetchFn, requests } = answering([
      { jsonrpc: '2.0', id: 1, result: 'sig-1' },
      { jsonrpc: '2.0', id: 2, result: statuses(confirmed) },
    ]);
    const send = createBatchedSender('http://site.test/rpc', fetchFn);
    expect(await send(new Uint8Array([1, 2, 255]), 'sig-1')).toEqual(confirmed);
    expect(requests).toEqual([
      {
        url: 'http://site.test/rpc',
        body: [
          {
            jsonrpc: '2.0',
            id: 1,
            method: 'sendTransaction',
            params: ['AQL/', { encoding: 'base64', skipPreflight: true, maxRetries: 0 }],
          },
          { jsonrpc: '2.0', id: 2, method: 'getSignatureStatuses', params: [['sig-1']] },
        ],
      },
    ]);
  });

  it('answers null while the chain has not seen it, or when the status could not be read', async () => {
    for (const read of [
      { jsonrpc: '2.0', id: 2, result: statuses(null) },
      { jsonrpc: '2.0', id: 2, error: { code: -32005, message: 'Node is behind' } },
      { jsonrpc: '2.0', id: 2, result: statuses({ slot: 'x', confirmations: null, err: null }) },
    ]) {
      // Answers may come in any order; ids say which is which.
      const { fetchFn } = answering([read, { jsonrpc: '2.0', id: 1, result: 'sig-1' }]);
      expect(await createBatchedSender('/rpc', fetchFn)(new Uint8Array([1]), 'sig-1')).toBeNull();
    }
  });

  it('keeps a failed transaction’s error in the status', async () => {
    const err = { InstructionError: [2, { Custom: 6023 }] };
    const { fetchFn } = answering([
      { jsonrpc: '2.0', id: 1, result: 'sig-1' },
      { jsonrpc: '2.0', id: 2, result: statuses({ ...confirmed, err }) },
    ]);
    expect(await createBatchedSender('/rpc', fetchFn)(new Uint8Array([1]), 'sig-1')).toEqual({
      ...confirmed,
      err,
    });
  });

  it.each([
    [
      'the send is refused',
      [
        { jsonrpc: '2.0', id: 1, error: { code: -32602, message: 'invalid transaction' } },
        { jsonrpc: '2.0', id: 2, result: statuses(null) },
      ],
      200,
      'failed to send transaction: invalid transaction',
    ],
    [
      'another signature comes back',
      [
        { jsonrpc: '2.0', id: 1, result: 'sig-2' },
        { jsonrpc: '2.0', id: 2, result: statuses(null) },
      ],
      200,
      'failed to send transaction: the RPC answered another signature',
    ],
    [
      'the proxy refuses the request',
      { error: { code: 'RATE_LIMITED', message: 'RPC cost budget spent' } },
      429,
      'failed to send transaction: RPC cost budget spent',
    ],
    [
      'the answer is not the batch',
      { jsonrpc: '2.0', id: 1, result: 'sig-1' },
      200,
      'failed to send transaction: unexpected answer from the RPC',
    ],
  ])('throws when %s', async (_case, body, status, message) => {
    const { fetchFn } = answering(body, status);
    const sending = createBatchedSender('/rpc', fetchFn)(new Uint8Array([1]), 'sig-1');
    await expect(sending).rejects.toThrow(SendWithStatusError);
    await expect(sending).rejects.toThrow(message);
  });
});
