/**
 * A throwaway PostgreSQL server for tests: `initdb` + `pg_ctl start` in a temporary folder, on a
 * free loopback port, stopped and deleted by {@link PostgresServer.stop} (and, as a last resort,
 * when the process exits). Tests run the ledger against this real engine rather than a mock,
 * so SQL, types, locks and transactions are the ones production sees.
 *
 * PostgreSQL refuses to run as root, so under root the server runs as the system user
 * {@link POSTGRES_TEST_USER} (created on first use) and owns the temporary folder; otherwise it
 * runs as the current user. Missing binaries are a failure naming the install script, never a
 * skip: a suite that silently does not run proves nothing. Test tooling only: import from
 * `@fbt/adapters/testing`.
 */
import { execFileSync, spawn, spawnSync } from 'node:child_process';
import {
  appendFileSync,
  chownSync,
  existsSync,
  mkdtempSync,
  readdirSync,
  readFileSync,
  rmSync,
} from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import pg from 'pg';
import { freeLoopbackPort } from './free-port';

/** The unprivileged system user the server runs as when the tests run as root. */
export const POSTGRES_TEST_USER = 'fbt-pg';

/** A running throwaway server. */
export interface PostgresServer {
  readonly port: number;
  /** `postgres://postgres@127.0.0.1:<port>/<database>` (trust authentication, loopback only). */
  url(database?: string): string;
  /** Creates an empty database (a fresh unique name unless given) and returns its URL. */
  createDatabase(name?: string): Promise<string>;
  /** Stops the server and deletes its folder. Safe to call twice. */
  stop(): Promise<void>;
  /** Stops the server (fast shutdown: connections are dropped) and starts it again. */
  restart(): Promise<void>;
  /**
   * Freezes every process of the server (SIGSTOP): connections stay open but nothing answers,
   * like a stalled host. Returns the function that thaws it (SIGCONT).
   */
  stall(): () => void;
}

/** The server's process ids: the postmaster (first line of postmaster.pid) and its children. */
function serverPids(data: string): number[] {
  const postmaster = Number(readFileSync(join(data, 'postmaster.pid'), 'utf8').split('\n')[0]);
  const children = readdirSync('/proc')
    .filter((entry) => /^\d+$/.test(entry))
    .filter((entry) => {
      try {
        const stat = readFileSync(`/proc/${entry}/stat`, 'utf8');
        return Number(stat.slice(stat.lastIndexOf(')') + 2).split(' ')[1]) === postmaster;
      } catch {
        return false;
      }
    })
    .map(Number);
  return [postmaster, ...children];
}

interface RunAs {
  readonly uid: number;
  readonly gid: number;
}

const MISSING_BINARIES =
  'PostgreSQL server binaries (initdb, pg_ctl) not found: run `bash scripts/install-system-deps.sh` ' +
  '(it installs the Debian package postgresql, or prints the apt-get command to run)';

/** The folder holding initdb and pg_ctl: Debian's newest /usr/lib/postgresql/<v>/bin, else $PATH. */
export function findPostgresBinaries(): string {
  const root = '/usr/lib/postgresql';
  const versions = existsSync(root)
    ? readdirSync(root)
        .filter((name) => /^\d+$/.test(name))
        .sort((a, b) => Number(b) - Number(a))
    : [];
  for (const version of versions) {
    const bin = join(root, version, 'bin');
    if (existsSync(join(bin, 'initdb')) && existsSync(join(bin, 'pg_ctl'))) return bin;
  }
  for (const dir of (process.env.PATH ?? '').split(':').filter((entry) => entry !== '')) {
    if (existsSync(join(dir, 'initdb')) && existsSync(join(dir, 'pg_ctl'))) return dir;
  }
  throw new Error(MISSING_BINARIES);
}

/** Root: the ids of {@link POSTGRES_TEST_USER}, created if missing. Otherwise: run as ourselves. */
function unprivilegedUser(): RunAs | null {
  if (process.getuid?.() !== 0) return null;
  const idOf = (flag: '-u' | '-g') =>
    Number(execFileSync('id', [flag, POSTGRES_TEST_USER], { encoding: 'utf8' }).trim());
  if (spawnSync('id', ['-u', POSTGRES_TEST_USER], { stdio: 'ignore' }).status !== 0) {
    execFileSync('useradd', [
      '--system',
      '--no-create-home',
      '--shell',
      '/usr/sbin/nologin',
      POSTGRES_TEST_USER,
    ]);
  }
  return { uid: idOf('-u'), gid: idOf('-g') };
}

/** Runs a PostgreSQL binary (as `runAs` when given); rejects with its output when it fails. */
function run(binary: string, args: readonly string[], cwd: string, runAs: RunAs | null) {
  return new Promise<void>((resolve, reject) => {
    const child = spawn(binary, args, {
      cwd,
      env: { PATH: process.env.PATH ?? '/usr/bin:/bin', LANG: 'C', LC_ALL: 'C' },
      stdio: ['ignore', 'pipe', 'pipe'],
      ...(runAs === null ? {} : runAs),
    });
    let output = '';
    child.stdout.on('data', (chunk: Buffer) => (output += chunk.toString()));
    child.stderr.on('data', (chunk: Buffer) => (output += chunk.toString()));
    child.once('error', reject);
    child.once('close', (code) => {
      if (code === 0) resolve();
      else reject(new Error(`${binary} ${args.join(' ')} exited with ${code}:\n${output}`));
    });
  });
}

/**
 * Starts a throwaway PostgreSQL server (fsync off: the data is deleted anyway). Cleans up
 * after itself when starting fails half-way.
 */
export async function startPostgresServer(): Promise<PostgresServer> {
  const bin = findPostgresBinaries();
  const runAs = unprivilegedUser();
  const dir = mkdtempSync(join(tmpdir(), 'fbt-pg-'));
  const data = join(dir, 'data');
  if (runAs !== null) chownSync(dir, runAs.uid, runAs.gid);
  let started = false;
  const stopSync = () => {
    if (started) {
      spawnSync(join(bin, 'pg_ctl'), ['stop', '-D', data, '-m', 'immediate', '-w'], {
        cwd: dir,
        stdio: 'ignore',
        ...(runAs === null ? {} : runAs),
      });
      started = false;
    }
    rmSync(dir, { recursive: true, force: true });
  };
  // Last resort if a test run ends without calling stop(): no server outlives the process.
  process.once('exit', stopSync);
  try {
    await run(
      join(bin, 'initdb'),
      ['-D', data, '-U', 'postgres', '--auth=trust', '--encoding=UTF8', '--no-locale', '--no-sync'],
      dir,
      runAs,
    );
    const port = await freeLoopbackPort();
    appendFileSync(
      join(data, 'postgresql.conf'),
      [
        `port = ${port}`,
        "listen_addresses = '127.0.0.1'",
        `unix_socket_directories = '${dir}'`,
        'fsync = off',
        'synchronous_commit = off',
        'full_page_writes = off',
        '',
      ].join('\n'),
    );
    started = true;
    await run(
      join(bin, 'pg_ctl'),
      ['start', '-D', data, '-w', '-t', '60', '-l', join(dir, 'server.log')],
      dir,
      runAs,
    );
    let counter = 0;
    const url = (database = 'postgres') => `postgres://postgres@127.0.0.1:${port}/${database}`;
    return {
      port,
      url,
      async createDatabase(name = `ledger_${process.pid}_${++counter}`) {
        const client = new pg.Client({ connectionString: url() });
        await client.connect();
        try {
          await client.query(`CREATE DATABASE "${name.replaceAll('"', '""')}"`);
        } finally {
          await client.end();
        }
        return url(name);
      },
      stop() {
        process.removeListener('exit', stopSync);
        stopSync();
        return Promise.resolve();
      },
      async restart() {
        const ctl = join(bin, 'pg_ctl');
        await run(ctl, ['stop', '-D', data, '-m', 'fast', '-w'], dir, runAs);
        await run(
          ctl,
          ['start', '-D', data, '-w', '-t', '60', '-l', join(dir, 'server.log')],
          dir,
          runAs,
        );
      },
      stall() {
        const pids = serverPids(data);
        for (const pid of pids) process.kill(pid, 'SIGSTOP');
        return () => {
          for (const pid of pids) process.kill(pid, 'SIGCONT');
        };
      },
    };
  } catch (error) {
    process.removeListener('exit', stopSync);
    stopSync();
    throw error;
  }
}
