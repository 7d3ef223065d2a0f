import { spawn } from 'node:child_process';
import type { ChildProcess } from 'node:child_process';
import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { afterAll, describe, expect, it } from 'vitest';
import { freePort } from '../src/site-url';

const ROOT = path.resolve(import.meta.dirname, '../../..');
/** Exactly what `npm start` runs (the root package.json's start script), without npm around it. */
const START_COMMAND = (
  JSON.parse(fs.readFileSync(path.join(ROOT, 'package.json'), 'utf8')) as {
    scripts: { start: string };
  }
).scripts.start.split(' ');
const [START_BIN, ...START_ARGS] = START_COMMAND;
const dir = fs.mkdtempSync(path.join(os.tmpdir(), 'fbt-npm-start-'));
const running: ChildProcess[] = [];

const groups: number[] = [];

afterAll(() => {
  for (const child of running) if (child.exitCode === null) child.kill('SIGKILL');
  for (const group of groups) {
    try {
      process.kill(-group, 'SIGKILL');
    } catch {
      // already gone
    }
  }
  fs.rmSync(dir, { recursive: true, force: true });
});

function startBin(): string {
  if (START_BIN !== 'node') throw new Error(`npm start runs ${START_BIN}, expected node`);
  return process.execPath;
}

interface Started {
  child: ChildProcess;
  output: () => string;
}

/** Runs the start command and resolves once it prints its banner. */
function start(env: Record<string, string>, args: string[] = []): Promise<Started> {
  // its own process group, so stop() can signal the group the way a terminal's Ctrl-C does
  const child = spawn(startBin(), [...START_ARGS, ...args], {
    cwd: ROOT,
    env: { ...process.env, ...env },
    stdio: ['ignore', 'pipe', 'pipe'],
    detached: true,
  });
  if (child.pid !== undefined) groups.push(child.pid);
  let out = '';
  child.stdout?.on('data', (chunk: Buffer) => (out += chunk.toString()));
  child.stderr?.on('data', (chunk: Buffer) => (out += chunk.toString()));
  return new Promise((resolve, reject) => {
    const timer = setTimeout(() => reject(new Error(`no banner within 150 s:\n${out}`)), 150_000);
    const check = setInterval(() => {
      if (out.includes('Ctrl-C to stop.')) {
        clearInterval(check);
        clearTimeout(timer);
        resolve({ child, output: () => out });
      }
    }, 100);
    child.once('exit', (code) => {
      clearInterval(check);
      clearTimeout(timer);
      reject(new Error(`npm start exited (${code}) before its banner:\n${out}`));
    });
  });
}

/** Ctrl-C as a terminal sends it: SIGINT to the whole process group at once. */
function stop(child: ChildProcess): Promise<number | null> {
  const exited = new Promise<number | null>((resolve) =>
    child.once('exit', (code) => resolve(code)),
  );
  process.kill(-(child.pid ?? 0), 'SIGINT');
  return exited;
}

describe('npm start', () => {
  it('starts the chain, seeds it once, serves the BFF, stops cleanly on Ctrl-C and restarts from the ledger', async () => {
    const [rpcPort, wsPort, webPort, metricsPort] = [
      await freePort('127.0.0.1'),
      await freePort('127.0.0.1'),
      await freePort('127.0.0.1'),
      await freePort('127.0.0.1'),
    ];
    const env = {
      LOCALNET_PORT: String(rpcPort),
      LOCALNET_WS_PORT: String(wsPort),
      PORT: String(webPort),
      METRICS_PORT: String(metricsPort),
      LOCALNET_DATA_DIR: path.join(dir, 'localnet'),
      DATABASE_PATH: path.join(dir, 'ledger.sqlite'),
      FBT_SKIP_CLIENT_BUILD: '1',
    };
    const first = await start(env);
    const deployment = JSON.parse(
      fs.readFileSync(path.join(dir, 'localnet', 'deployment.json'), 'utf8'),
    ) as {
      programId: string;
      mint: string;
      metadataUri: string;
      presales: Record<'public' | 'private' | 'leader', { terms?: unknown }>;
      testWallets: { address: string }[];
      leaders: { code: string; wallet: string; record: string }[];
    };
    expect(first.output()).toContain(`Site            http://localhost:${webPort}`);
    // The seeded FBT names the site's metadata document, which the site serves.
    expect(deployment.metadataUri).toBe(`http://localhost:${webPort}/token/fbt.json`);
    expect(await (await fetch(`http://127.0.0.1:${webPort}/token/fbt.json`)).json()).toMatchObject({
      name: 'Frustrated Beast Token',
      symbol: 'FBT',
    });
    // The file declares the terms each presale was made with, which the verify page holds the
    // chain's to: all at completion, the private round vesting.
    expect(deployment.presales.public.terms).toEqual({ delivery: 'at-completion' });
    expect(deployment.presales.private.terms).toEqual({
      delivery: 'at-completion',
      unlockedAtCompletionBps: 2_500,
      cliffSeconds: 30 * 86_400,
      vestingSeconds: 180 * 86_400,
    });
    // The seeded leader codes are on chain for the leader presale, paying the seeded leader.
    expect(deployment.leaders.map((leader) => leader.code)).toEqual(['fbt-team', 'fbtdemo']);
    expect(first.output()).toContain('Leader codes    fbt-team, fbtdemo');
    const leaderWallet = deployment.leaders[0]?.wallet ?? '';
    const earnings = (await (
      await fetch(`http://127.0.0.1:${webPort}/api/v1/leaders/by-wallet/${leaderWallet}`)
    ).json()) as { leaders: { code: string; record: string; active: boolean }[] };
    expect(earnings.leaders).toEqual(
      deployment.leaders.map((leader): unknown =>
        expect.objectContaining({ code: leader.code, record: leader.record, active: true }),
      ),
    );
    // The site's code check knows them from chain (the ledger holds nothing before a buy).
    for (const leader of deployment.leaders) {
      const check = await fetch(`http://127.0.0.1:${webPort}/api/v1/leaders/${leader.code}`);
      expect(check.status).toBe(200);
      expect(await check.json()).toMatchObject({
        code: leader.code,
        record: leader.record,
        active: true,
        buys: 0,
      });
    }
    // The private presale is open: no allowlist unless the operator sets one. It delivers at
    // completion, so its window ends (a year after the seeding) and has no start.
    const privatePresale = (await (
      await fetch(`http://127.0.0.1:${webPort}/api/v1/presales/private`)
    ).json()) as { allowlisted: boolean; window: { start: number | null; end: number | null } };
    expect(privatePresale).toMatchObject({ allowlisted: false, window: { start: null } });
    const yearFromNow = Date.now() / 1000 + 365 * 86_400;
    expect(Math.abs((privatePresale.window.end ?? 0) - yearFromNow)).toBeLessThan(86_400);
    expect(first.output()).toContain(`Test wallet     ${deployment.testWallets[0]?.address}`);
    expect((await fetch(`http://127.0.0.1:${webPort}/healthz`)).status).toBe(200);
    // Metrics on their own loopback port, never on the site's.
    const metricsUrl = `http://127.0.0.1:${metricsPort}/metrics`;
    expect(first.output()).toContain(`Metrics         ${metricsUrl}`);
    expect(await (await fetch(metricsUrl)).text()).toMatch(
      /^fbt_ws_clients\{instance_id="[^"]+"\} 0$/m,
    );
    expect((await fetch(`http://127.0.0.1:${webPort}/metrics`)).status).toBe(404);
    const config = (await (await fetch(`http://127.0.0.1:${webPort}/api/v1/config`)).json()) as {
      programId: string;
    };
    expect(config.programId).toBe(deployment.programId);
    expect(await stop(first.child)).toBe(0);
    await expect(fetch(`http://127.0.0.1:${rpcPort}`, { method: 'POST' })).rejects.toThrow();

    const second = await start(env);
    expect(second.output()).toMatch(/replayed \d+ transactions/);
    expect(second.output()).not.toContain('seeding the fresh local chain');
    expect(second.output()).toContain(`Program         ${deployment.programId}`);
    expect(await stop(second.child)).toBe(0);

    // --reset: a new chain, seeded again, and a new ledger database
    const third = await start(env, ['--reset']);
    expect(third.output()).toContain('--reset: fresh chain and fresh ledger database');
    expect(third.output()).toContain('seeding the fresh local chain');
    const reseeded = JSON.parse(
      fs.readFileSync(path.join(dir, 'localnet', 'deployment.json'), 'utf8'),
    ) as { mint: string };
    expect(reseeded.mint).not.toBe(deployment.mint);
    expect(await stop(third.child)).toBe(0);
  }, 300_000);

  it('with SOLANA_RPC_URL set, does not start a chain and refuses to run without a deployment file', async () => {
    const child = spawn(startBin(), START_ARGS, {
      cwd: ROOT,
      env: {
        ...process.env,
        SOLANA_RPC_URL: 'http://127.0.0.1:9',
        DEPLOYMENT_FILE: path.join(dir, 'missing-deployment.json'),
        FBT_SKIP_CLIENT_BUILD: '1',
      },
      stdio: ['ignore', 'pipe', 'pipe'],
    });
    running.push(child);
    let out = '';
    child.stdout?.on('data', (chunk: Buffer) => (out += chunk.toString()));
    const code = await new Promise<number | null>((resolve) => child.once('exit', resolve));
    expect(code).toBe(2);
    expect(out).toContain('the local chain is not started');
    expect(out).toContain(
      `DEPLOYMENT_FILE ${path.join(dir, 'missing-deployment.json')} does not exist`,
    );
  });
});
