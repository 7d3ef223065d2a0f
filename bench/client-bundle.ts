/**
 * Client bundle sizes per route.
 *
 * Builds apps/client with Vite into a temporary directory, then reads the Vite manifest: a
 * route's initial JavaScript is the entry chunk plus the route's lazy chunk plus everything
 * both import statically (transitively). Prints gzip sizes per route and their ratio to a
 * baseline built in the same run: the framework floor, a one-route React 19 + react-dom +
 * `createHashRouter` app with the same Vite settings. Checks the home route against its budget
 * (120 KiB gzipped) and exits 1 when it is exceeded.
 *
 * Run: npm run client-bundle -w @fbt/bench
 */
import { mkdirSync, mkdtempSync, readFileSync, rmSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { dirname, join, resolve } from 'node:path';
import { fileURLToPath } from 'node:url';
import { gzipSync } from 'node:zlib';
import { build } from 'vite';

const HOME_BUDGET_BYTES = 120 * 1024;
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
  // Inside the repo so `react` resolves from the workspace's node_modules.
  const root = mkdtempSync(join(dirname(fileURLToPath(import.meta.url)), '.floor-'));
  try {
    mkdirSync(join(root, 'src'));
    writeFileSync(
      join(root, 'index.html'),
      '<!doctype html><div id="root"></div><script type="module" src="/src/main.tsx"></script>',
    );
    writeFileSync(
      join(root, 'src/main.tsx'),
      [
        "import { createRoot } from 'react-dom/client';",
        "import { createHashRouter, RouterProvider } from 'react-router';",
        "const router = createHashRouter([{ path: '/', element: <h1>floor</h1> }]);",
        "createRoot(document.getElementById('root')!).render(<RouterProvider router={router} />);",
      ].join('\n'),
    );
    const out = join(root, 'dist');
    const react = (await import('@vitejs/plugin-react')).default;
    await build({
      root,
      configFile: false,
      logLevel: 'warn',
      plugins: [react()],
      build: { outDir: out, manifest: true, target: 'es2022' },
    });
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
  const entry = manifest[entryKey]!;
  const entryGzip = sizeOf(entry.file).gzip;
  console.log(
    `\nentry chunk alone: ${kib(entryGzip)} gzip (${((entryGzip / home.gzip) * 100).toFixed(0)}% of home)`,
  );
  const ok = home.gzip <= HOME_BUDGET_BYTES;
  console.log(
    `home budget: ${kib(home.gzip)} of ${kib(HOME_BUDGET_BYTES)} (${((home.gzip / HOME_BUDGET_BYTES) * 100).toFixed(0)}%) -> ${ok ? 'WITHIN BUDGET' : 'OVER BUDGET'}`,
  );
  if (!ok) process.exitCode = 1;
} finally {
  rmSync(outDir, { recursive: true, force: true });
}
