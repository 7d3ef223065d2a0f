import type { ServerResponse } from 'node:http';
import { afterEach, describe, expect, it } from 'vitest';
import { PYTH_SOL_USD_FEED_ID } from '@fbt/domain';
import { isAdapterError } from './adapter-error';
import { createPythHermesPriceSource } from './pyth-hermes-price-source';
import { sendJson, startLoopbackServer, type LoopbackServer } from './loopback-server';

const NOW_S = 1_790_000_000;
const clock = { now: () => NOW_S * 1000 };
const noSleep = () => Promise.resolve();
const servers: LoopbackServer[] = [];

/** Exactly what Hermes answers (ids without 0x, big numbers as strings). */
function hermesAnswer(overrides: { price?: string; conf?: string; publishTime?: number } = {}) {
  const price = {
    price: overrides.price ?? '14237512345',
    conf: overrides.conf ?? '7512345',
    expo: -8,
    publish_time: overrides.publishTime ?? NOW_S - 2,
  };
  return {
    binary: { encoding: 'hex', data: ['504e4155010000000001'] },
    parsed: [
      {
        id: PYTH_SOL_USD_FEED_ID.slice(2),
        price,
        ema_price: { ...price, price: '14200000000' },
        metadata: { slot: 123, proof_available_time: NOW_S, prev_publish_time: NOW_S - 3 },
      },
    ],
  };
}

async function serve(...answers: ((res: ServerResponse) => void)[]) {
  let call = 0;
  const server = await startLoopbackServer((_req, res) => {
    const answer = answers[Math.min(call++, answers.length - 1)];
    answer?.(res);
  });
  servers.push(server);
  return server;
}

function source(server: LoopbackServer, extra: { apiKey?: string; timeoutMs?: number } = {}) {
  return createPythHermesPriceSource({
    endpoint: `${server.url}/`,
    clock,
    sleep: noSleep,
    ...extra,
  });
}

afterEach(async () => {
  await Promise.all(servers.splice(0).map((server) => server.close()));
});

describe('pyth hermes price source', () => {
  it('reads the SOL/USD feed from /v2/updates/price/latest and sends the API key', async () => {
    const server = await serve((res) => sendJson(res, 200, hermesAnswer()));
    const quote = await source(server, { apiKey: 'secret-key' }).getSolUsd();
    expect(quote).toEqual({
      price: 14_237_512_345n,
      conf: 7_512_345n,
      expo: -8,
      publishTime: NOW_S - 2,
    });
    const request = server.requests[0];
    expect(request?.url).toBe(`/v2/updates/price/latest?ids[]=${PYTH_SOL_USD_FEED_ID}&parsed=true`);
    expect(request?.headers['x-api-key']).toBe('secret-key');
  });

  it('retries 429 and 500 with backoff, then succeeds', async () => {
    const server = await serve(
      (res) => sendJson(res, 429, { message: 'rate limited' }),
      (res) => sendJson(res, 500, { message: 'boom' }),
      (res) => sendJson(res, 200, hermesAnswer()),
    );
    const waits: number[] = [];
    const priced = createPythHermesPriceSource({
      endpoint: server.url,
      clock,
      backoffMs: 100,
      sleep: (ms) => {
        waits.push(ms);
        return Promise.resolve();
      },
    });
    await expect(priced.getSolUsd()).resolves.toMatchObject({ price: 14_237_512_345n });
    expect(waits).toEqual([100, 200]);
    expect(server.requests).toHaveLength(3);
  });

  it('gives up after 3 retries with the last HTTP status', async () => {
    const server = await serve((res) => sendJson(res, 500, {}));
    await expect(source(server).getSolUsd()).rejects.toSatisfy(
      (error) => isAdapterError(error, 'UPSTREAM__HTTP_STATUS') && error.context.status === 500,
    );
    expect(server.requests).toHaveLength(4);
  });

  it('does not retry a 400', async () => {
    const server = await serve((res) => sendJson(res, 400, { message: 'bad id' }));
    await expect(source(server).getSolUsd()).rejects.toSatisfy((error) =>
      isAdapterError(error, 'UPSTREAM__HTTP_STATUS'),
    );
    expect(server.requests).toHaveLength(1);
  });

  it('times out a silent server', async () => {
    const server = await serve(() => undefined);
    await expect(source(server, { timeoutMs: 50 }).getSolUsd()).rejects.toSatisfy((error) =>
      isAdapterError(error, 'UPSTREAM__TIMEOUT'),
    );
    expect(server.requests).toHaveLength(4);
  });

  it.each([
    ['not JSON', (res: ServerResponse) => res.end('<html>oops</html>'), 'UPSTREAM__BAD_RESPONSE'],
    [
      'a wrong shape',
      (res: ServerResponse) => sendJson(res, 200, { parsed: 'x' }),
      'UPSTREAM__BAD_RESPONSE',
    ],
    [
      'another feed only',
      (res: ServerResponse) =>
        sendJson(res, 200, {
          ...hermesAnswer(),
          parsed: [{ ...hermesAnswer().parsed[0], id: 'ab'.repeat(32) }],
        }),
      'PRICE__FEED_MISSING',
    ],
  ] as const)('rejects %s', async (_name, answer, code) => {
    const server = await serve(answer);
    await expect(source(server).getSolUsd()).rejects.toSatisfy((error) =>
      isAdapterError(error, code),
    );
  });

  it.each([
    ['stale (older than 60 s)', { publishTime: NOW_S - 61 }, 'STALE'],
    ['low confidence (> 2%)', { conf: '300000000' }, 'LOW_CONFIDENCE'],
    ['non-positive', { price: '0' }, 'NON_POSITIVE'],
  ] as const)('rejects a %s quote', async (_name, overrides, problem) => {
    const server = await serve((res) => sendJson(res, 200, hermesAnswer(overrides)));
    await expect(source(server).getSolUsd()).rejects.toSatisfy(
      (error) => isAdapterError(error, 'PRICE__REJECTED') && error.context.problem === problem,
    );
  });

  it('reports a closed port as a network error', async () => {
    const server = await serve((res) => sendJson(res, 200, hermesAnswer()));
    const url = server.url;
    await server.close();
    servers.length = 0;
    const priced = createPythHermesPriceSource({
      endpoint: url,
      clock,
      sleep: noSleep,
      retries: 1,
    });
    await expect(priced.getSolUsd()).rejects.toSatisfy((error) =>
      isAdapterError(error, 'UPSTREAM__NETWORK'),
    );
  });
});
