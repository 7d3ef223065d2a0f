/**
 * Websocket fan-out of one BFF instance: CLIENTS websocket clients subscribed to
 * `presale:public`, then ROUNDS broadcasts; for each, the time from publish (the server's
 * clock) to the moment the last client has the message (the clients' clock; the same machine's
 * clock in both processes). Also the server's memory per connection: heap and RSS after the
 * clients are connected and subscribed, minus before, over CLIENTS (after a full GC).
 *
 * Two servers, each in its own process, measured in the same run:
 * - the app: `buildApp` (every plugin) and its stream hub (`app.streamHub.publish`);
 * - the baseline: a naive `@fastify/websocket` server keeping subscribers in a Set and sending
 *   the message string to each in a loop.
 * The clients run in a third process (`ws` clients), so they neither share the server's event
 * loop nor count in its memory. Every process raises its open-file limit to the hard limit.
 *
 * Run: npm run ws-fanout -w @fbt/bench   (BENCH_CLIENTS, BENCH_ROUNDS)
 */
import { spawn, type ChildProcess } from 'node:child_process';
import { fileURLToPath } from 'node:url';
import { runClients } from './ws-fanout-clients';
import { runServer, type ServerMode } from './ws-fanout-server';

const CLIENTS = Number(process.env.BENCH_CLIENTS ?? 10_000);
const ROUNDS = Number(process.env.BENCH_ROUNDS ?? 30);
const TIMEOUT_MS = 120_000;
const SELF = fileURLToPath(import.meta.url);
const TSX = new URL('../node_modules/tsx/dist/esm/index.mjs', import.meta.url).href;

type Message = Record<string, unknown> & { kind: string };

/** A child of this script in another role, with its open-file limit raised to the hard one. */
function child(role: string, ...args: string[]): ChildProcess {
  const command = `ulimit -n "$(ulimit -Hn)"; exec "$0" "$@"`;
  // Node itself with tsx's loader (not tsx's CLI, which would run a grandchild that a kill
  // leaves behind).
  return spawn('sh', ['-c', command, process.execPath, '--import', TSX, SELF, role, ...args], {
    stdio: ['ignore', 'inherit', 'inherit', 'ipc'],
  });
}

const inboxes = new WeakMap<ChildProcess, Message[]>();

/** The next message of `kind` from a child (messages are queued as they come, none is lost). */
async function next(child: ChildProcess, kind: string): Promise<Message> {
  let inbox = inboxes.get(child);
  if (inbox === undefined) {
    const queue: Message[] = [];
    inbox = queue;
    inboxes.set(child, queue);
    child.on('message', (message: Message) => queue.push(message));
  }
  const deadline = Date.now() + TIMEOUT_MS;
  for (;;) {
    const index = inbox.findIndex((message) => message.kind === kind);
    if (index >= 0) return inbox.splice(index, 1)[0] as Message;
    if (child.exitCode !== null || child.signalCode !== null) {
      throw new Error(`${kind}: child exited (${child.exitCode ?? child.signalCode})`);
    }
    if (Date.now() > deadline) throw new Error(`no ${kind} within ${TIMEOUT_MS} ms`);
    await new Promise((resolve) => setTimeout(resolve, 1));
  }
}

interface Figures {
  readonly loopP50: number;
  readonly loopP99: number;
  readonly p50: number;
  readonly p99: number;
  readonly max: number;
  readonly heapPerClient: number;
  readonly rssPerClient: number;
  readonly openFiles: number;
}

const rank = (sorted: readonly number[], q: number) =>
  sorted[Math.min(sorted.length - 1, Math.ceil(q * sorted.length) - 1)] ?? 0;

async function measure(mode: ServerMode): Promise<Figures> {
  const server = child('server', mode);
  const clients: ChildProcess[] = [];
  try {
    const { port, openFiles } = (await next(server, 'listening')) as Message & {
      port: number;
      openFiles: number;
    };
    const before = (await next(server, 'memory')) as Message & { heap: number; rss: number };
    const clientProcess = child('clients', `ws://127.0.0.1:${port}/api/v1/stream`, String(CLIENTS));
    clients.push(clientProcess);
    await next(clientProcess, 'subscribed');
    server.send({ kind: 'measure-memory' });
    const after = (await next(server, 'memory')) as Message & { heap: number; rss: number };
    const latencies: number[] = [];
    const loops: number[] = [];
    for (let round = 1; round <= ROUNDS + 2; round++) {
      const arrived = next(clientProcess, 'round');
      server.send({ kind: 'publish', round });
      const { at, loopMs } = (await next(server, 'published')) as Message & {
        at: number;
        loopMs: number;
      };
      const { last } = (await arrived) as Message & { last: number };
      if (round > 2) {
        // two warm-up rounds
        latencies.push(last - at);
        loops.push(loopMs);
      }
      await new Promise((resolve) => setTimeout(resolve, 20));
    }
    latencies.sort((a, b) => a - b);
    loops.sort((a, b) => a - b);
    return {
      loopP50: rank(loops, 0.5),
      loopP99: rank(loops, 0.99),
      p50: rank(latencies, 0.5),
      p99: rank(latencies, 0.99),
      max: latencies.at(-1) ?? 0,
      heapPerClient: (after.heap - before.heap) / CLIENTS,
      rssPerClient: (after.rss - before.rss) / CLIENTS,
      openFiles,
    };
  } finally {
    for (const process of [...clients, server]) process.kill('SIGKILL');
  }
}

async function main(): Promise<void> {
  const app = await measure('app');
  const naive = await measure('naive');
  const kb = (bytes: number) => `${(bytes / 1024).toFixed(1)} KB`;
  console.log(
    `websocket fan-out: ${CLIENTS} clients on one instance, ${ROUNDS} broadcasts of the presale message (open-file limit ${app.openFiles})`,
  );
  for (const [name, figures] of [
    ['app stream hub', app],
    ['naive send loop (baseline)', naive],
  ] as const) {
    console.log(
      `${name.padEnd(27)} publish-to-last-client p50 ${figures.p50.toFixed(1)} ms  p99 ${figures.p99.toFixed(1)} ms  max ${figures.max.toFixed(1)} ms | send loop p50 ${figures.loopP50.toFixed(1)} ms  p99 ${figures.loopP99.toFixed(1)} ms | server heap ${kb(figures.heapPerClient)}/client  RSS ${kb(figures.rssPerClient)}/client`,
    );
  }
  console.log(
    `ratio app / naive: publish-to-last-client p99 x${(app.p99 / naive.p99).toFixed(2)} (goal <= 0.5), send loop p99 x${(app.loopP99 / naive.loopP99).toFixed(2)}; app memory per connection: RSS ${kb(app.rssPerClient)}, heap ${kb(app.heapPerClient)} (goal <= 12 KB)`,
  );
}

const [role, ...args] = process.argv.slice(2);
if (role === 'server') await runServer(args[0] === 'naive' ? 'naive' : 'app');
else if (role === 'clients') await runClients(args[0] ?? '', Number(args[1]));
else await main();
