import { createServer, type Server, type ServerResponse } from 'node:http';
import type { AddressInfo } from 'node:net';
import { afterEach, describe, expect, it } from 'vitest';
import type { FastifyInstance } from 'fastify';
import {
  createCommunityCounters,
  createPythHermesPriceSource,
  createSolanaConnection,
  createSolanaPresaleStateReader,
  createTelegramMemberCounter,
  createXFollowerCounter,
} from '@fbt/adapters';
import {
  encodePresaleState,
  goalsResponseSchema,
  PYTH_SOL_USD_FEED_ID,
  presaleResponseSchema,
  priceResponseSchema,
} from '@fbt/domain';
import { createTestWorld, presaleState, startApp } from './support/test-world';

/** What a loopback upstream does next. */
type Mode = 'ok' | '429' | '500' | 'garbage' | 'silent' | 'down';

interface Upstream {
  url: string;
  mode: Mode;
  calls: number;
  close(): Promise<void>;
}

const servers: Upstream[] = [];
let app: FastifyInstance | undefined;
afterEach(async () => {
  await app?.close();
  app = undefined;
  await Promise.all(servers.splice(0).map((server) => server.close()));
});

/** A loopback HTTP upstream answering in its real wire format when `mode` is 'ok'. */
async function upstream(answer: (body: string, res: ServerResponse) => void): Promise<Upstream> {
  const state: Upstream = { url: '', mode: 'ok', calls: 0, close: () => Promise.resolve() };
  const server: Server = createServer((req, res) => {
    let body = '';
    req.on('data', (chunk: Buffer) => (body += chunk.toString('utf8')));
    req.on('end', () => {
      state.calls++;
      switch (state.mode) {
        case 'ok':
          return answer(body, res);
        case '429':
          res.writeHead(429, { 'retry-after': '1' });
          return res.end('{"message":"Too Many Requests"}');
        case '500':
          res.writeHead(500);
          return res.end('internal');
        case 'garbage':
          res.writeHead(200, { 'content-type': 'application/json' });
          return res.end('{"unexpected":true}');
        case 'silent':
          return undefined;
        case 'down':
          return req.socket.destroy();
      }
    });
  });
  await new Promise<void>((resolve) => server.listen(0, '127.0.0.1', resolve));
  state.url = `http://127.0.0.1:${(server.address() as AddressInfo).port}`;
  state.close = () =>
    new Promise((resolve) => {
      server.closeAllConnections();
      server.close(() => resolve());
    });
  servers.push(state);
  return state;
}

const json = (res: ServerResponse, body: unknown) => {
  res.writeHead(200, { 'content-type': 'application/json' });
  res.end(JSON.stringify(body));
};
const noSleep = () => Promise.resolve();

describe('upstream failures with the real adapters (loopback wire-format servers)', () => {
  it.each(['429', '500', 'garbage', 'silent', 'down'] as const)(
    'Hermes %s: the last good price stays, marked stale, and recovers',
    async (mode) => {
      const world = createTestWorld();
      const nowSeconds = () => Math.floor(world.clock.now() / 1000);
      const hermes = await upstream((_body, res) => {
        const price = {
          price: '14237512345',
          conf: '7512345',
          expo: -8,
          publish_time: nowSeconds(),
        };
        json(res, {
          binary: { encoding: 'hex', data: ['00'] },
          parsed: [
            {
              id: PYTH_SOL_USD_FEED_ID.slice(2),
              price,
              ema_price: price,
              metadata: {
                slot: 1,
                proof_available_time: nowSeconds(),
                prev_publish_time: nowSeconds() - 1,
              },
            },
          ],
        });
      });
      app = await startApp(world, {
        priceSource: createPythHermesPriceSource({
          endpoint: hermes.url,
          clock: world.clock,
          timeoutMs: 100,
          sleep: noSleep,
        }),
      });
      await app.priceCache.resource.refresh(); // joins the start-up read (single-flight)
      expect(
        priceResponseSchema.parse((await app.inject('/api/v1/price/sol-usd')).json()),
      ).toMatchObject({
        source: 'pyth',
        stale: false,
      });

      hermes.mode = mode;
      world.clock.advance(30_000);
      await app.priceCache.resource.refresh();
      expect(
        priceResponseSchema.parse((await app.inject('/api/v1/price/sol-usd')).json()),
      ).toMatchObject({
        source: 'pyth',
        usd: '142.38',
        stale: true,
      });

      hermes.mode = 'ok';
      world.clock.advance(30_000);
      await app.priceCache.resource.refresh();
      const recovered = priceResponseSchema.parse(
        (await app.inject('/api/v1/price/sol-usd')).json(),
      );
      expect(recovered).toMatchObject({ source: 'pyth', stale: false, publishTime: nowSeconds() });
    },
  );

  it('Telegram and X errors keep the last good counts stale, then recover', async () => {
    const world = createTestWorld();
    const telegram = await upstream((_body, res) => json(res, { ok: true, result: 2100 }));
    const x = await upstream((_body, res) =>
      json(res, { data: { id: '1', username: 'fbt', public_metrics: { followers_count: 6400 } } }),
    );
    app = await startApp(world, {
      counters: createCommunityCounters({
        ledger: world.ledger,
        telegram: createTelegramMemberCounter({
          apiBase: telegram.url,
          botToken: '1:a',
          chatId: '@fbt',
          sleep: noSleep,
        }),
        twitter: createXFollowerCounter({
          apiBase: x.url,
          bearerToken: 'b',
          username: 'fbt',
          sleep: noSleep,
        }),
      }),
    });
    await Promise.all([
      app.goalsCache.resources.telegram.refresh(),
      app.goalsCache.resources.twitter.refresh(),
    ]);
    expect((await app.inject('/gettg')).json()).toEqual({ u: 2100 });
    expect((await app.inject('/gettw')).json()).toEqual({ u: 6400 });

    telegram.mode = '500';
    x.mode = '429';
    await Promise.all([
      app.goalsCache.resources.telegram.refresh(),
      app.goalsCache.resources.twitter.refresh(),
    ]);
    const stale = goalsResponseSchema.parse((await app.inject('/api/v1/goals')).json());
    expect(stale.telegram).toMatchObject({ count: 2100, source: 'telegram', stale: true });
    expect(stale.x).toMatchObject({ count: 6400, source: 'x', stale: true });

    telegram.mode = 'ok';
    x.mode = 'ok';
    await Promise.all([
      app.goalsCache.resources.telegram.refresh(),
      app.goalsCache.resources.twitter.refresh(),
    ]);
    const fresh = goalsResponseSchema.parse((await app.inject('/api/v1/goals')).json());
    expect([fresh.telegram.stale, fresh.x.stale]).toEqual([false, false]);
  });

  it('RPC down: the presale stays at its last good value, marked stale, and recovers', async () => {
    const world = createTestWorld();
    const accounts = new Map<string, Uint8Array>();
    for (const variant of ['public', 'private', 'leader'] as const) {
      accounts.set(world.deployment.presales[variant].address, encodePresaleState(presaleState()));
    }
    const rpc = await upstream((body, res) => {
      const call = JSON.parse(body) as { id: number; params: [string] };
      const data = accounts.get(call.params[0]);
      json(res, {
        jsonrpc: '2.0',
        id: call.id,
        result: {
          context: { slot: 77 },
          value:
            data === undefined
              ? null
              : {
                  data: [Buffer.from(data).toString('base64'), 'base64'],
                  executable: false,
                  lamports: 1,
                  owner: world.deployment.programId,
                  rentEpoch: 0,
                  space: data.length,
                },
        },
      });
    });
    const connection = createSolanaConnection({ rpcUrl: rpc.url, wsUrl: 'ws://127.0.0.1:9' });
    app = await startApp(world, {
      presaleReader: {
        ...createSolanaPresaleStateReader({ connection }),
        watchPresaleState: () => () => undefined,
      },
    });
    await app.presaleCache.resources.public.refresh();
    expect(
      presaleResponseSchema.parse((await app.inject('/api/v1/presales/public')).json()).stale,
    ).toBe(false);

    for (const mode of ['down', '500'] as const) {
      rpc.mode = mode;
      await app.presaleCache.resources.public.refresh();
      const body = presaleResponseSchema.parse(
        (await app.inject('/api/v1/presales/public')).json(),
      );
      expect({ mode, stale: body.stale, sold: body.state.currentTotalSold }).toEqual({
        mode,
        stale: true,
        sold: '25000000000',
      });
    }
    rpc.mode = 'ok';
    await app.presaleCache.resources.public.refresh();
    expect(
      presaleResponseSchema.parse((await app.inject('/api/v1/presales/public')).json()).stale,
    ).toBe(false);
  });
});
