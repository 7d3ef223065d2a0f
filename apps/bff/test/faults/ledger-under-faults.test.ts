/**
 * The leader ledger under faults, with real processes only: a local chain running our program,
 * BFF processes (`src/main.ts`), PostgreSQL, Redis and SQLite. Genuine leader buys are made on
 * chain while their reports are posted to the instances and the instances are SIGKILLed and
 * restarted, PostgreSQL is restarted and Redis is killed and restarted; some buys are never
 * reported. Afterwards the ledger must hold exactly the buys made on chain: zero lost, zero
 * duplicated, each with the chain's wallet, code, lamports and a 10% commission.
 *
 * How answers are counted: a request to an instance that is being killed or is down gets no
 * HTTP answer at all (connection refused or reset); those are connection errors, counted and
 * retried on the other instance, never 5xx. Every HTTP status >= 500 is kept with the time it
 * arrived and must fall inside a PostgreSQL restart's window: from the restart's start to
 * {@link PG_GRACE_MS} after the server is back (a request caught by the restart may wait up to
 * the pool's connect timeout before its 503).
 */
import { mkdtempSync, rmSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { Keypair } from '@solana/web3.js';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { LeaderLedger } from '@fbt/domain';
import { leaderboardResponseSchema } from '@fbt/domain';
import { createPostgresLeaderLedger, createSqliteLeaderLedger } from '@fbt/adapters';
import {
  freeLoopbackPort,
  startPostgresServer,
  startRedisServer,
  type PostgresServer,
  type RedisServer,
} from '@fbt/adapters/testing';
import { startSeededChain, type SeededChain } from '../support/chain-fixture';
import { v2Chain } from '../support/v2-chain';
import {
  buildBffBundle,
  startBffProcess,
  type BffBundle,
  type BffProcess,
} from '../support/faults/bff-process';
import type { Fault } from '../support/faults/chaos';
import {
  auditLedger,
  expectedLeaderboard,
  leaderPresaleSignatures,
  waitForRows,
} from '../support/faults/ledger-audit';
import { describeRun, runScenario, type ScenarioResult } from '../support/faults/scenario';

/** After a PostgreSQL restart is over, how long its 5xx may still arrive. */
const PG_GRACE_MS = 10_000;
const RECONCILE_INTERVAL_MS = 1_000;
const CODES = ['wolf01', 'bear02', 'hawk03', 'lynx04', 'orca05'];

/** Environment of every instance: short reconcile interval, limits a load test fits in. */
const BASE_ENV: Readonly<Record<string, string>> = {
  RECONCILE_INTERVAL_MS: String(RECONCILE_INTERVAL_MS),
  PYTH_HERMES_URL: '',
  RATE_LIMIT_MAX: '1000000',
  RATE_LIMIT_WRITE_MAX: '1000000',
  METRICS_PORT: 'off',
  LOG_LEVEL: 'warn',
};

const cleanups: (() => Promise<void> | void)[] = [];
let bundle: BffBundle;
beforeAll(async () => {
  bundle = await buildBffBundle(`faults-${process.pid}`);
  cleanups.push(() => bundle.remove());
}, 120_000);
afterAll(async () => {
  for (const cleanup of cleanups.splice(0).reverse()) await cleanup();
});

/** The warnings and errors the instances logged, for a failure message. */
function logsOf(instances: readonly BffProcess[]): string {
  return instances
    .map((instance) => {
      const lines = instance
        .output()
        .split('\n')
        .filter((line) => /"level":(40|50|60)/.test(line))
        .map((line) => line.slice(0, 600));
      return `--- ${instance.name}\n${lines.slice(-30).join('\n')}`;
    })
    .join('\n');
}

/** A chain with the leader codes registered on it, and a temporary folder with its deployment file. */
async function setUp() {
  const dir = mkdtempSync(join(tmpdir(), 'fbt-faults-'));
  cleanups.push(() => rmSync(dir, { recursive: true, force: true }));
  const chain = await startSeededChain();
  cleanups.push(() => chain.stop());
  const deploymentFile = join(dir, 'deployment.json');
  writeFileSync(deploymentFile, JSON.stringify(chain.deployment));
  const v2 = v2Chain(chain);
  for (const code of CODES) await v2.registerLeader(code, Keypair.generate().publicKey);
  // The presale's own set-up transactions: the leader presale's history before any buy.
  const history = new Set(await leaderPresaleSignatures(chain));
  return { dir, chain, deploymentFile, history };
}

async function startInstance(name: string, env: Record<string, string>): Promise<BffProcess> {
  const instance = await startBffProcess({ bundle, name, port: await freeLoopbackPort(), env });
  cleanups.push(() => instance.stop());
  return instance;
}

/** SIGKILL, then start again on the same port. */
const killAndRestart = (instance: BffProcess) => async () => {
  await instance.kill9();
  await instance.start();
};

/** The checks shared by both engines, once every instance is up again. */
async function expectExactLedger(
  ledger: LeaderLedger,
  chain: SeededChain,
  history: ReadonlySet<string>,
  result: ScenarioResult,
  instances: readonly BffProcess[],
) {
  const { buys, unreported, stats } = result;
  expect(stats.refused).toEqual([]);
  expect((stats.finished[201] ?? 0) + (stats.finished[200] ?? 0)).toBe(
    buys.length - unreported.size,
  );
  // The chain holds exactly the buys made: nothing else touched the leader presale.
  const onChain = (await leaderPresaleSignatures(chain)).filter((s) => !history.has(s));
  expect(new Set(onChain)).toEqual(new Set(buys.map((buy) => buy.signature)));
  expect(onChain).toHaveLength(buys.length);
  // One reconcile pass after the dust settles backfills the unreported buys; then nothing moves.
  const rows = await waitForRows(ledger, buys.length, {
    timeoutMs: 90_000,
    settleMs: 3 * RECONCILE_INTERVAL_MS,
  });
  expect(rows).toBe(buys.length);
  const audit = await auditLedger(ledger, buys, unreported);
  expect(audit).toMatchObject({
    rows: buys.length,
    missing: [],
    unexpected: [],
    mismatched: [],
    unreportedNotReconciled: [],
  });
  expect(audit.fromReconciler).toBeGreaterThanOrEqual(unreported.size);
  // Every instance ranks the leaders from the same exact totals.
  for (const instance of instances) {
    expect(instance.up).toBe(true);
    const answer = await fetch(`${instance.url}/api/v1/leaderboard?limit=100`);
    const { leaders } = leaderboardResponseSchema.parse(await answer.json());
    expect([...leaders].sort((a, b) => a.code.localeCompare(b.code))).toEqual(
      expectedLeaderboard(buys),
    );
  }
  return audit;
}

describe('the leader ledger on PostgreSQL, two BFF processes sharing it (and Redis)', () => {
  let postgres: PostgresServer;
  let redis: RedisServer;
  let databaseUrl: string;
  let chain: SeededChain;
  let history: ReadonlySet<string>;
  let instances: BffProcess[];

  beforeAll(async () => {
    postgres = await startPostgresServer();
    cleanups.push(() => postgres.stop());
    redis = await startRedisServer();
    cleanups.push(() => redis.stop());
    databaseUrl = await postgres.createDatabase();
    const setup = await setUp();
    chain = setup.chain;
    history = setup.history;
    const env = {
      ...BASE_ENV,
      DEPLOYMENT_FILE: setup.deploymentFile,
      CLIENT_DIST: join(setup.dir, 'no-site'),
      DATABASE_URL: databaseUrl,
      REDIS_URL: redis.url,
      LEASE_TTL_MS: '1500',
    };
    instances = await Promise.all(
      ['bff-a', 'bff-b'].map((name) => startInstance(name, { ...env, INSTANCE_ID: name })),
    );
  }, 180_000);

  it('kill -9 of either instance, a PostgreSQL restart and a Redis restart while reports flow: zero lost, zero duplicated', async () => {
    const [a, b] = instances;
    if (a === undefined || b === undefined) throw new Error('instances not started');
    const faults: Fault[] = [
      { name: 'kill -9 bff-a', at: 0.1, action: killAndRestart(a) },
      { name: 'kill -9 bff-b', at: 0.25, action: killAndRestart(b) },
      { name: 'postgres restart', at: 0.4, action: () => postgres.restart() },
      {
        name: 'redis kill + start',
        at: 0.55,
        action: async () => {
          await redis.kill();
          await new Promise((resolve) => setTimeout(resolve, 1_000));
          await redis.start();
        },
      },
      { name: 'kill -9 bff-a', at: 0.7, action: killAndRestart(a) },
      { name: 'kill -9 bff-b', at: 0.85, action: killAndRestart(b) },
    ];
    const result = await runScenario({
      chain,
      targets: instances,
      codes: CODES,
      // 2,000 buys, 1,800 of them reported (every tenth only reaches the ledger by reconciling).
      buyers: 50,
      perBuyer: 40,
      skipEvery: 10,
      faults,
    });
    const kills = a.kills + b.kills;
    console.log(describeRun('postgresql', result, kills));
    expect(kills).toBe(4);

    const pgRestart = result.faults.find((fault) => fault.name === 'postgres restart');
    if (pgRestart === undefined) throw new Error('the PostgreSQL restart did not run');
    const outside = result.stats.serverErrors.filter(
      (error) => error.at < pgRestart.start || error.at > pgRestart.end + PG_GRACE_MS,
    );
    expect(outside, logsOf(instances)).toEqual([]);

    const ledger = await createPostgresLeaderLedger({ connectionString: databaseUrl });
    try {
      await expectExactLedger(ledger, chain, history, result, instances);
    } finally {
      await ledger.close();
    }
  }, 400_000);
});

describe('the leader ledger on SQLite, one BFF process killed again and again', () => {
  let databasePath: string;
  let chain: SeededChain;
  let history: ReadonlySet<string>;
  let instance: BffProcess;

  beforeAll(async () => {
    const dir = mkdtempSync(join(tmpdir(), 'fbt-faults-sqlite-'));
    cleanups.push(() => rmSync(dir, { recursive: true, force: true }));
    databasePath = join(dir, 'ledger.sqlite');
    const setup = await setUp();
    chain = setup.chain;
    history = setup.history;
    instance = await startInstance('bff-sqlite', {
      ...BASE_ENV,
      DEPLOYMENT_FILE: setup.deploymentFile,
      CLIENT_DIST: join(setup.dir, 'no-site'),
      DATABASE_PATH: databasePath,
    });
  }, 180_000);

  it('kill -9 and restart, three times, while reports flow: zero lost, zero duplicated, no 5xx', async () => {
    const faults: Fault[] = [0.15, 0.45, 0.75].map((at) => ({
      name: 'kill -9',
      at,
      action: killAndRestart(instance),
    }));
    const result = await runScenario({
      chain,
      targets: [instance],
      codes: CODES,
      buyers: 20,
      perBuyer: 12,
      skipEvery: 10,
      faults,
    });
    console.log(describeRun('sqlite', result, instance.kills));
    expect(instance.kills).toBe(3);
    expect(result.stats.serverErrors, logsOf([instance])).toEqual([]);

    const ledger = createSqliteLeaderLedger({ path: databasePath });
    try {
      await expectExactLedger(ledger, chain, history, result, [instance]);
    } finally {
      await ledger.close();
    }
  }, 400_000);
});
