/**
 * A throwaway Redis server for tests: `redis-server` on a free loopback port, its working
 * folder in a temporary directory, no persistence (`--save ''`, no append-only file), stopped
 * and deleted by {@link RedisServer.stop} (and, as a last resort, when the process exits).
 * `kill()` then `start()` again on the same port lets a test take Redis away and bring it back;
 * `stall()` and `resume()` freeze and thaw it (SIGSTOP/SIGCONT: connected but silent).
 * A missing binary is a failure naming the apt command, never a skip. Test tooling only:
 * import from `@fbt/adapters/testing`.
 */
import { spawn, spawnSync, type ChildProcess } from 'node:child_process';
import { existsSync, mkdtempSync, rmSync } from 'node:fs';
import { connect } from 'node:net';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { freeLoopbackPort } from './free-port';

/** A running (or stopped, restartable) throwaway server. */
export interface RedisServer {
  readonly port: number;
  /** `redis://127.0.0.1:<port>` */
  readonly url: string;
  /** Whether the process is running now. */
  readonly running: boolean;
  /** Stops the process (SIGKILL: a crash, not a clean shutdown); the folder stays. */
  kill(): Promise<void>;
  /** Starts the process again on the same port (empty: nothing is persisted). */
  start(): Promise<void>;
  /** Freezes the process (SIGSTOP): connections stay open, nothing is answered. */
  stall(): void;
  /** Lets a stalled process run again (SIGCONT). */
  resume(): void;
  /** Stops the server and deletes its folder. Safe to call twice. */
  stop(): Promise<void>;
}

const MISSING_BINARY =
  'redis-server not found: run `bash scripts/install-system-deps.sh` ' +
  '(or as root: apt-get install -y redis-server)';

/** The redis-server binary: /usr/bin/redis-server, else the first on $PATH. */
export function findRedisServer(): string {
  const candidates = [
    '/usr/bin/redis-server',
    ...(process.env.PATH ?? '')
      .split(':')
      .filter((dir) => dir !== '')
      .map((dir) => join(dir, 'redis-server')),
  ];
  const found = candidates.find((candidate) => existsSync(candidate));
  if (found === undefined) throw new Error(MISSING_BINARY);
  return found;
}

/** Resolves once something accepts TCP connections on the port (and answers PING). */
async function waitForPong(port: number, child: ChildProcess, output: () => string) {
  const deadline = Date.now() + 15_000;
  for (;;) {
    if (child.exitCode !== null) {
      throw new Error(`redis-server exited with ${child.exitCode}:\n${output()}`);
    }
    const ok = await new Promise<boolean>((resolve) => {
      const socket = connect(port, '127.0.0.1');
      let answer = '';
      socket.setTimeout(500, () => socket.destroy());
      socket.once('connect', () => socket.write('PING\r\n'));
      socket.on('data', (chunk: Buffer) => {
        answer += chunk.toString('utf8');
        if (answer.includes('\r\n')) {
          socket.end();
          resolve(answer.startsWith('+PONG'));
        }
      });
      socket.once('error', () => resolve(false));
      socket.once('close', () => resolve(false));
    });
    if (ok) return;
    if (Date.now() > deadline) throw new Error(`redis-server did not answer:\n${output()}`);
    await new Promise((resolve) => setTimeout(resolve, 50));
  }
}

/** Starts a throwaway Redis server; cleans up after itself when starting fails. */
export async function startRedisServer(): Promise<RedisServer> {
  const binary = findRedisServer();
  const dir = mkdtempSync(join(tmpdir(), 'fbt-redis-'));
  const port = await freeLoopbackPort();
  let child: ChildProcess | null = null;
  let output = '';

  const killSync = () => {
    if (child !== null && child.exitCode === null && child.pid !== undefined) {
      spawnSync('kill', ['-9', String(child.pid)], { stdio: 'ignore' });
    }
    child = null;
  };
  const removeAll = () => {
    killSync();
    rmSync(dir, { recursive: true, force: true });
  };
  // Last resort if a test run ends without calling stop(): no server outlives the process.
  process.once('exit', removeAll);

  const start = async () => {
    output = '';
    const started = spawn(
      binary,
      [
        '--port',
        String(port),
        '--bind',
        '127.0.0.1',
        '--save',
        '',
        '--appendonly',
        'no',
        '--dir',
        dir,
        '--daemonize',
        'no',
        '--protected-mode',
        'yes',
        '--loglevel',
        'warning',
      ],
      { cwd: dir, stdio: ['ignore', 'pipe', 'pipe'] },
    );
    child = started;
    started.stdout?.on('data', (chunk: Buffer) => (output += chunk.toString('utf8')));
    started.stderr?.on('data', (chunk: Buffer) => (output += chunk.toString('utf8')));
    await waitForPong(port, started, () => output);
  };

  const kill = async () => {
    const running = child;
    if (running === null || running.exitCode !== null) return;
    const exited = new Promise<void>((resolve) => running.once('exit', () => resolve()));
    running.kill('SIGKILL');
    await exited;
    child = null;
  };

  try {
    await start();
  } catch (error) {
    process.removeListener('exit', removeAll);
    removeAll();
    throw error;
  }
  return {
    port,
    url: `redis://127.0.0.1:${port}`,
    get running() {
      return child !== null && child.exitCode === null;
    },
    kill,
    start,
    stall: () => void child?.kill('SIGSTOP'),
    resume: () => void child?.kill('SIGCONT'),
    async stop() {
      await kill();
      process.removeListener('exit', removeAll);
      removeAll();
    },
  };
}
