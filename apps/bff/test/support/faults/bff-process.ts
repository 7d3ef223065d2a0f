/**
 * One BFF process on a fixed loopback port, which a test may SIGKILL and start again on the
 * same port with the same environment. It runs what production runs: `src/main.ts` compiled by
 * `deploy/build-bff.mjs` (the container's build, esbuild) into one module, started by node
 * itself (no wrapper process, so a signal reaches the BFF). Compiled once per test file, a
 * start costs about half the CPU of tsx compiling the sources again, which matters when a test
 * restarts instances many times on a shared machine.
 */
import { execFile, spawn, type ChildProcess } from 'node:child_process';
import { rmSync } from 'node:fs';
import { join } from 'node:path';
import { fileURLToPath } from 'node:url';

const REPO_ROOT = fileURLToPath(new URL('../../../../../', import.meta.url));
const BFF_DIR = join(REPO_ROOT, 'apps/bff');

/** A compiled BFF (`apps/bff/dist/main.<name>.mjs`, ignored by git) and its removal. */
export interface BffBundle {
  readonly path: string;
  remove(): void;
}

/**
 * Compiles the BFF as the container image does, into a file of its own beside the image's
 * `dist/main.mjs` (same depth as `src/`, so paths resolved from the repository root hold).
 */
export async function buildBffBundle(name: string): Promise<BffBundle> {
  const path = join(BFF_DIR, 'dist', `main.${name}.mjs`);
  await new Promise<void>((resolve, reject) => {
    execFile(
      process.execPath,
      ['deploy/build-bff.mjs', '--outfile', path],
      { cwd: REPO_ROOT },
      (error, _stdout, stderr) => {
        if (error === null) resolve();
        else reject(new Error(`deploy/build-bff.mjs failed: ${stderr}`, { cause: error }));
      },
    );
  });
  return {
    path,
    remove: () => {
      rmSync(path, { force: true });
      rmSync(`${path}.map`, { force: true });
    },
  };
}

/** A restartable BFF process. */
export interface BffProcess {
  readonly name: string;
  readonly url: string;
  /** How many times it was SIGKILLed. */
  readonly kills: number;
  /** Whether the current process is alive and answered /healthz since it started. */
  readonly up: boolean;
  /** SIGKILL (no drain, no clean close) and wait for the exit. */
  kill9(): Promise<void>;
  /** Starts a new process on the same port and waits for /healthz. */
  start(): Promise<void>;
  /** Output of every process started so far (the last 20,000 characters). */
  output(): string;
  /** SIGTERM, then SIGKILL after 5 s; waits for the exit. */
  stop(): Promise<void>;
}

async function sleep(ms: number): Promise<void> {
  await new Promise((resolve) => setTimeout(resolve, ms));
}

/** Spawns the BFF with `env` (plus PATH, HOST and PORT) and waits until it answers /healthz. */
export async function startBffProcess(options: {
  readonly bundle: BffBundle;
  readonly name: string;
  readonly port: number;
  readonly env: Readonly<Record<string, string>>;
}): Promise<BffProcess> {
  const url = `http://127.0.0.1:${options.port}`;
  let child: ChildProcess | null = null;
  let exited: Promise<void> = Promise.resolve();
  let healthy = false;
  let kills = 0;
  let log = '';
  const append = (chunk: Buffer) => {
    log = (log + chunk.toString('utf8')).slice(-20_000);
  };

  const alive = () => child !== null && child.exitCode === null && child.signalCode === null;

  const start = async () => {
    if (alive()) throw new Error(`${options.name} is already running`);
    healthy = false;
    const started = spawn(process.execPath, ['--enable-source-maps', options.bundle.path], {
      cwd: BFF_DIR,
      env: {
        PATH: process.env.PATH ?? '',
        // The run's node options go along (the Node LTS run preloads its SQLite addon so).
        ...(process.env.NODE_OPTIONS === undefined
          ? {}
          : { NODE_OPTIONS: process.env.NODE_OPTIONS }),
        HOST: '127.0.0.1',
        PORT: String(options.port),
        ...options.env,
      },
      stdio: ['ignore', 'pipe', 'pipe'],
    });
    child = started;
    started.stdout?.on('data', append);
    started.stderr?.on('data', append);
    exited = new Promise((resolve) => started.once('exit', () => resolve()));
    const deadline = Date.now() + 90_000;
    for (;;) {
      if (started.exitCode !== null) {
        throw new Error(`${options.name} exited with ${started.exitCode}:\n${log.slice(-2_000)}`);
      }
      const answer = await fetch(`${url}/healthz`).catch(() => null);
      if (answer?.status === 200) break;
      if (Date.now() > deadline) {
        throw new Error(`${options.name} did not answer /healthz:\n${log.slice(-2_000)}`);
      }
      await sleep(100);
    }
    healthy = true;
  };

  await start();
  return {
    name: options.name,
    url,
    get kills() {
      return kills;
    },
    get up() {
      return healthy && alive();
    },
    async kill9() {
      if (!alive()) return;
      healthy = false;
      child?.kill('SIGKILL');
      kills++;
      await exited;
    },
    start,
    output: () => log,
    async stop() {
      if (!alive()) return;
      healthy = false;
      child?.kill('SIGTERM');
      const timer = setTimeout(() => child?.kill('SIGKILL'), 5_000);
      await exited;
      clearTimeout(timer);
    },
  };
}
