/**
 * What a visitor downloads: bytes on the wire per encoding.
 *
 * Builds the site once into a temporary directory (the real Vite config, so with its `.br` and
 * `.gz` copies), serves it through the real BFF over the in-memory test world, and fetches the
 * entry JavaScript, the entry CSS, index.html and two JSON answers (the leaderboard of 100
 * leaders, the largest answer of the API, and the presale, a typical one) with
 * `accept-encoding: br`, `gzip` and none. Prints the bytes received for each and their ratio
 * to identity, measured in the same run; also says whether each decoded body equals the
 * identity one. No budget is checked.
 *
 * Run: npm run compression -w @fbt/bench
 */
import { mkdtempSync, readFileSync, rmSync } from 'node:fs';
import { request } from 'node:http';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { brotliDecompressSync, gunzipSync } from 'node:zlib';
import { randomAddress, randomSignature } from '@fbt/adapters/testing';
import { buildApp } from '@fbt/bff';
import { createTestWorld, depsFor, SOL, TEST_SETTINGS } from '@fbt/bff/testing';
import { buildSite } from '@fbt/stack';

const LEADERS = 100;

/** One answer as it crossed the wire: its encoding, its size, and its body decoded. */
interface WireAnswer {
  readonly status: number;
  readonly encoding: string;
  readonly wireBytes: number;
  readonly body: Buffer;
}

function fetchRaw(port: number, path: string, acceptEncoding: string | null): Promise<WireAnswer> {
  return new Promise((resolve, reject) => {
    const headers = acceptEncoding === null ? {} : { 'accept-encoding': acceptEncoding };
    const req = request({ host: '127.0.0.1', port, path, headers }, (res) => {
      const chunks: Buffer[] = [];
      res.on('data', (chunk: Buffer) => chunks.push(chunk));
      res.on('error', reject);
      res.on('end', () => {
        const raw = Buffer.concat(chunks);
        const encoding = res.headers['content-encoding'] ?? 'identity';
        const body =
          encoding === 'br'
            ? brotliDecompressSync(raw)
            : encoding === 'gzip'
              ? gunzipSync(raw)
              : raw;
        resolve({ status: res.statusCode ?? 0, encoding, wireBytes: raw.length, body });
      });
    });
    req.on('error', reject);
    req.end();
  });
}

const outDir = mkdtempSync(join(tmpdir(), 'fbt-bench-compression-'));
try {
  const started = performance.now();
  await buildSite({ outDir });
  const buildMs = performance.now() - started;

  const html = readFileSync(join(outDir, 'index.html'), 'utf8');
  const entryJs = /<script[^>]+src="(\/assets\/index-[\w-]+\.js)"/.exec(html)?.[1];
  const entryCss = /<link[^>]+href="(\/assets\/index-[\w-]+\.css)"/.exec(html)?.[1];
  if (entryJs === undefined || entryCss === undefined) {
    throw new Error('index.html names no entry script or stylesheet');
  }

  const world = createTestWorld();
  for (let i = 0; i < LEADERS; i++) {
    const code = `leader${String(i).padStart(3, '0')}`;
    const record = randomAddress();
    await world.ledger.indexLeader({ code, wallet: randomAddress(), record });
    const lamports = BigInt(i + 1) * SOL;
    await world.ledger.recordBuy({
      signature: randomSignature(),
      wallet: randomAddress(),
      leaderCode: code,
      lamports,
      commissionLamports: lamports / 10n,
      record,
      slot: 1_000 + i,
      blockTime: 1_795_000_000 + i,
      source: 'report',
    });
  }
  const app = await buildApp(
    depsFor(world, {
      settings: { ...TEST_SETTINGS, clientDist: outDir, rateLimitMax: 1_000_000 },
    }),
  );
  await app.listen({ host: '127.0.0.1', port: 0 });
  const address = app.server.address();
  const port = typeof address === 'object' && address !== null ? address.port : 0;

  const resources: [string, string][] = [
    ['entry JS', entryJs],
    ['entry CSS', entryCss],
    ['index.html', '/'],
    [`leaderboard JSON (${LEADERS})`, `/api/v1/leaderboard?limit=${LEADERS}`],
    ['presale JSON', '/api/v1/presales/public'],
  ];
  const pad = (value: string | number, width: number) => String(value).padStart(width);
  console.log(`site build (with .br/.gz): ${(buildMs / 1000).toFixed(1)} s\n`);
  console.log(
    `${'resource'.padEnd(24)}${pad('identity B', 12)}${pad('br B', 10)}${pad('br/id', 8)}` +
      `${pad('gzip B', 10)}${pad('gzip/id', 9)}  same body`,
  );
  const totals = { identity: 0, br: 0, gzip: 0 };
  for (const [name, path] of resources) {
    const identity = await fetchRaw(port, path, null);
    const br = await fetchRaw(port, path, 'br');
    const gzip = await fetchRaw(port, path, 'gzip');
    totals.identity += identity.wireBytes;
    totals.br += br.wireBytes;
    totals.gzip += gzip.wireBytes;
    const same = br.body.equals(identity.body) && gzip.body.equals(identity.body);
    const statuses = [identity, br, gzip].map((answer) => answer.status);
    console.log(
      `${name.padEnd(24)}${pad(identity.wireBytes, 12)}` +
        `${pad(br.wireBytes, 10)}${pad((br.wireBytes / identity.wireBytes).toFixed(3), 8)}` +
        `${pad(gzip.wireBytes, 10)}${pad((gzip.wireBytes / identity.wireBytes).toFixed(3), 9)}` +
        `  ${same ? 'yes' : 'NO'} (sent as ${br.encoding}/${gzip.encoding}/${identity.encoding}` +
        `${statuses.every((status) => status === 200) ? '' : `, HTTP ${statuses.join('/')}`})`,
    );
  }
  console.log(
    `${'total'.padEnd(24)}${pad(totals.identity, 12)}` +
      `${pad(totals.br, 10)}${pad((totals.br / totals.identity).toFixed(3), 8)}` +
      `${pad(totals.gzip, 10)}${pad((totals.gzip / totals.identity).toFixed(3), 9)}`,
  );
  await app.close();
} finally {
  rmSync(outDir, { recursive: true, force: true });
}
