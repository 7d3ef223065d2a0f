import type { ServerResponse } from 'node:http';
import { afterEach, describe, expect, it } from 'vitest';
import { PYTH_SOL_USD_FEED_ID } from '@fbt/domain';
import { isAdapterError } from '../src/adapter-error';
import {
  HERMES_TEST_KEY,
  hermesUpdate,
  startFakeHermes,
  type FakeHermes,
} from './support/hermes-loopback';
import { sendJson } from '../src/loopback-server';
import {
  createPythHermesPriceSource,
  type PythHermesPriceSourceOptions,
} from '../src/pyth-hermes-price-source';

const NOW_S = 1_790_000_000;
let nowMs = NOW_S * 1000;
const clock = { now: () => nowMs };
const noSleep = () => Promise.resolve();
const servers: FakeHermes[] = [];

/** A fake Hermes answering the latest endpoint with `answers` in turn (the last one repeats). */
async function serve(...answers: ((res: ServerResponse) => void)[]): Promise<FakeHermes> {
  let call = 0;
  const server = await startFakeHermes((res) => {
    answers[Math.min(call++, answers.length - 1)]?.(res);
  });
  servers.push(server);
  return server;
}

const fresh = (res: ServerResponse) => sendJson(res, 200, hermesUpdate({ publishTime: NOW_S - 2 }));

function source(server: FakeHermes, extra: Partial<PythHermesPriceSourceOptions> = {}) {
  return createPythHermesPriceSource({
    endpoint: `${server.url}/`,
    apiKey: HERMES_TEST_KEY,
    clock,
    sleep: noSleep,
    ...extra,
  });
}

afterEach(async () => {
  nowMs = NOW_S * 1000;
  await Promise.all(servers.splice(0).map((server) => server.close()));
});

describe('pyth hermes price source (HermesClient against an upgraded-Hermes loopback)', () => {
  it('reads the SOL/USD feed from <base>/v2/updates/price/latest with the key as a Bearer token', async () => {
    const server = await serve(fresh);
    const quote = await source(server).getSolUsd();
    expect(quote).toEqual({
      price: 14_237_512_345n,
      conf: 7_512_345n,
      expo: -8,
      publishTime: NOW_S - 2,
    });
    const request = server.requests[0];
    const url = new URL(request?.url ?? '', server.url);
    expect(url.pathname).toBe('/hermes/v2/updates/price/latest');
    expect(url.searchParams.getAll('ids[]')).toEqual([PYTH_SOL_USD_FEED_ID]);
    expect(url.searchParams.get('parsed')).toBe('true');
    expect(request?.headers.authorization).toBe(`Bearer ${HERMES_TEST_KEY}`);
    expect(request?.headers['x-api-key']).toBeUndefined();
  });

  it.each([
    ['without a key', {}],
    ['with a refused key', { apiKey: 'wrong-key' }],
  ])(
    '401 %s: UPSTREAM__UNAUTHORIZED, asked once, then not again before authRetryMs',
    async (_name, key) => {
      const server = await serve(fresh);
      const priced = createPythHermesPriceSource({
        endpoint: server.url,
        clock,
        sleep: () => Promise.reject(new Error('a 401 must not be retried')),
        authRetryMs: 300_000,
        ...key,
      });
      for (let i = 0; i < 20; i++) {
        await expect(priced.getSolUsd()).rejects.toSatisfy(
          (error) =>
            isAdapterError(error, 'UPSTREAM__UNAUTHORIZED') && error.context.status === 401,
        );
      }
      expect(server.requests).toHaveLength(1);
      nowMs += 299_999;
      await expect(priced.getSolUsd()).rejects.toSatisfy((error) =>
        isAdapterError(error, 'UPSTREAM__UNAUTHORIZED'),
      );
      expect(server.requests).toHaveLength(1);
      nowMs += 1;
      await expect(priced.getSolUsd()).rejects.toSatisfy((error) =>
        isAdapterError(error, 'UPSTREAM__UNAUTHORIZED'),
      );
      expect(server.requests).toHaveLength(2);
    },
  );

  it('a 403 is a refusal too', async () => {
    const server = await serve((res) => sendJson(res, 403, { message: 'forbidden' }));
    await expect(source(server).getSolUsd()).rejects.toSatisfy(
      (error) => isAdapterError(error, 'UPSTREAM__UNAUTHORIZED') && error.context.status === 403,
    );
    await expect(source(server).getSolUsd()).rejects.toThrow();
    expect(server.requests).toHaveLength(2); // two sources, one request each
  });

  it('retries 429 and 500 with doubling backoff, then succeeds', async () => {
    const server = await serve(
      (res) => sendJson(res, 429, { message: 'rate limited' }),
      (res) => sendJson(res, 500, { message: 'boom' }),
      fresh,
    );
    const waits: number[] = [];
    const priced = source(server, {
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

  it('gives up after 3 retries with the last HTTP status (502, 503)', async () => {
    const server = await serve(
      (res) => sendJson(res, 502, {}),
      (res) => sendJson(res, 503, {}),
    );
    await expect(source(server).getSolUsd()).rejects.toSatisfy(
      (error) => isAdapterError(error, 'UPSTREAM__HTTP_STATUS') && error.context.status === 503,
    );
    expect(server.requests).toHaveLength(4);
  });

  it('does not retry a 400', async () => {
    const server = await serve((res) => sendJson(res, 400, { message: 'bad id' }));
    await expect(source(server).getSolUsd()).rejects.toSatisfy(
      (error) => isAdapterError(error, 'UPSTREAM__HTTP_STATUS') && error.context.status === 400,
    );
    expect(server.requests).toHaveLength(1);
  });

  it('times out a silent server, every attempt', async () => {
    const server = await serve(() => undefined);
    await expect(source(server, { timeoutMs: 50 }).getSolUsd()).rejects.toSatisfy((error) =>
      isAdapterError(error, 'UPSTREAM__TIMEOUT'),
    );
    expect(server.requests).toHaveLength(4);
  });

  const feed = hermesUpdate({ publishTime: NOW_S }).parsed as Record<string, unknown>[];
  it.each([
    ['garbage (not JSON)', (res: ServerResponse) => res.end('<html>oops</html>'), 'not JSON'],
    ['parsed not an array', (res: ServerResponse) => sendJson(res, 200, { parsed: 'x' }), null],
    [
      'parsed missing',
      (res: ServerResponse) => sendJson(res, 200, { binary: { encoding: 'hex', data: [] } }),
      'parsed',
    ],
    [
      'a price that is not an integer',
      (res: ServerResponse) =>
        sendJson(res, 200, hermesUpdate({ publishTime: NOW_S, price: '142.37' })),
      'parsed.0.price.price',
    ],
    [
      'a feed without its price',
      (res: ServerResponse) =>
        sendJson(res, 200, {
          binary: { encoding: 'hex', data: [] },
          parsed: [{ ...feed[0], price: undefined }],
        }),
      null,
    ],
  ] as const)(
    'rejects %s as UPSTREAM__BAD_RESPONSE, without retrying',
    async (_n, answer, issue) => {
      const server = await serve(answer);
      await expect(source(server).getSolUsd()).rejects.toSatisfy(
        (error) =>
          isAdapterError(error, 'UPSTREAM__BAD_RESPONSE') &&
          (issue === null || String(error.context.issue).startsWith(issue)),
      );
      expect(server.requests).toHaveLength(1);
    },
  );

  it('rejects an answer holding another feed only', async () => {
    const server = await serve((res) =>
      sendJson(res, 200, hermesUpdate({ publishTime: NOW_S, feedId: 'ab'.repeat(32) })),
    );
    await expect(source(server).getSolUsd()).rejects.toSatisfy((error) =>
      isAdapterError(error, 'PRICE__FEED_MISSING'),
    );
  });

  it.each([
    ['stale (older than 60 s)', { publishTime: NOW_S - 61 }, 'STALE'],
    ['low confidence (> 2%)', { publishTime: NOW_S, conf: '300000000' }, 'LOW_CONFIDENCE'],
    ['non-positive', { publishTime: NOW_S, price: '0' }, 'NON_POSITIVE'],
  ] as const)('rejects a %s quote', async (_name, fields, problem) => {
    const server = await serve((res) => sendJson(res, 200, hermesUpdate(fields)));
    await expect(source(server).getSolUsd()).rejects.toSatisfy(
      (error) => isAdapterError(error, 'PRICE__REJECTED') && error.context.problem === problem,
    );
  });

  it('accepts the null metadata fields Hermes may send', async () => {
    const update = hermesUpdate({ publishTime: NOW_S });
    const feeds = update.parsed as Record<string, unknown>[];
    const nulls = { slot: null, proof_available_time: null, prev_publish_time: null };
    const server = await serve((res) =>
      sendJson(res, 200, { ...update, parsed: [{ ...feeds[0], metadata: nulls }] }),
    );
    await expect(source(server).getSolUsd()).resolves.toMatchObject({ publishTime: NOW_S });
  });

  it('accepts a quote exactly 60 s old and confidence exactly 2%', async () => {
    const server = await serve((res) =>
      sendJson(res, 200, hermesUpdate({ publishTime: NOW_S - 60, conf: '284750246' })),
    );
    await expect(source(server).getSolUsd()).resolves.toMatchObject({ conf: 284_750_246n });
  });

  it('reports a closed port as a network error', async () => {
    const server = await serve(fresh);
    await server.close();
    servers.length = 0;
    await expect(source(server, { retries: 1 }).getSolUsd()).rejects.toSatisfy((error) =>
      isAdapterError(error, 'UPSTREAM__NETWORK'),
    );
  });

  it.each([
    [{ endpoint: 'hermes.pyth.network' }, /must be an http\(s\) URL, got "hermes.pyth.network"/],
    [{ endpoint: 'https://hermes.pyth.network', apiKey: ' ' }, /API key must not be empty/],
  ])('refuses bad options with a precise message (%o)', (options, message) => {
    expect(() => createPythHermesPriceSource({ clock, ...options })).toThrow(message);
  });
});
