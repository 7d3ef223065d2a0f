/**
 * Several BFF processes (`src/main.ts` under tsx, as in production) on one real local chain,
 * one throwaway PostgreSQL ledger and one throwaway Redis, with a counting proxy in front of the
 * chain's JSON-RPC: every upstream read an instance makes is counted there, by method. Used by
 * the multi-instance test and by bench/upstream-calls.ts. Intervals are shortened (presales
 * re-read every second, the reconciler every 2 s) so a minute's worth of polling takes seconds.
 */
import { spawn, type ChildProcess } from 'node:child_process';
import { mkdtempSync, rmSync, writeFileSync } from 'node:fs';
import { createServer, request, type Server } from 'node:http';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { fileURLToPath } from 'node:url';
import {
  freeLoopbackPort,
  startPostgresServer,
  startRedisServer,
  type PostgresServer,
  type RedisServer,
} from '@fbt/adapters/testing';
import { PublicKey } from '@solana/web3.js';
import { startSeededChain, type SeededChain } from '../chain-fixture';
import { v2Chain } from '../v2-chain';

const BFF_DIR = fileURLToPath(new URL('../../..', import.meta.url));

/** JSON-RPC calls that went through the proxy, by method. */
export interface CountingProxy {
  readonly url: string;
  /** Calls counted so far (a batch counts each call in it). */
  total(): number;
  byMethod(): Record<string, number>;
  stop(): Promise<void>;
}

/** A loopback HTTP proxy to `target` that counts each JSON-RPC call it forwards. */
export async function startCountingRpcProxy(target: string): Promise<CountingProxy> {
  const counts = new Map<string, number>();
  const upstream = new URL(target);
  const server: Server = createServer((incoming, outgoing) => {
    const chunks: Buffer[] = [];
    incoming.on('data', (chunk: Buffer) => chunks.push(chunk));
    incoming.on('end', () => {
      const body = Buffer.concat(chunks);
      try {
        const parsed = JSON.parse(body.toString('utf8')) as unknown;
        for (const call of Array.isArray(parsed) ? parsed : [parsed]) {
          const method = (call as { method?: unknown }).method;
          const name = typeof method === 'string' ? method : '(none)';
          counts.set(name, (counts.get(name) ?? 0) + 1);
        }
      } catch {
        counts.set('(unparseable)', (counts.get('(unparseable)') ?? 0) + 1);
      }
      const forward = request(
        {
          host: upstream.hostname,
          port: upstream.port,
          path: upstream.pathname,
          method: incoming.method,
          headers: { 'content-type': 'application/json', 'content-length': body.length },
        },
        (answer) => {
          outgoing.writeHead(answer.statusCode ?? 502, answer.headers);
          answer.pipe(outgoing);
        },
      );
      forward.on('error', () => outgoing.writeHead(502).end());
      forward.end(body);
    });
  });
  await new Promise<void>((resolve) => server.listen(0, '127.0.0.1', resolve));
  const address = server.address();
  const port = typeof address === 'object' && address !== null ? address.port : 0;
  return {
    url: `http://127.0.0.1:${port}`,
    total: () => [...counts.values()].reduce((sum, n) => sum + n, 0),
    byMethod: () => Object.fromEntries(counts),
    stop: () =>
      new Promise((resolve) => {
        server.closeAllConnections();
        server.close(() => resolve());
      }),
  };
}

/** One BFF process. */
export interface Instance {
  readonly id: string;
  readonly url: string;
  readonly wsUrl: string;
  readonly child: ChildProcess;
  readonly exited: Promise<number | null>;
  output(): string;
}

/** What `/readyz` says about one instance. */
export interface Readyz {
  readonly statusCode: number;
  readonly status: string;
  readonly cluster: { mode: string; polling: boolean; leaseHolder: boolean; instanceId: string };
  readonly warnings: string[];
}

/** The whole set-up. */
export interface Fleet {
  readonly chain: SeededChain;
  readonly proxy: CountingProxy;
  readonly postgres: PostgresServer;
  readonly redis: RedisServer;
  readonly instances: Instance[];
  readyz(instance: Instance): Promise<Readyz | null>;
  /** The instance that polls now and the others, once exactly one polls. */
  roles(timeoutMs?: number): Promise<{ poller: Instance; followers: Instance[] }>;
  stop(): Promise<void>;
}

/** Environment of every instance: short intervals, limits a thousand visitors from one address fit in. */
export const FLEET_ENV: Readonly<Record<string, string>> = {
  PRESALE_REFRESH_MS: '1000',
  RECONCILE_INTERVAL_MS: '2000',
  GOALS_REFRESH_MS: '10000',
  LEASE_TTL_MS: '1500',
  PYTH_HERMES_URL: '',
  RATE_LIMIT_MAX: '1000000',
  STREAM_MAX_CLIENTS_PER_IP: '100000',
  METRICS_PORT: '0',
  LOG_LEVEL: 'warn',
};

async function until<T>(probe: () => Promise<T | null>, what: string, timeoutMs: number) {
  const deadline = Date.now() + timeoutMs;
  for (;;) {
    const value = await probe().catch(() => null);
    if (value !== null) return value;
    if (Date.now() > deadline) throw new Error(`timed out waiting for ${what}`);
    await new Promise((resolve) => setTimeout(resolve, 100));
  }
}

/**
 * Starts the chain (with the leader code `beast42` registered on the leader presale, paying
 * `leaderWallet`), PostgreSQL, Redis, the proxy and `count` BFF processes, and waits until every
 * instance is ready.
 */
export async function startFleet(options: {
  readonly count: number;
  readonly leaderWallet: string;
}): Promise<Fleet> {
  const dir = mkdtempSync(join(tmpdir(), 'fbt-fleet-'));
  const stops: (() => Promise<void> | void)[] = [
    () => rmSync(dir, { recursive: true, force: true }),
  ];
  const stopAll = async () => {
    for (const stop of stops.splice(0).reverse()) await stop();
  };
  try {
    const chain = await startSeededChain();
    stops.push(() => chain.stop());
    const postgres = await startPostgresServer();
    stops.push(() => postgres.stop());
    const redis = await startRedisServer();
    stops.push(() => redis.stop());
    const proxy = await startCountingRpcProxy(chain.localnet.rpcUrl);
    stops.push(() => proxy.stop());
    const databaseUrl = await postgres.createDatabase();
    await v2Chain(chain).registerLeader('beast42', new PublicKey(options.leaderWallet));
    const deploymentFile = join(dir, 'deployment.json');
    // Reads go through the counting proxy; account subscriptions straight to the chain's websocket.
    writeFileSync(
      deploymentFile,
      JSON.stringify({ ...chain.deployment, rpcUrl: proxy.url, wsUrl: chain.localnet.wsUrl }),
    );

    const instances: Instance[] = [];
    for (let index = 0; index < options.count; index++) {
      const id = `bff-${String.fromCharCode(97 + index)}`;
      const port = await freeLoopbackPort();
      // node itself (tsx as a loader, no wrapper process): a signal reaches the BFF, not a parent.
      const child = spawn(process.execPath, ['--import', 'tsx', 'src/main.ts'], {
        cwd: BFF_DIR,
        env: {
          PATH: process.env.PATH ?? '',
          ...FLEET_ENV,
          HOST: '127.0.0.1',
          PORT: String(port),
          INSTANCE_ID: id,
          DEPLOYMENT_FILE: deploymentFile,
          DATABASE_URL: databaseUrl,
          REDIS_URL: redis.url,
          CLIENT_DIST: join(dir, 'no-site'),
        },
        stdio: ['ignore', 'pipe', 'pipe'],
      });
      let output = '';
      child.stdout?.on('data', (chunk: Buffer) => (output += chunk.toString('utf8')));
      child.stderr?.on('data', (chunk: Buffer) => (output += chunk.toString('utf8')));
      const exited = new Promise<number | null>((resolve) => child.once('exit', resolve));
      stops.push(async () => {
        if (child.exitCode === null && child.signalCode === null) {
          child.kill('SIGTERM');
          const timer = setTimeout(() => child.kill('SIGKILL'), 5_000);
          await exited;
          clearTimeout(timer);
        }
      });
      instances.push({
        id,
        url: `http://127.0.0.1:${port}`,
        wsUrl: `ws://127.0.0.1:${port}/api/v1/stream`,
        child,
        exited,
        output: () => output,
      });
    }

    const readyz = async (instance: Instance): Promise<Readyz | null> => {
      if (instance.child.exitCode !== null || instance.child.signalCode !== null) return null;
      const response = await fetch(`${instance.url}/readyz`);
      return {
        statusCode: response.status,
        ...((await response.json()) as Omit<Readyz, 'statusCode'>),
      };
    };
    for (const instance of instances) {
      await until(
        async () => ((await readyz(instance))?.statusCode === 200 ? true : null),
        `${instance.id} ready (output: ${instance.output().slice(-400)})`,
        90_000,
      );
    }
    return {
      chain,
      proxy,
      postgres,
      redis,
      instances,
      readyz,
      roles: (timeoutMs = 20_000) =>
        until(
          async () => {
            const alive = instances.filter(
              (i) => i.child.exitCode === null && i.child.signalCode === null,
            );
            const states = await Promise.all(alive.map(readyz));
            const pollers = alive.filter((_, n) => states[n]?.cluster.polling === true);
            const poller = pollers[0];
            if (pollers.length !== 1 || poller === undefined) return null;
            if (states.some((state) => state?.cluster.mode !== 'redis')) return null;
            return { poller, followers: alive.filter((instance) => instance !== poller) };
          },
          'exactly one polling instance',
          timeoutMs,
        ),
      stop: stopAll,
    };
  } catch (error) {
    await stopAll();
    throw error;
  }
}
