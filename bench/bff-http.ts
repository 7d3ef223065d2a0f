/**
 * Cost of one HTTP request through the whole BFF: `GET /api/v1/presales/public` on the
 * production app (`buildApp` with every plugin: helmet headers, CORS, rate limit, compression,
 * docs, metrics, request ids, logger at warn) against a bare Fastify server sending the same
 * body bytes, measured in the same run. Prints req/s, p50 and p99 for each and the ratio of
 * the app's req/s to the bare server's, and the server's CPU time per request (this process's
 * user + system time over the run, the load generator being another process): the figure that
 * holds when other work on the machine takes cores and skews req/s and p99.
 *
 * Load: autocannon in a child process (so it does not share the servers' event loop),
 * CONNECTIONS keep-alive connections for DURATION_S seconds per round, rounds interleaved so
 * drift in machine load hits both servers alike. The app's rate limit is raised so no request
 * is refused; any non-2xx answer or socket error stops the run.
 *
 * With BENCH_LAYERS=1, a bare server with one of the app's root layers each (security headers
 * and rate limit, metrics and the request id header, compression, the logger at warn) is
 * measured in the same rounds, and each layer's server CPU per request over the bare server's
 * is printed: where the full app's extra cost goes.
 *
 * Run: npm run bff-http -w @fbt/bench   (BENCH_DURATION_S, BENCH_ROUNDS, BENCH_CONNECTIONS,
 * BENCH_LAYERS)
 */
import { spawn } from 'node:child_process';
import { createRequire } from 'node:module';
import type { AddressInfo } from 'node:net';
import { buildApp } from '@fbt/bff';
import { TEST_SETTINGS, createTestWorld, depsFor } from '@fbt/bff/testing';
import { HTTP_LAYERS, serverWithLayer } from '@fbt/bff/testing/http-layers';
import Fastify, { type FastifyInstance } from 'fastify';

const CONNECTIONS = Number(process.env.BENCH_CONNECTIONS ?? 100);
const DURATION_S = Number(process.env.BENCH_DURATION_S ?? 5);
const ROUNDS = Number(process.env.BENCH_ROUNDS ?? 3);
const LAYERS = process.env.BENCH_LAYERS === '1';
const PATH = '/api/v1/presales/public';
const AUTOCANNON = createRequire(import.meta.url).resolve('autocannon/autocannon.js');

interface Load {
  readonly requests: number;
  readonly p50: number;
  readonly p99: number;
}

/** One autocannon run against `url`, in a child process; its JSON summary. */
function autocannon(url: string, seconds: number): Promise<Load> {
  return new Promise((resolve, reject) => {
    const child = spawn(
      process.execPath,
      [AUTOCANNON, '-c', String(CONNECTIONS), '-d', String(seconds), '-j', url],
      { stdio: ['ignore', 'pipe', 'pipe'] },
    );
    let out = '';
    let err = '';
    child.stdout.on('data', (chunk: Buffer) => (out += chunk.toString('utf8')));
    child.stderr.on('data', (chunk: Buffer) => (err += chunk.toString('utf8')));
    child.once('error', reject);
    child.once('exit', (code) => {
      if (code !== 0) return reject(new Error(`autocannon exited ${code}: ${err.slice(0, 400)}`));
      const summary = JSON.parse(out) as {
        requests: { total: number };
        latency: { p50: number; p99: number };
        non2xx: number;
        errors: number;
        timeouts: number;
      };
      if (summary.non2xx > 0 || summary.errors > 0 || summary.timeouts > 0) {
        return reject(
          new Error(
            `${url}: ${summary.non2xx} non-2xx, ${summary.errors} errors, ${summary.timeouts} timeouts`,
          ),
        );
      }
      resolve({
        requests: summary.requests.total,
        p50: summary.latency.p50,
        p99: summary.latency.p99,
      });
    });
  });
}

async function listen(app: FastifyInstance): Promise<string> {
  await app.listen({ host: '127.0.0.1', port: 0 });
  return `http://127.0.0.1:${(app.server.address() as AddressInfo).port}${PATH}`;
}

// The production app over the BFF's in-memory ports (no chain reads during the load: the
// route serves the cached bytes), as LOG_LEVEL=warn runs it.
const world = createTestWorld();
const app = await buildApp(
  depsFor(world, {
    settings: { ...TEST_SETTINGS, rateLimitMax: 1_000_000_000 },
    logger: { level: 'warn' },
  }),
);
const appUrl = await listen(app);
const body = app.presaleCache.resources.public.current()?.json;
if (body === undefined) throw new Error('the presale cache is empty');

const bare = Fastify();
bare.get(PATH, (_request, reply) => reply.type('application/json').send(body));
const bareUrl = await listen(bare);

const layerServers: FastifyInstance[] = [];
const layerTargets: { name: string; url: string }[] = [];
for (const layer of LAYERS ? HTTP_LAYERS : []) {
  const server = await serverWithLayer(layer);
  server.get(PATH, (_request, reply) => reply.type('application/json').send(body));
  layerServers.push(server);
  layerTargets.push({ name: `bare + ${layer}`, url: await listen(server) });
}

const targets = [
  { name: 'full app', url: appUrl },
  { name: 'bare Fastify (baseline)', url: bareUrl },
  ...layerTargets,
];
for (const target of targets) await autocannon(target.url, 1); // warm-up (JIT, sockets)
const results = targets.map((target) => ({
  ...target,
  requests: 0,
  p50: 0,
  p99: 0,
  userUs: 0,
  systemUs: 0,
}));
for (let round = 0; round < ROUNDS; round++) {
  for (const result of results) {
    const cpu = process.cpuUsage();
    const load = await autocannon(result.url, DURATION_S);
    const used = process.cpuUsage(cpu);
    result.userUs += used.user;
    result.systemUs += used.system;
    result.requests += load.requests;
    // Worst round, so one quiet round does not hide a slow one.
    result.p50 = Math.max(result.p50, load.p50);
    result.p99 = Math.max(result.p99, load.p99);
  }
}
await app.close();
await bare.close();
for (const server of layerServers) await server.close();
await world.ledger.close();

const [full, baseline] = results;
if (full === undefined || baseline === undefined) throw new Error('no results');
const cpuPerRequest = (result: (typeof results)[number]) =>
  (result.userUs + result.systemUs) / result.requests;
console.log(
  `GET ${PATH} (${body.length} B body), autocannon -c ${CONNECTIONS}, ${ROUNDS} interleaved rounds of ${DURATION_S} s`,
);
for (const result of results) {
  const rps = result.requests / (DURATION_S * ROUNDS);
  const perRequest = (us: number) => (us / result.requests).toFixed(1);
  console.log(
    `${result.name.padEnd(LAYERS ? 48 : 24)} ${rps.toFixed(0).padStart(7)} req/s  p50 ${result.p50.toFixed(1)} ms  p99 ${result.p99.toFixed(1)} ms  server CPU ${cpuPerRequest(result).toFixed(1)} µs/request (user ${perRequest(result.userUs)}, system ${perRequest(result.systemUs)})`,
  );
}
console.log(
  `ratio full app / bare: x${(full.requests / baseline.requests).toFixed(2)} req/s (goal >= 0.8), x${(cpuPerRequest(baseline) / cpuPerRequest(full)).toFixed(2)} in server CPU per request; full app p99 ${full.p99.toFixed(1)} ms (goal <= 20 ms)`,
);
if (LAYERS) {
  const over = (result: (typeof results)[number]) =>
    cpuPerRequest(result) - cpuPerRequest(baseline);
  console.log(
    `server CPU per request over the bare server's: full app +${over(full).toFixed(1)} µs`,
  );
  for (const result of results.slice(2)) {
    console.log(`  ${result.name.padEnd(46)} +${over(result).toFixed(1)} µs`);
  }
}
