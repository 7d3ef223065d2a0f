import { createServer, type Server } from 'node:http';
import type { AddressInfo } from 'node:net';
import { Writable } from 'node:stream';
import { afterEach, describe, expect, it } from 'vitest';
import type { FastifyInstance } from 'fastify';
import { createPythHermesPriceSource } from '@fbt/adapters';
import type { PriceSource, PriceStreamListener, PythPrice } from '@fbt/domain';
import { priceResponseSchema } from '@fbt/domain';
import { buildApp } from '../src/app';
import { loadConfig } from '../src/config';
import { settingsFromConfig } from '../src/create-bff';
import { MAINNET_WITHOUT_KEY, PYTH_KEY_REFUSED } from '../src/topics/price';
import {
  createTestWorld,
  depsFor,
  settle,
  TEST_SETTINGS,
  type TestWorld,
} from './support/test-world';

let app: FastifyInstance | undefined;
let server: Server | undefined;
afterEach(async () => {
  await app?.close();
  app = undefined;
  server?.closeAllConnections();
  await new Promise((resolve) => (server === undefined ? resolve(null) : server.close(resolve)));
  server = undefined;
});

/** Captured JSON log lines. */
function logCapture() {
  const entries: { level: number; msg: string }[] = [];
  const stream = new Writable({
    write(chunk: Buffer, _encoding, done) {
      for (const line of chunk.toString('utf8').split('\n').filter(Boolean)) {
        entries.push(JSON.parse(line) as { level: number; msg: string });
      }
      done();
    },
  });
  return {
    entries,
    logger: { level: 'info', stream },
    count: (msg: string) => entries.filter((entry) => entry.msg === msg).length,
  };
}

/** The test world's polled source plus a stream the test drives through `listener`. */
function streamingSource(world: TestWorld) {
  const state: { listener: PriceStreamListener | null; stopped: boolean } = {
    listener: null,
    stopped: false,
  };
  const polled = depsFor(world).priceSource;
  if (polled === null) throw new Error('the test world has a price source');
  const source: PriceSource = {
    getSolUsd: () => polled.getSolUsd(),
    watchSolUsd: (listener) => {
      state.listener = listener;
      return () => void (state.stopped = true);
    },
  };
  const listener = (): PriceStreamListener => {
    if (state.listener === null) throw new Error('not watched yet');
    return state.listener;
  };
  return { source, state, listener };
}

const quote = (world: TestWorld, price: bigint): PythPrice => ({
  price,
  expo: -8,
  conf: 1_000_000n,
  publishTime: Math.floor(world.clock.now() / 1000),
});

async function readyz(instance: FastifyInstance) {
  return (await instance.inject('/readyz')).json<{
    status: string;
    reasons: string[];
    priceMode: string;
    warnings: string[];
  }>();
}

async function modeGauge(instance: FastifyInstance): Promise<string[]> {
  // The metrics port's text (apps/bff/src/metrics-server.ts), without the label
  // every series carries.
  const text = (await instance.metrics.render()).replaceAll(/,instance_id="[^"]*"/g, '');
  return text.split('\n').filter((line) => line.startsWith('fbt_price_source_mode{'));
}

describe('price stream, poll and fallback modes', () => {
  it('streams: quotes reach the cache and the site, the poll stops asking, /readyz and /metrics say stream', async () => {
    const world = createTestWorld();
    const { source, listener } = streamingSource(world);
    app = await buildApp(depsFor(world, { priceSource: source }));
    await app.ready();
    await settle();
    expect((await readyz(app)).priceMode).toBe('poll'); // polled once, stream not open yet
    const pushed: string[] = [];
    app.priceCache.resource.subscribe((entry) => pushed.push(entry.json));

    listener().onStatus({ state: 'open' });
    listener().onQuote(quote(world, 14_500_000_000n));
    const body = priceResponseSchema.parse((await app.inject('/api/v1/price/sol-usd')).json());
    expect(body).toMatchObject({ usd: '145.00', source: 'pyth', stale: false });
    expect(await readyz(app)).toMatchObject({ status: 'ready', priceMode: 'stream', warnings: [] });
    expect(await modeGauge(app)).toEqual([
      'fbt_price_source_mode{mode="stream"} 1',
      'fbt_price_source_mode{mode="poll"} 0',
      'fbt_price_source_mode{mode="fallback"} 0',
      'fbt_price_source_mode{mode="disabled"} 0',
    ]);

    const calls = world.price.calls;
    world.scheduler.tick(TEST_SETTINGS.priceRefreshMs);
    await settle();
    expect(world.price.calls).toBe(calls); // streaming: the poll does not ask Hermes

    // Throttled: quotes within a second are held back; the latest goes in with the next one.
    listener().onQuote(quote(world, 14_510_000_000n));
    listener().onQuote(quote(world, 14_520_000_000n));
    expect(pushed).toHaveLength(1);
    world.clock.advance(1000);
    listener().onQuote(quote(world, 14_530_000_000n));
    expect(pushed).toHaveLength(2);
    expect(pushed[1]).toContain('"usd":"145.30"');
  });

  it('a silent or dropped stream falls back to polling, logged once per outage; /readyz warns', async () => {
    const world = createTestWorld();
    const { source, listener } = streamingSource(world);
    const logs = logCapture();
    app = await buildApp(depsFor(world, { priceSource: source, logger: logs.logger }));
    await app.ready();
    await settle();
    listener().onStatus({ state: 'open' });
    listener().onQuote(quote(world, 14_500_000_000n));
    world.clock.advance(15_001); // silent longer than 15 s: no longer streaming
    expect((await readyz(app)).priceMode).toBe('poll');

    for (const retryInMs of [1000, 2000, 4000]) {
      listener().onStatus({ state: 'down', reason: 'HTTP 503', unauthorized: false, retryInMs });
    }
    const calls = world.price.calls;
    world.scheduler.tick(TEST_SETTINGS.priceRefreshMs);
    await settle();
    expect(world.price.calls).toBe(calls + 1);
    expect(await readyz(app)).toMatchObject({
      status: 'ready',
      priceMode: 'poll',
      warnings: ['price: stream down (HTTP 503), polling'],
    });
    expect(logs.count('Pyth price stream down: polling until it reconnects')).toBe(1);
    listener().onStatus({ state: 'open' });
    expect(logs.count('Pyth price stream open')).toBe(2);
  });

  it('no good price at all: the fallback, said by /readyz (503) and /metrics', async () => {
    const world = createTestWorld();
    world.price.quote = null;
    const { source } = streamingSource(world);
    app = await buildApp(depsFor(world, { priceSource: source }));
    await app.ready();
    await settle();
    const body = priceResponseSchema.parse((await app.inject('/api/v1/price/sol-usd')).json());
    expect(body).toMatchObject({ source: 'fallback', stale: true });
    const ready = await readyz(app);
    expect(ready).toMatchObject({ status: 'not-ready', priceMode: 'fallback' });
    expect(ready.warnings).toContain('price: no good Pyth price, serving the fallback');
    expect(await modeGauge(app)).toContain('fbt_price_source_mode{mode="fallback"} 1');
  });
});

describe('a refused or missing Pyth key (real adapter, loopback Hermes answering 401)', () => {
  it('is logged once as "PYTH_API_KEY missing or refused", and Hermes is not asked in a loop', async () => {
    let requests = 0;
    let bothAsked: () => void = () => undefined;
    const asked = new Promise<void>((resolve) => (bothAsked = resolve));
    server = createServer((_req, res) => {
      if (++requests === 2) bothAsked();
      res.writeHead(401, { 'content-type': 'text/plain' }).end('Unauthorized');
    });
    await new Promise<void>((resolve) => server?.listen(0, '127.0.0.1', resolve));
    const url = `http://127.0.0.1:${(server.address() as AddressInfo).port}`;
    const world = createTestWorld();
    const logs = logCapture();
    app = await buildApp(
      depsFor(world, {
        priceSource: createPythHermesPriceSource({ endpoint: url, clock: world.clock }),
        logger: logs.logger,
      }),
    );
    await app.ready();
    await asked; // the first poll and the stream, one request each
    await settle();
    for (let i = 0; i < 10; i++) {
      world.clock.advance(25_000); // 250 s in all: inside the 5-minute pause
      world.scheduler.tick(TEST_SETTINGS.priceRefreshMs);
      await settle();
    }
    expect(requests).toBe(2);
    expect(logs.count(PYTH_KEY_REFUSED)).toBe(1);
    expect(logs.count('upstream refresh failed')).toBe(0);
    const ready = await readyz(app);
    expect(ready.priceMode).toBe('fallback');
    expect(ready.warnings).toContain(`price: ${PYTH_KEY_REFUSED}`);
    expect(await app.metrics.render()).toMatch(
      /^fbt_price_auth_refused\{instance_id="[^"]+"\} 1$/m,
    );
  });
});

describe('mainnet-beta without PYTH_API_KEY', () => {
  it.each([
    [false, 1],
    [true, 0],
  ])('key set: %s — start-up warnings: %i, and /readyz says it (still ready)', async (set, n) => {
    const world = createTestWorld();
    const logs = logCapture();
    app = await buildApp(
      depsFor(world, {
        deployment: { ...world.deployment, cluster: 'mainnet-beta' },
        settings: { ...TEST_SETTINGS, pythApiKeySet: set },
        logger: logs.logger,
      }),
    );
    await app.ready();
    await settle();
    expect(logs.count(MAINNET_WITHOUT_KEY)).toBe(n);
    const ready = await readyz(app);
    expect(ready.status).toBe('ready');
    expect(ready.warnings).toEqual(set ? [] : [`price: ${MAINNET_WITHOUT_KEY}`]);
  });

  it('the config tells the app whether PYTH_API_KEY is set', () => {
    expect(settingsFromConfig(loadConfig({})).pythApiKeySet).toBe(false);
    expect(settingsFromConfig(loadConfig({ PYTH_API_KEY: 'k' })).pythApiKeySet).toBe(true);
  });
});
