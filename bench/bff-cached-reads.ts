/**
 * Cached reads of the BFF: the pre-serialized presale answer (what /api/v1/presales/:variant
 * sends) against two baselines on the same app and data, measured in the same run — the
 * same body as a plain object serialized by Fastify, and the same object through the zod
 * response schema. Also counts upstream reads during the load, which must stay at zero
 * (reads never reach the chain; only the background refresh does).
 *
 * Load: keep-alive HTTP/1.1 clients in this process, CONCURRENCY in flight for DURATION_MS
 * per route and round (rounds interleaved). Client and server share the CPU, so absolute req/s are floors; the ratios travel.
 *
 * Run: npm run bff-cached-reads -w @fbt/bench
 */
import { Agent, request } from 'node:http';
import type { AddressInfo } from 'node:net';
import { buildApp } from '@fbt/bff';
import { TEST_SETTINGS, createTestWorld, depsFor } from '@fbt/bff/testing';
import { presaleResponseSchema } from '@fbt/domain';
import type { ZodTypeProvider } from 'fastify-type-provider-zod';

const CONCURRENCY = 50;
const DURATION_MS = Number(process.env.BENCH_DURATION_MS ?? 1_000);

// The BFF's in-memory test world: the same ports the BFF's tests use, counting chain reads.
const world = createTestWorld();
const app = await buildApp(
  depsFor(world, { settings: { ...TEST_SETTINGS, rateLimitMax: 100_000_000 } }),
);
const cachedObject = () =>
  JSON.parse(app.presaleCache.resources.public.current()?.json ?? '{}') as unknown;
app.get('/bench/object', () => cachedObject());
app.get('/bench/string', (_request, reply) =>
  reply.type('application/json').send(app.presaleCache.resources.public.current()?.json ?? '{}'),
);
app
  .withTypeProvider<ZodTypeProvider>()
  .get('/bench/schema', { schema: { response: { 200: presaleResponseSchema } } }, () =>
    presaleResponseSchema.parse(cachedObject()),
  );
await app.listen({ host: '127.0.0.1', port: 0 });
await new Promise((resolve) => setTimeout(resolve, 50));
const { port } = app.server.address() as AddressInfo;
const readsBeforeLoad = world.rpcCalls;

async function load(path: string): Promise<{ requests: number; bytes: number; p99Ms: number }> {
  const agent = new Agent({ keepAlive: true, maxSockets: CONCURRENCY });
  const latencies: number[] = [];
  let bytes = 0;
  const deadline = Date.now() + DURATION_MS;
  const one = () =>
    new Promise<void>((resolve, reject) => {
      const started = performance.now();
      const req = request({ host: '127.0.0.1', port, path, agent }, (res) => {
        res.on('data', (chunk: Buffer) => (bytes += chunk.length));
        res.on('end', () => {
          if (res.statusCode !== 200) return reject(new Error(`${path}: HTTP ${res.statusCode}`));
          latencies.push(performance.now() - started);
          resolve();
        });
      });
      req.on('error', reject);
      req.end();
    });
  await Promise.all(
    Array.from({ length: CONCURRENCY }, async () => {
      while (Date.now() < deadline) await one();
    }),
  );
  agent.destroy();
  latencies.sort((a, b) => a - b);
  return {
    requests: latencies.length,
    bytes,
    p99Ms: latencies[Math.floor(latencies.length * 0.99)] ?? 0,
  };
}

const routes = [
  ['served route', '/api/v1/presales/public'],
  ['pre-serialized bytes', '/bench/string'],
  ['plain object (baseline)', '/bench/object'],
  ['zod response schema', '/bench/schema'],
] as const;
await load('/api/v1/presales/public'); // warm-up
// Interleaved rounds, so drift in machine load hits every route alike.
const ROUNDS = 4;
const results = routes.map(([name]) => ({ name, requests: 0, bytes: 0, p99Ms: 0 }));
for (let round = 0; round < ROUNDS; round++) {
  for (const [index, [, path]] of routes.entries()) {
    const measured = await load(path);
    const result = results[index];
    if (result === undefined) continue;
    result.requests += measured.requests;
    result.bytes += measured.bytes;
    result.p99Ms = Math.max(result.p99Ms, measured.p99Ms);
  }
}
const baseline = results[2];
console.log(
  `BFF cached presale read, ${CONCURRENCY} keep-alive clients, ${ROUNDS} interleaved rounds of ${DURATION_MS} ms per route`,
);
for (const result of results) {
  const rps = (result.requests * 1000) / (DURATION_MS * ROUNDS);
  const ratio = baseline === undefined ? 1 : result.requests / baseline.requests;
  console.log(
    `${result.name.padEnd(26)} ${rps.toFixed(0).padStart(7)} req/s  p99 ${result.p99Ms.toFixed(2)} ms  ${(result.bytes / result.requests).toFixed(0)} B/resp  x${ratio.toFixed(2)} vs plain object`,
  );
}
console.log(
  `upstream chain reads during the load: ${world.rpcCalls - readsBeforeLoad} (must be 0)`,
);
await app.close();
await world.ledger.close();
