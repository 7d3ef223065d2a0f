/**
 * Simulated visitors of several BFF instances: each holds a websocket subscribed to the
 * presale, price, goals and leaderboard topics and reads the site's routes over HTTP every few
 * seconds (keep-alive, a bounded number of connections, like browsers behind a few proxies):
 * the cached presale, price and goals, the leaderboard, a leader code's page, and the leader
 * earnings of a wallet (a new random wallet each time, or one of a few that come back).
 */
import { Agent, get } from 'node:http';
import WebSocket from 'ws';
import { randomAddress } from '@fbt/adapters/testing';
import type { Instance } from './fleet';

const TOPICS = [
  'presale:public',
  'presale:private',
  'presale:leader',
  'price',
  'goals',
  'leaderboard',
];

/** Wallets whose earnings page is opened again and again. */
const RETURNING = Array.from({ length: 5 }, () => randomAddress());

/** What the visitors read, by name: the URL of the n-th read. */
const ROUTES: readonly { readonly name: string; readonly url: (n: number) => string }[] = [
  { name: 'presale', url: () => '/api/v1/presales/public' },
  { name: 'price', url: () => '/api/v1/price/sol-usd' },
  { name: 'goals', url: () => '/api/v1/goals' },
  { name: 'leaderboard', url: () => '/api/v1/leaderboard' },
  { name: 'leader code', url: () => '/api/v1/leaders/beast42' },
  // A wallet no one has seen: every lookup of it is a new key.
  { name: 'earnings, new wallet', url: () => `/api/v1/leaders/by-wallet/${randomAddress()}` },
  {
    name: 'earnings, returning wallet',
    url: (n) => `/api/v1/leaders/by-wallet/${RETURNING[n % RETURNING.length] ?? ''}`,
  },
];

/** Running visitors. */
export interface Visitors {
  /** Websocket messages received so far (all visitors). */
  messages(): number;
  /** HTTP answers so far, how many were not 200, and the 200s by route name. */
  requests(): { ok: number; failed: number; okByRoute: Record<string, number> };
  stop(): Promise<void>;
}

/**
 * Starts `count` visitors spread evenly over `instances`; resolves once every websocket has
 * its initial messages. Each visitor reads one cached route every `readEveryMs`.
 */
export async function startVisitors(
  instances: readonly Instance[],
  count: number,
  readEveryMs = 5_000,
): Promise<Visitors> {
  const sockets: WebSocket[] = [];
  let messages = 0;
  let ok = 0;
  let failed = 0;
  const okByRoute: Record<string, number> = {};
  let stopped = false;
  const pools = instances.map(() => new Agent({ keepAlive: true, maxSockets: 16 }));
  await Promise.all(
    Array.from({ length: count }, (_, n) => {
      const instance = instances[n % instances.length] as Instance;
      return new Promise<void>((resolve, reject) => {
        const socket = new WebSocket(instance.wsUrl);
        sockets.push(socket);
        let initial = 0;
        socket.on('message', () => {
          messages++;
          if (++initial === TOPICS.length) resolve();
        });
        socket.once('open', () =>
          socket.send(JSON.stringify({ type: 'subscribe', topics: TOPICS })),
        );
        socket.once('error', reject);
      });
    }),
  );
  const read = (index: number) =>
    new Promise<void>((resolve) => {
      if (stopped) return resolve();
      const which = index % instances.length;
      const instance = instances[which] as Instance;
      const route = ROUTES[index % ROUTES.length] as (typeof ROUTES)[number];
      get(`${instance.url}${route.url(index)}`, { agent: pools[which] }, (answer) => {
        answer.resume();
        answer.on('end', () => {
          if (answer.statusCode === 200) {
            ok++;
            okByRoute[route.name] = (okByRoute[route.name] ?? 0) + 1;
          } else failed++;
          resolve();
        });
      }).on('error', () => {
        failed++;
        resolve();
      });
    });
  // Every visitor loads the page once (one cached route each), then reads now and then.
  await Promise.all(Array.from({ length: count }, (_, index) => read(index)));
  // Visitors read at staggered times: `count` reads spread over each `readEveryMs`.
  const tickMs = 50;
  let due = 0;
  let next = 0;
  const timer = setInterval(() => {
    due += (count * tickMs) / readEveryMs;
    for (; due >= 1; due--) void read(next++);
  }, tickMs);
  return {
    messages: () => messages,
    requests: () => ({ ok, failed, okByRoute: { ...okByRoute } }),
    async stop() {
      stopped = true;
      clearInterval(timer);
      for (const socket of sockets) socket.terminate();
      for (const pool of pools) pool.destroy();
      await new Promise((resolve) => setTimeout(resolve, 50));
    },
  };
}
