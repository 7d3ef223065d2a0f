import { execFileSync } from 'node:child_process';
import { mkdirSync, mkdtempSync, readFileSync, readdirSync, rmSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { REPO_ROOT } from '../../src/tracked-files';
import {
  childCommands,
  startBffProcess,
  writeUnreachableDeployment,
  type BffProcess,
} from '../../src/deploy/bff-process';
import { bffServices, resolveCompose } from '../../src/deploy/compose-config';

/**
 * The image runs the BFF compiled by deploy/build-bff.mjs (no tsx, no TypeScript source): build
 * it the same way, start it the way the image's CMD does, and talk to it over HTTP.
 */
describe('the compiled BFF (deploy/build-bff.mjs), as the container runs it', () => {
  // Same directory as the image's apps/bff/dist/main.mjs, a name of its own (concurrent runs).
  const outfile = `apps/bff/dist/main.test-${process.pid}.mjs`;
  const work = mkdtempSync(join(tmpdir(), 'fbt-bff-bundle-'));
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
    execFileSync(process.execPath, ['deploy/build-bff.mjs', '--outfile', outfile], {
      cwd: REPO_ROOT,
      stdio: 'pipe',
    });
    mkdirSync(join(site, 'assets'), { recursive: true });
    writeFileSync(join(site, 'index.html'), '<!doctype html><title>FBT</title>');
    writeFileSync(join(site, 'assets', 'app-3f9a1c.js'), 'console.log("fbt");');
    const deployment = join(work, 'deployment.json');
    writeUnreachableDeployment(deployment);
    bff = startBffProcess(process.execPath, ['--enable-source-maps', join(REPO_ROOT, outfile)], {
      cwd: work,
      env: env(deployment, 'ledger.sqlite'),
    });
    base = await bff.listening;
  }, 120_000);

  afterAll(() => {
    for (const started of [bff, waiting])
      if (started !== undefined && started.child.exitCode === null) started.child.kill('SIGKILL');
    rmSync(join(REPO_ROOT, outfile), { force: true });
    rmSync(join(REPO_ROOT, `${outfile}.map`), { force: true });
    rmSync(work, { recursive: true, force: true });
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
    const bundle = readFileSync(join(REPO_ROOT, outfile), 'utf8');
    expect(bundle).toContain('"kind": "programNode",\\n    "name": "fbtPresale"');
  });

  it('imports only packages that some workspace lists as a production dependency', () => {
    // The image keeps node_modules after `npm prune --omit=dev`: what survives is what a
    // workspace (or the root) declares in `dependencies`.
    const manifests = [
      '.',
      'bench',
      ...['packages', 'apps', 'programs', 'tools'].flatMap((dir) =>
        readdirSync(join(REPO_ROOT, dir)).map((name) => `${dir}/${name}`),
      ),
    ].flatMap((dir): { dependencies?: Record<string, string> }[] => {
      try {
        return [
          JSON.parse(readFileSync(join(REPO_ROOT, dir, 'package.json'), 'utf8')) as {
            dependencies?: Record<string, string>;
          },
        ];
      } catch {
        return []; // a folder without a package.json is no workspace
      }
    });
    const production = new Set(
      manifests.flatMap((manifest) => Object.keys(manifest.dependencies ?? {})),
    );
    const bundle = readFileSync(join(REPO_ROOT, outfile), 'utf8');
    const specifiers = [
      ...bundle.matchAll(/(?:from|import\(|resolve\()\s*["']([^"'./][^"']*)["']/g),
    ].map((match) => match[1] ?? '');
    const packages = new Set(
      specifiers
        .filter((specifier) => !specifier.startsWith('node:'))
        .map((specifier) =>
          specifier
            .split('/')
            .slice(0, specifier.startsWith('@') ? 2 : 1)
            .join('/'),
        ),
    );
    expect(packages.size).toBeGreaterThan(5);
    expect([...packages].filter((name) => name.startsWith('@fbt/'))).toEqual([]);
    expect([...packages].filter((name) => !production.has(name))).toEqual([]);
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
    waiting = startBffProcess('sh', ['-c', script.replace('apps/bff/dist/main.mjs', outfile)], {
      cwd: REPO_ROOT,
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
