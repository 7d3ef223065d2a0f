/**
 * Client bundle sizes per route.
 *
 * Builds apps/client with Vite into a temporary directory, then reads the Vite manifest: a
 * route's initial JavaScript is the entry chunk plus the route's lazy chunk plus everything
 * both import statically (transitively). Prints gzip sizes per route and their ratio to a
 * baseline built in the same run: the framework floor, a one-route React 19 + react-dom +
 * `createHashRouter` app with the same Vite settings. Also sizes what loads on demand: the
 * purchase box's wallet code (at idle time after load, or when the box is touched) and
 * Android's Mobile Wallet Adapter (Android's browser only). Checks home (120 KiB gzipped) and
 * the presale pages (160 KiB) against their budgets and exits 1 when one is exceeded.
 *
 * Run: npm run client-bundle -w @fbt/bench
 */
import { mkdtempSync, readFileSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { dirname, join, resolve } from 'node:path';
import { fileURLToPath } from 'node:url';
import { gzipSync } from 'node:zlib';
import { build } from 'vite';
import { buildBareReactPage } from './bare-react-page';

const HOME_BUDGET_BYTES = 120 * 1024;
/** The presale pages without the purchase box's wallet code, which loads when wanted. */
const PRESALE_BUDGET_BYTES = 160 * 1024;

/** Chunks loaded on demand, sized beyond what their route already loaded. */
const onDemand: [string, string, string][] = [
  [
    "purchase box's wallet code",
    'src/app/routes/presale-purchase.tsx',
    'src/app/routes/presale.tsx',
  ],
  [
    'Mobile Wallet Adapter (Android)',
    'src/features/wallet/lib/mobile-wallet.ts',
    'src/app/routes/presale-purchase.tsx',
  ],
  [
    'leader QR code (qrcode)',
    '../../node_modules/qrcode/lib/browser.js',
    'src/app/routes/leader-earnings.tsx',
  ],
];
const clientRoot = resolve(dirname(fileURLToPath(import.meta.url)), '../apps/client');

interface ManifestChunk {
  file: string;
  src?: string;
  isEntry?: boolean;
  imports?: string[];
  dynamicImports?: string[];
}
type Manifest = Record<string, ManifestChunk>;

/** Route -> the manifest key of its lazy module (undefined: home lives in the entry). */
const routes: [string, string | undefined][] = [
  ['/ (home)', undefined],
  ['/roadmap', 'src/app/routes/roadmap.tsx'],
  ['/live', 'src/app/routes/live.tsx'],
  ['/leaderboard', 'src/app/routes/leaderboard.tsx'],
  ['/swap (wallet)', 'src/app/routes/swap.tsx'],
  ['/mammamia', 'src/app/routes/mammamia.tsx'],
  ['/{private} and 404', 'src/app/routes/catch-all.tsx'],
  ['/presale, /leader', 'src/app/routes/presale.tsx'],
  ['/leader/earnings (wallet)', 'src/app/routes/leader-earnings.tsx'],
  ['/verify (program client)', 'src/app/routes/verify.tsx'],
];

function staticClosure(manifest: Manifest, keys: string[]): Set<string> {
  const seen = new Set<string>();
  const visit = (key: string) => {
    if (seen.has(key)) return;
    const chunk = manifest[key];
    if (!chunk) throw new Error(`manifest has no chunk ${key}`);
    seen.add(key);
    for (const dep of chunk.imports ?? []) visit(dep);
  };
  keys.forEach(visit);
  return seen;
}

/** Builds the framework floor (React + react-dom + hash router, one route); returns gzip bytes. */
async function buildFloor(): Promise<number> {
  const { root, dist: out } = await buildBareReactPage('.floor-', {
    head: '',
    routeElement: '<h1>floor</h1>',
  });
  try {
    const manifest = JSON.parse(readFileSync(join(out, '.vite/manifest.json'), 'utf8')) as Manifest;
    let gzip = 0;
    for (const chunk of Object.values(manifest)) {
      if (chunk.file.endsWith('.js'))
        gzip += gzipSync(readFileSync(join(out, chunk.file)), { level: 9 }).length;
    }
    return gzip;
  } finally {
    rmSync(root, { recursive: true, force: true });
  }
}

const outDir = mkdtempSync(join(tmpdir(), 'fbt-client-bundle-'));
try {
  const started = performance.now();
  await build({ root: clientRoot, logLevel: 'warn', build: { outDir, emptyOutDir: true } });
  const buildMs = performance.now() - started;

  const manifest = JSON.parse(
    readFileSync(join(outDir, '.vite/manifest.json'), 'utf8'),
  ) as Manifest;
  const entryKey = Object.keys(manifest).find((key) => manifest[key]?.isEntry);
  if (!entryKey) throw new Error('no entry in the Vite manifest');

  const gzipCache = new Map<string, { raw: number; gzip: number }>();
  const sizeOf = (file: string) => {
    let size = gzipCache.get(file);
    if (!size) {
      const bytes = readFileSync(join(outDir, file));
      size = { raw: bytes.length, gzip: gzipSync(bytes, { level: 9 }).length };
      gzipCache.set(file, size);
    }
    return size;
  };

  const rows = routes.map(([route, key]) => {
    const closure = staticClosure(manifest, key ? [entryKey, key] : [entryKey]);
    let raw = 0;
    let gzip = 0;
    for (const chunkKey of closure) {
      const file = manifest[chunkKey]!.file;
      if (!file.endsWith('.js')) continue;
      const size = sizeOf(file);
      raw += size.raw;
      gzip += size.gzip;
    }
    return { route, chunks: closure.size, raw, gzip };
  });

  const floor = await buildFloor();
  const home = rows[0]!;
  const kib = (bytes: number) => `${(bytes / 1024).toFixed(1)} KiB`;
  console.log(`apps/client production build in ${(buildMs / 1000).toFixed(1)} s (${outDir})`);
  console.log(
    `baseline (same run): React + react-dom + createHashRouter, one route = ${kib(floor)} gzip`,
  );
  console.log('initial JavaScript per route (entry + route chunk + static imports):\n');
  console.log(
    [
      'route'.padEnd(22),
      'chunks',
      'raw'.padStart(11),
      'gzip'.padStart(11),
      'vs floor'.padStart(9),
    ].join('  '),
  );
  for (const row of rows) {
    console.log(
      [
        row.route.padEnd(22),
        String(row.chunks).padStart(6),
        kib(row.raw).padStart(11),
        kib(row.gzip).padStart(11),
        `${(row.gzip / floor).toFixed(2)}x`.padStart(9),
      ].join('  '),
    );
  }
  console.log('\nloaded on demand (beyond what is already loaded):');
  for (const [label, key, after] of onDemand) {
    const base = staticClosure(manifest, [entryKey, 'src/app/routes/presale.tsx', after]);
    let gzip = 0;
    let chunks = 0;
    for (const chunkKey of staticClosure(manifest, [key])) {
      const file = manifest[chunkKey]!.file;
      if (base.has(chunkKey) || !file.endsWith('.js')) continue;
      gzip += sizeOf(file).gzip;
      chunks++;
    }
    console.log(
      `  ${label.padEnd(34)} ${String(chunks).padStart(2)} chunks ${kib(gzip).padStart(11)}`,
    );
  }
  const entry = manifest[entryKey]!;
  const entryGzip = sizeOf(entry.file).gzip;
  console.log(
    `\nentry chunk alone: ${kib(entryGzip)} gzip (${((entryGzip / home.gzip) * 100).toFixed(0)}% of home)`,
  );
  const ok = home.gzip <= HOME_BUDGET_BYTES;
  console.log(
    `home budget: ${kib(home.gzip)} of ${kib(HOME_BUDGET_BYTES)} (${((home.gzip / HOME_BUDGET_BYTES) * 100).toFixed(0)}%) -> ${ok ? 'WITHIN BUDGET' : 'OVER BUDGET'}`,
  );
  const presale = rows.find((row) => row.route.startsWith('/presale'))!;
  const presaleOk = presale.gzip <= PRESALE_BUDGET_BYTES;
  console.log(
    `presale budget: ${kib(presale.gzip)} of ${kib(PRESALE_BUDGET_BYTES)} (${((presale.gzip / PRESALE_BUDGET_BYTES) * 100).toFixed(0)}%) -> ${presaleOk ? 'WITHIN BUDGET' : 'OVER BUDGET'}`,
  );
  if (!ok || !presaleOk) process.exitCode = 1;
} finally {
  rmSync(outDir, { recursive: true, force: true });
}
