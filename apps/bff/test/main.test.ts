import { spawn, type ChildProcess } from 'node:child_process';
import { mkdtempSync, rmSync, writeFileSync } from 'node:fs';
import { createServer, type AddressInfo } from 'node:net';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { fileURLToPath } from 'node:url';
import { afterEach, describe, expect, it } from 'vitest';
import { createTestDeployment } from './support/test-world';

const BFF_DIR = fileURLToPath(new URL('..', import.meta.url));
const TSX = fileURLToPath(new URL('../../../node_modules/.bin/tsx', import.meta.url));
const children: ChildProcess[] = [];
const dirs: string[] = [];

afterEach(() => {
  for (const child of children.splice(0)) if (child.exitCode === null) child.kill('SIGKILL');
  for (const dir of dirs.splice(0)) rmSync(dir, { recursive: true, force: true });
});

function run(env: Record<string, string>) {
  const child = spawn(TSX, ['src/main.ts'], {
    cwd: BFF_DIR,
    env: { PATH: process.env.PATH ?? '', LOG_LEVEL: 'warn', ...env },
    stdio: ['ignore', 'pipe', 'pipe'],
  });
  children.push(child);
  let output = '';
  child.stdout?.on('data', (chunk: Buffer) => (output += chunk.toString('utf8')));
  child.stderr?.on('data', (chunk: Buffer) => (output += chunk.toString('utf8')));
  const exited = new Promise<number | null>((resolve) =>
    child.once('exit', (code) => resolve(code)),
  );
  return { child, exited, output: () => output };
}

function tempDir(): string {
  const dir = mkdtempSync(join(tmpdir(), 'fbt-bff-main-'));
  dirs.push(dir);
  return dir;
}

describe('main.ts (composition root)', () => {
  it('refuses to start on bad config, naming every bad key, exit code 2', async () => {
    const { exited, output } = run({ PORT: 'x', PRICE_REFRESH_MS: '10', CORS_ORIGINS: 'nope' });
    expect(await exited).toBe(2);
    expect(output()).toContain('bff: refusing to start.');
    for (const key of ['PORT', 'PRICE_REFRESH_MS', 'CORS_ORIGINS']) expect(output()).toContain(key);
  }, 60_000);

  it('refuses a production start without PUBLIC_SITE_URL, exit code 2', async () => {
    const { exited, output } = run({ NODE_ENV: 'production' });
    expect(await exited).toBe(2);
    expect(output()).toContain('PUBLIC_SITE_URL: required when NODE_ENV=production');
  }, 60_000);

  it('refuses to start without a readable deployment file, saying what to do', async () => {
    const dir = tempDir();
    const { exited, output } = run({ DEPLOYMENT_FILE: join(dir, 'missing.json') });
    expect(await exited).toBe(2);
    expect(output()).toContain('DEPLOYMENT_FILE: cannot read');
    expect(output()).toContain('start the local chain');
  }, 60_000);

  it('refuses a deployment file of the wrong shape, naming the field', async () => {
    const dir = tempDir();
    const file = join(dir, 'deployment.json');
    writeFileSync(
      file,
      JSON.stringify({ cluster: 'localnet', rpcUrl: 'http://127.0.0.1:8899', programId: 'x' }),
    );
    const { exited, output } = run({ DEPLOYMENT_FILE: file });
    expect(await exited).toBe(2);
    expect(output()).toContain('programId');
    expect(output()).toContain('presales');
  }, 60_000);

  it('refuses to start in one line when the PostgreSQL ledger cannot be reached', async () => {
    const dir = tempDir();
    const file = join(dir, 'deployment.json');
    writeFileSync(file, JSON.stringify(createTestDeployment()));
    const { exited, output } = run({
      DEPLOYMENT_FILE: file,
      DATABASE_URL: 'postgres://fbt:secret-password@127.0.0.1:9/fbt',
      PYTH_HERMES_URL: '',
    });
    expect(await exited).toBe(1);
    expect(output()).toContain('bff: refusing to start: LEDGER__UNAVAILABLE');
    expect(output()).not.toContain('secret-password');
    expect(output()).not.toMatch(/\n\s+at /);
  }, 60_000);

  it('starts, answers /healthz, reports an unreachable chain on /readyz, and stops on SIGTERM', async () => {
    const dir = tempDir();
    const file = join(dir, 'deployment.json');
    writeFileSync(
      file,
      JSON.stringify({
        ...createTestDeployment(),
        rpcUrl: 'http://127.0.0.1:9',
        wsUrl: 'ws://127.0.0.1:9',
      }),
    );
    const port = 20_000 + Math.floor(Math.random() * 20_000);
    const { child, exited, output } = run({
      DEPLOYMENT_FILE: file,
      DATABASE_PATH: join(dir, 'ledger.sqlite'),
      PORT: String(port),
      METRICS_PORT: '0',
      PYTH_HERMES_URL: '',
      LOG_LEVEL: 'info',
    });
    const base = `http://127.0.0.1:${port}`;
    let health: Response | undefined;
    for (let attempt = 0; attempt < 400 && health === undefined; attempt++) {
      health = await fetch(`${base}/healthz`).catch(() => undefined);
      if (health === undefined) await new Promise((resolve) => setTimeout(resolve, 100));
    }
    expect(health?.status, output()).toBe(200);
    const ready = await fetch(`${base}/readyz`);
    expect(ready.status).toBe(503);
    const body = (await ready.json()) as { reasons: string[] };
    expect(body.reasons.some((reason) => reason.startsWith('presale:public: no value yet'))).toBe(
      true,
    );
    // METRICS_PORT=0: a free loopback port, logged; the site port has no /metrics.
    const metricsUrl = /"url":"(http:\/\/127\.0\.0\.1:\d+\/metrics)"/.exec(output())?.[1];
    expect(metricsUrl, output()).toBeDefined();
    const metrics = await (await fetch(metricsUrl ?? '')).text();
    expect(metrics).toMatch(/^nodejs_eventloop_lag_seconds\{instance_id="[^"]+-\d+"\} /m);
    expect(metrics).toMatch(/^fbt_ledger_buys\{instance_id="[^"]+"\} 0$/m);
    expect((await fetch(`${base}/metrics`)).status).toBe(404);
    child.kill('SIGTERM');
    expect(await exited).toBe(0);
    expect(output()).toContain('shutting down');
  }, 90_000);

  it('refuses to start in one line when the metrics port is taken', async () => {
    const dir = tempDir();
    const file = join(dir, 'deployment.json');
    writeFileSync(file, JSON.stringify(createTestDeployment()));
    const taken = createServer();
    await new Promise<void>((resolve) => taken.listen(0, '127.0.0.1', resolve));
    const { port } = taken.address() as AddressInfo;
    try {
      const { exited, output } = run({
        DEPLOYMENT_FILE: file,
        DATABASE_PATH: join(dir, 'ledger.sqlite'),
        PORT: '0',
        METRICS_PORT: String(port),
        PYTH_HERMES_URL: '',
      });
      expect(await exited).toBe(1);
      expect(output()).toContain(
        `bff: refusing to start: METRICS_HOST:METRICS_PORT 127.0.0.1:${port}: listen EADDRINUSE`,
      );
      expect(output()).not.toMatch(/\n\s+at /);
    } finally {
      taken.close();
    }
  }, 60_000);
});
