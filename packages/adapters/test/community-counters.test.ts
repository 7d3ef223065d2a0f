import { afterEach, describe, expect, it } from 'vitest';
import { isAdapterError } from '../src/adapter-error';
import {
  createCommunityCounters,
  createTelegramMemberCounter,
  createXFollowerCounter,
} from '../src/community-counters';
import { sendJson, startLoopbackServer, type LoopbackServer } from '../src/loopback-server';

const noSleep = () => Promise.resolve();
const servers: LoopbackServer[] = [];

async function serve(handler: Parameters<typeof startLoopbackServer>[0]) {
  const server = await startLoopbackServer(handler);
  servers.push(server);
  return server;
}

afterEach(async () => {
  await Promise.all(servers.splice(0).map((server) => server.close()));
});

describe('telegram member counter', () => {
  it('calls getChatMemberCount with the bot token and chat id', async () => {
    const server = await serve((_req, res) => sendJson(res, 200, { ok: true, result: 4321 }));
    const count = createTelegramMemberCounter({
      apiBase: server.url,
      botToken: '123:ABC',
      chatId: '@fbtbeast',
      sleep: noSleep,
    });
    expect(await count()).toBe(4321);
    expect(server.requests[0]?.url).toBe('/bot123:ABC/getChatMemberCount?chat_id=%40fbtbeast');
  });

  it.each([
    [
      'an ok:false answer',
      { ok: false, error_code: 400, description: 'Bad Request: chat not found' },
      200,
      'UPSTREAM__BAD_RESPONSE',
    ],
    [
      'a 401',
      { ok: false, error_code: 401, description: 'Unauthorized' },
      401,
      'UPSTREAM__HTTP_STATUS',
    ],
    ['a 502', { ok: false }, 502, 'UPSTREAM__HTTP_STATUS'],
    ['a negative count', { ok: true, result: -5 }, 200, 'UPSTREAM__BAD_RESPONSE'],
  ] as const)('fails on %s', async (_name, body, status, code) => {
    const server = await serve((_req, res) => sendJson(res, status, body));
    const count = createTelegramMemberCounter({
      apiBase: server.url,
      botToken: 't',
      chatId: '1',
      sleep: noSleep,
    });
    await expect(count()).rejects.toSatisfy((error) => isAdapterError(error, code));
  });
});

describe('x follower counter', () => {
  it('reads data.public_metrics.followers_count with a bearer token', async () => {
    const server = await serve((_req, res) =>
      sendJson(res, 200, {
        data: {
          id: '2244994945',
          name: 'FBT',
          username: 'fbtbeast',
          public_metrics: {
            followers_count: 8765,
            following_count: 10,
            tweet_count: 100,
            listed_count: 1,
            like_count: 5,
          },
        },
      }),
    );
    const count = createXFollowerCounter({
      apiBase: server.url,
      bearerToken: 'bearer-xyz',
      username: 'fbtbeast',
      sleep: noSleep,
    });
    expect(await count()).toBe(8765);
    expect(server.requests[0]?.url).toBe(
      '/2/users/by/username/fbtbeast?user.fields=public_metrics',
    );
    expect(server.requests[0]?.headers.authorization).toBe('Bearer bearer-xyz');
  });

  it.each([
    [
      'an errors answer',
      200,
      { errors: [{ title: 'Not Found Error', detail: 'Could not find user' }] },
      'UPSTREAM__BAD_RESPONSE',
    ],
    ['a 429', 429, { title: 'Too Many Requests' }, 'UPSTREAM__HTTP_STATUS'],
    ['a 401', 401, { title: 'Unauthorized' }, 'UPSTREAM__HTTP_STATUS'],
  ] as const)('fails on %s', async (_name, status, body, code) => {
    const server = await serve((_req, res) => sendJson(res, status, body));
    const count = createXFollowerCounter({
      apiBase: server.url,
      bearerToken: 'b',
      username: 'fbtbeast',
      sleep: noSleep,
    });
    await expect(count()).rejects.toSatisfy((error) => isAdapterError(error, code));
  });
});

describe('community counters', () => {
  const ledger = {
    getOperatorCount: (community: 'telegram' | 'twitter') =>
      Promise.resolve(community === 'telegram' ? 1200 : null),
  };

  it('uses the operator-set count when no live source is configured (0 when unset)', async () => {
    const counters = createCommunityCounters({ ledger });
    expect(await counters.getCount('telegram')).toEqual({ count: 1200, source: 'operator' });
    expect(await counters.getCount('twitter')).toEqual({ count: 0, source: 'operator' });
  });

  it('prefers the live source when configured', async () => {
    const counters = createCommunityCounters({
      ledger,
      telegram: () => Promise.resolve(7),
      twitter: () => Promise.resolve(9),
    });
    expect(await counters.getCount('telegram')).toEqual({ count: 7, source: 'telegram' });
    expect(await counters.getCount('twitter')).toEqual({ count: 9, source: 'x' });
  });
});
