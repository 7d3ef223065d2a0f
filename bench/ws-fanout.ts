/**
 * Websocket fan-out, in two set-ups, each for the app's stream hub and for a naive
 * `@fastify/websocket` send loop (the baseline), measured in the same run:
 * - one instance with CLIENTS websocket clients subscribed to `presale:public`;
 * - two instances joined through a real redis-server (a throwaway one, as the BFF's tests
 *   start), CLIENTS / 2 clients on each, every change arriving on instance A. The app's A
 *   holds the upstream lease and shares the change through Redis as in production (B takes the
 *   cache entry and publishes it to its own clients); the naive A publishes the message on a
 *   Redis channel the naive B sends on.
 * App and baseline are set up side by side and take turns: ROUNDS changes each (after two
 * warm-up rounds), alternating, so a shared machine's changing load weighs on both alike. For
 * each change, the time from it reaching A (the server's clock) to the moment the last client
 * of each instance has the message (the clients' clock; the same machine's clock in every
 * process). Also each send loop's duration
 * and CPU time (the figure that holds on a loaded machine), how long after the server's send
 * loop the clients had it all (the load generator's own lag), and the server's memory per
 * connection: heap and RSS after the clients are connected and subscribed, minus before, over
 * its clients (after a full GC).
 *
 * Every server and every client set runs in its own process (CLIENT_PROCESSES per server; see
 * ws-fanout-clients.ts for why the clients read frames off plain TCP), so none shares another's
 * event loop or memory.
 *
 * Run: npm run ws-fanout -w @fbt/bench   (BENCH_CLIENTS, BENCH_ROUNDS, BENCH_CLIENT_PROCESSES)
 */
import type { ChildProcess } from 'node:child_process';
import { startRedisServer } from '@fbt/adapters/testing';
import type { Deployment } from '@fbt/domain';
import { child, drain, next } from './ws-fanout-children';
import { runClients } from './ws-fanout-clients';
import { runServer, type ServerMode } from './ws-fanout-server';

const CLIENTS = Number(process.env.BENCH_CLIENTS ?? 10_000);
const ROUNDS = Number(process.env.BENCH_ROUNDS ?? 30);
/** Client processes per server (each reads its share of the sockets on its own event loop). */
const CLIENT_PROCESSES = Number(process.env.BENCH_CLIENT_PROCESSES ?? 1);
const WARM_UP_ROUNDS = 2;
for (const [name, value] of Object.entries({ CLIENTS, ROUNDS, CLIENT_PROCESSES })) {
  if (!Number.isInteger(value) || value < 1) throw new Error(`${name} must be a positive integer`);
}
if (CLIENTS % 2 !== 0)
  throw new Error('BENCH_CLIENTS must be even (half on each of two instances)');

const sleep = (ms: number) => new Promise((resolve) => setTimeout(resolve, ms));
const rank = (values: readonly number[], q: number) => {
  const sorted = [...values].sort((a, b) => a - b);
  return sorted[Math.min(sorted.length - 1, Math.ceil(q * sorted.length) - 1)] ?? 0;
};

/** What one instance measured. */
interface InstanceFigures {
  /** Change reaching A to the last client of this instance having it, per round. */
  readonly latencies: number[];
  readonly loops: number[];
  readonly cpu: number[];
  /** The part of `cpu` spent in the kernel (the writes themselves). */
  readonly kernel: number[];
  /** Last client having it, after this instance's send loop ended, per round. */
  readonly clientLag: number[];
  readonly heapPerClient: number;
  readonly rssPerClient: number;
}

interface Memory {
  heap: number;
  rss: number;
}

interface Instance {
  readonly server: ChildProcess;
  readonly port: number;
  readonly before: Memory;
  clients: ChildProcess[];
}

async function startInstance(
  mode: ServerMode,
  redisUrl: string | null,
  name: 'a' | 'b',
  deployment: Deployment | null,
): Promise<Instance & { openFiles: number; deployment: Deployment | null }> {
  const server = child('server', mode, redisUrl ?? '-', name, JSON.stringify(deployment));
  const listening = await next<{ port: number; openFiles: number; deployment: Deployment | null }>(
    server,
    'listening',
  );
  const before = await next<Memory>(server, 'memory');
  return { server, before, clients: [], ...listening };
}

/** Starts `count` clients on `instance`, split over the client processes. */
function connectClients(instance: Instance, count: number): Promise<unknown> {
  const url = `ws://127.0.0.1:${instance.port}/api/v1/stream`;
  for (let index = 0; index < CLIENT_PROCESSES; index++) {
    const share = Math.floor(count / CLIENT_PROCESSES) + (index < count % CLIENT_PROCESSES ? 1 : 0);
    instance.clients.push(child('clients', url, String(share)));
  }
  return Promise.all(instance.clients.map((clients) => next(clients, 'subscribed')));
}

/** The last arrival of `round` over every client process of an instance. */
async function lastArrival(instance: Instance): Promise<number> {
  const rounds = await Promise.all(
    instance.clients.map((clients) => next<{ last: number }>(clients, 'round')),
  );
  return Math.max(...rounds.map((round) => round.last));
}

/** One server set (one or two instances, each with its clients), connected and subscribed. */
interface Setup {
  readonly instances: Instance[];
  readonly figures: InstanceFigures[];
  readonly openFiles: number;
  /** Stops every process (and Redis). */
  stop(): Promise<void>;
}

async function setUp(mode: ServerMode, instanceCount: 1 | 2): Promise<Setup> {
  const redis = instanceCount === 2 ? await startRedisServer() : null;
  const instances: Instance[] = [];
  const stop = async () => {
    for (const instance of instances) {
      for (const process of [...instance.clients, instance.server]) process.kill('SIGKILL');
    }
    await redis?.stop();
  };
  try {
    const a = await startInstance(mode, redis?.url ?? null, 'a', null);
    instances.push(a);
    if (redis !== null) instances.push(await startInstance(mode, redis.url, 'b', a.deployment));
    const perInstance = CLIENTS / instanceCount;
    await Promise.all(instances.map((instance) => connectClients(instance, perInstance)));
    const figures: InstanceFigures[] = [];
    for (const instance of instances) {
      instance.server.send({ kind: 'measure-memory' });
      const after = await next<Memory>(instance.server, 'memory');
      figures.push({
        latencies: [],
        loops: [],
        cpu: [],
        kernel: [],
        clientLag: [],
        heapPerClient: (after.heap - instance.before.heap) / perInstance,
        rssPerClient: (after.rss - instance.before.rss) / perInstance,
      });
      // The caches' first values were broadcast too (to no one yet): not rounds.
      drain(instance.server, 'sent');
    }
    return { instances, figures, openFiles: a.openFiles, stop };
  } catch (error) {
    await stop();
    throw error;
  }
}

/** One change on instance A, until every client of every instance has it. */
async function runRound(setup: Setup, round: number): Promise<void> {
  const [a] = setup.instances;
  if (a === undefined) throw new Error('no instance');
  const arrivals = setup.instances.map((instance) => lastArrival(instance));
  const sent = setup.instances.map((instance) =>
    next<{ ended: number; loopMs: number; cpuMs: number; kernelMs: number }>(
      instance.server,
      'sent',
    ),
  );
  a.server.send({ kind: 'publish', round });
  const { at } = await next<{ at: number }>(a.server, 'published');
  const lasts = await Promise.all(arrivals);
  const loops = await Promise.all(sent);
  if (round <= WARM_UP_ROUNDS) return;
  setup.figures.forEach((instance, index) => {
    const last = lasts[index] ?? 0;
    const loop = loops[index];
    instance.latencies.push(last - at);
    instance.loops.push(loop?.loopMs ?? 0);
    instance.cpu.push(loop?.cpuMs ?? 0);
    instance.kernel.push(loop?.kernelMs ?? 0);
    instance.clientLag.push(last - (loop?.ended ?? 0));
  });
}

/**
 * The app and the baseline, both set up at once and measured in alternate rounds (the first
 * of each pair alternating too), so a machine whose load changes during the run weighs on
 * both alike. The set that is not measuring sits idle.
 */
async function compare(instanceCount: 1 | 2): Promise<{ app: Setup; naive: Setup }> {
  const app = await setUp('app', instanceCount);
  try {
    const naive = await setUp('naive', instanceCount);
    try {
      for (let round = 1; round <= ROUNDS + WARM_UP_ROUNDS; round++) {
        for (const setup of round % 2 === 0 ? [app, naive] : [naive, app]) {
          await runRound(setup, round);
          await sleep(20);
        }
      }
      return { app, naive };
    } finally {
      await naive.stop();
    }
  } finally {
    await app.stop();
  }
}

const ms = (value: number) => `${value.toFixed(1)} ms`;
const kb = (bytes: number) => `${(bytes / 1024).toFixed(1)} KB`;

function line(name: string, figures: InstanceFigures): string {
  return (
    `${name.padEnd(30)} publish-to-last-client p50 ${ms(rank(figures.latencies, 0.5))}  ` +
    `p99 ${ms(rank(figures.latencies, 0.99))} | send loop p50 ${ms(rank(figures.loops, 0.5))}  ` +
    `p99 ${ms(rank(figures.loops, 0.99))}  CPU p50 ${ms(rank(figures.cpu, 0.5))} (kernel ${ms(rank(figures.kernel, 0.5))}) | ` +
    `clients done ${ms(rank(figures.clientLag, 0.5))} after the loop (p50) | ` +
    `server heap ${kb(figures.heapPerClient)}/client  RSS ${kb(figures.rssPerClient)}/client`
  );
}

function ratios(app: InstanceFigures, naive: InstanceFigures): string {
  const ratio = (of: (figures: InstanceFigures) => number[], q: number) =>
    (rank(of(app), q) / rank(of(naive), q)).toFixed(2);
  return (
    `publish-to-last-client p99 x${ratio((f) => f.latencies, 0.99)} (goal <= 0.5), ` +
    `send loop p99 x${ratio((f) => f.loops, 0.99)}, CPU per broadcast p50 x${ratio((f) => f.cpu, 0.5)}; ` +
    `app memory per connection: RSS ${kb(app.rssPerClient)}, heap ${kb(app.heapPerClient)} (goal <= 12 KB)`
  );
}

async function main(): Promise<void> {
  const single = await compare(1);
  const pair = await compare(2);
  const [app, naive] = [single.app.figures[0], single.naive.figures[0]];
  if (app === undefined || naive === undefined) throw new Error('no figures');
  console.log(
    `websocket fan-out: ${CLIENTS} clients on one instance (${CLIENT_PROCESSES} client process${CLIENT_PROCESSES === 1 ? '' : 'es'}), ${ROUNDS} broadcasts of the presale message each, app and baseline in alternate rounds (open-file limit ${single.app.openFiles})`,
  );
  console.log(line('app stream hub', app));
  console.log(line('naive send loop (baseline)', naive));
  console.log(`ratio app / naive: ${ratios(app, naive)}`);
  console.log(
    `\nwebsocket fan-out: two instances through Redis, ${CLIENTS / 2} clients on each, every change arriving on instance A`,
  );
  for (const [index, name] of ['A', 'B'].entries()) {
    const [appFigures, naiveFigures] = [pair.app.figures[index], pair.naive.figures[index]];
    if (appFigures === undefined || naiveFigures === undefined) throw new Error('no figures');
    console.log(line(`app stream hub, instance ${name}`, appFigures));
    console.log(line(`naive send loop, instance ${name}`, naiveFigures));
    console.log(`ratio app / naive on ${name}: ${ratios(appFigures, naiveFigures)}`);
  }
  const [appEvery, naiveEvery] = [everyClient(pair.app.figures), everyClient(pair.naive.figures)];
  console.log(
    `both instances, publish-to-every-client p99: app ${ms(rank(appEvery, 0.99))}, naive ${ms(rank(naiveEvery, 0.99))}, ratio x${(rank(appEvery, 0.99) / rank(naiveEvery, 0.99)).toFixed(2)} (goal <= 0.5)`,
  );
}

/** Per round, the later of the instances' last clients. */
function everyClient(figures: readonly InstanceFigures[]): number[] {
  const [first, ...others] = figures;
  return (first?.latencies ?? []).map((latency, round) =>
    Math.max(latency, ...others.map((instance) => instance.latencies[round] ?? 0)),
  );
}

const [role, ...args] = process.argv.slice(2);
if (role === 'server') {
  const [mode, redisUrl, instance, deployment] = args;
  await runServer(mode === 'naive' ? 'naive' : 'app', {
    redisUrl: redisUrl === undefined || redisUrl === '-' ? null : redisUrl,
    instance: instance === 'b' ? 'b' : 'a',
    deployment: JSON.parse(deployment ?? 'null') as Deployment | null,
  });
} else if (role === 'clients') await runClients(args[0] ?? '', Number(args[1]));
else await main();
