import { execFileSync } from 'node:child_process';
import {
  existsSync,
  mkdirSync,
  mkdtempSync,
  readFileSync,
  readdirSync,
  rmSync,
  writeFileSync,
} from 'node:fs';
import { tmpdir } from 'node:os';
import { dirname, join } from 'node:path';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { REPO_ROOT } from '../../src/tracked-files';
import {
  childCommands,
  startBffProcess,
  writeUnreachableDeployment,
  type BffProcess,
} from '../../src/deploy/bff-process';
import { bffServices, resolveCompose } from '../../src/deploy/compose-config';
import { bundlePackageImports, installedPackages } from '../../src/deploy/runtime-tree';

const readJson = (path: string) => JSON.parse(readFileSync(path, 'utf8')) as { version?: string };

/**
 * The image runs the BFF compiled by deploy/build-bff.mjs (no tsx, no TypeScript source) on the
 * node_modules deploy/runtime-deps.mjs lays out: build both the same way into a directory of
 * their own, start the BFF there the way the image's CMD does, and talk to it over HTTP.
 */
describe('the compiled BFF (deploy/build-bff.mjs) on its runtime tree (deploy/runtime-deps.mjs), as the container runs it', () => {
  const work = mkdtempSync(join(tmpdir(), 'fbt-bff-bundle-'));
  // The image's /app: the runtime node_modules and the compiled BFF at the same paths.
  const app = join(work, 'app');
  const bundle = join(app, 'apps', 'bff', 'dist', 'main.mjs');
  const site = join(work, 'site');
  const env = (deploymentFile: string, ledger: string): Record<string, string> => ({
    PATH: process.env.PATH ?? '',
    NODE_ENV: 'production',
    PUBLIC_SITE_URL: 'https://fbt.example',
    HOST: '127.0.0.1',
    PORT: '0',
    METRICS_PORT: 'off',
    DEPLOYMENT_FILE: deploymentFile,
    CLIENT_DIST: site,
    DATABASE_PATH: join(work, ledger),
    PYTH_HERMES_URL: '',
    LOG_LEVEL: 'info',
  });
  let bff: BffProcess;
  let waiting: BffProcess | undefined;
  let base = '';

  beforeAll(async () => {
    for (const script of [
      ['deploy/build-bff.mjs', '--outfile', bundle],
      ['deploy/runtime-deps.mjs', '--out', app],
    ])
      execFileSync(process.execPath, script, { cwd: REPO_ROOT, stdio: 'pipe' });
    mkdirSync(join(site, 'assets'), { recursive: true });
    writeFileSync(join(site, 'index.html'), '<!doctype html><title>FBT</title>');
    writeFileSync(join(site, 'assets', 'app-3f9a1c.js'), 'console.log("fbt");');
    const deployment = join(work, 'deployment.json');
    writeUnreachableDeployment(deployment);
    bff = startBffProcess(process.execPath, ['--enable-source-maps', bundle], {
      cwd: work,
      env: env(deployment, 'ledger.sqlite'),
    });
    base = await bff.listening;
  }, 120_000);

  afterAll(() => {
    for (const started of [bff, waiting])
      if (started !== undefined && started.child.exitCode === null) started.child.kill('SIGKILL');
    rmSync(work, { recursive: true, force: true });
  }, 60_000);

  it('starts from that tree alone: no node_modules above it, none but its own in it', () => {
    for (let dir = dirname(app); ; dir = dirname(dir)) {
      expect(existsSync(join(dir, 'node_modules')), dir).toBe(false);
      if (dir === dirname(dir)) break;
    }
    expect(readdirSync(app).sort()).toEqual(['apps', 'node_modules', 'package.json']);
  });

  it('answers /healthz, and /readyz names the unreachable chain', async () => {
    const health = await fetch(`${base}/healthz`);
    expect(health.status).toBe(200);
    const ready = await fetch(`${base}/readyz`);
    expect(ready.status).toBe(503);
    const body = (await ready.json()) as { reasons: string[] };
    expect(body.reasons.some((reason) => reason.startsWith('presale:public:'))).toBe(true);
  });

  it('serves the built site from CLIENT_DIST, hashed assets immutable', async () => {
    const page = await fetch(`${base}/`);
    expect(page.status).toBe(200);
    expect(await page.text()).toContain('<title>FBT</title>');
    const asset = await fetch(`${base}/assets/app-3f9a1c.js`);
    expect(asset.status).toBe(200);
    expect(asset.headers.get('cache-control')).toBe('public, max-age=31536000, immutable');
  });

  it('serves the API docs (a package that reads its own files at run time)', async () => {
    const docs = await fetch(`${base}/docs/json`);
    expect(docs.status).toBe(200);
    expect(((await docs.json()) as { openapi: string }).openapi).toMatch(/^3\./);
  });

  it("serves the program's IDL compiled in (the image has no programs/), the committed bytes", async () => {
    const idl = await fetch(`${base}/idl/presale.json`);
    expect(idl.status).toBe(200);
    expect(idl.headers.get('content-type')).toBe('application/json; charset=utf-8');
    const committed = readFileSync(join(REPO_ROOT, 'programs/presale/idl/presale.json'));
    expect(Buffer.from(await idl.arrayBuffer()).equals(committed)).toBe(true);
    // Compiled in: the bundle holds the IDL's text (a string literal, newlines escaped).
    expect(readFileSync(bundle, 'utf8')).toContain(
      '"kind": "programNode",\\n    "name": "fbtPresale"',
    );
  });

  it('holds exactly the packages the bundle imports, at the versions installed in the repository', () => {
    const imported = bundlePackageImports(readFileSync(bundle, 'utf8'));
    expect(imported.size).toBeGreaterThan(5);
    expect([...imported].filter((name) => name.startsWith('@fbt/'))).toEqual([]);
    const manifest = readJson(join(app, 'package.json')) as {
      dependencies: Record<string, string>;
    };
    expect(Object.keys(manifest.dependencies).sort()).toEqual([...imported].sort());
    for (const [name, version] of Object.entries(manifest.dependencies)) {
      expect(readJson(join(app, 'node_modules', name, 'package.json')).version, name).toBe(version);
      expect(readJson(join(REPO_ROOT, 'node_modules', name, 'package.json')).version).toBe(version);
    }
  });

  it('holds nothing of the site, the local chain, the program build or the dev tools, and no @solana/spl-token or bigint-buffer', () => {
    const names = [...installedPackages(join(app, 'node_modules')).keys()];
    expect(names).toEqual(expect.arrayContaining(['fastify', 'better-sqlite3', '@solana/web3.js']));
    const notLoaded = [
      '@solana/spl-token',
      '@solana/buffer-layout-utils',
      'bigint-buffer',
      'react',
      'react-dom',
      'react-native',
      'metro',
      '@solana/wallet-adapter-base',
      '@solana/wallet-adapter-react',
      '@solana-mobile/wallet-standard-mobile',
      'vite',
      'rolldown',
      'litesvm',
      '@solana/kit',
      'esbuild',
      'typescript',
      'tsx',
      'vitest',
      'playwright-core',
    ];
    expect(names.filter((name) => notLoaded.includes(name) || name.startsWith('@fbt/'))).toEqual(
      [],
    );
  });

  it('keeps the SQLite addon as built, without its sources, and the BFF opens its ledger with it', () => {
    const addon = join(app, 'node_modules', 'better-sqlite3');
    // Built from source (the image) or the package's own Node-API build for this platform.
    const built = join(addon, 'build', 'Release', 'better_sqlite3.node');
    const prebuilt = join(addon, 'prebuilds', `${process.platform}-${process.arch}.node`);
    expect(existsSync(built) || existsSync(prebuilt)).toBe(true);
    expect(existsSync(join(addon, 'deps', 'sqlite3', 'sqlite3.c'))).toBe(false);
    expect(existsSync(join(addon, 'src'))).toBe(false);
    expect(existsSync(join(addon, 'build', 'Release', 'obj.target'))).toBe(false);
    expect(existsSync(join(work, 'ledger.sqlite'))).toBe(true);
  });

  it('stops cleanly on SIGTERM, as `docker stop` sends it', async () => {
    bff.child.kill('SIGTERM');
    expect(await bff.exited).toBe(0);
    expect(bff.output()).toContain('shutting down');
  });

  it("under compose's command, waits for the deployment file, then runs the BFF in its place", async () => {
    const config = resolveCompose(readFileSync(join(REPO_ROOT, '.env.example'), 'utf8'));
    const command = bffServices(config)[0]?.[1].command;
    expect(Array.isArray(command) && command.slice(0, 2)).toEqual(['sh', '-c']);
    // `docker-compose config` prints the file form, where `$$` stands for a literal `$`.
    const script = (Array.isArray(command) ? (command[2] ?? '') : '').replaceAll('$$', '$');
    expect(script).toContain('exec node --enable-source-maps apps/bff/dist/main.mjs');
    const late = join(work, 'late', 'deployment.json');
    // Run as it is, from the image's working directory.
    waiting = startBffProcess('sh', ['-c', script], {
      cwd: app,
      env: env(late, 'late.sqlite'),
    });
    // The command is waiting (its shell runs `sleep`); now the seeding's part: the file appears.
    const shellPid = waiting.child.pid ?? 0;
    const sleeping = () => childCommands(shellPid).includes('sleep');
    for (let attempt = 0; attempt < 300 && !sleeping(); attempt++)
      await new Promise((resolve) => setTimeout(resolve, 100));
    expect(sleeping()).toBe(true);
    expect(waiting.output()).not.toContain('Server listening');
    mkdirSync(join(work, 'late'));
    writeUnreachableDeployment(late);
    const url = await waiting.listening;
    expect((await fetch(`${url}/healthz`)).status).toBe(200);
    // exec: the BFF is the process Docker signals.
    waiting.child.kill('SIGTERM');
    expect(await waiting.exited).toBe(0);
    expect(waiting.output()).toContain('shutting down');
  }, 120_000);
});
