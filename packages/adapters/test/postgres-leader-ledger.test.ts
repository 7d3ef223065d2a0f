import { createServer, type Server, type Socket } from 'node:net';
import pg from 'pg';
import { afterAll, afterEach, beforeAll, describe, expect, it } from 'vitest';
import type { LeaderLedger } from '@fbt/domain';
import { isAdapterError } from '../src/adapter-error';
import {
  buyOf,
  CONTRACT_CLOCK,
  describeLeaderLedgerContract,
  expectLegacyRowsKept,
  LEGACY_BUY,
  LEGACY_LEADER,
  leaderOf,
} from './support/leader-ledger.contract';
import {
  createPostgresLeaderLedger,
  type PostgresLeaderLedgerOptions,
} from '../src/postgres-leader-ledger';
import {
  migratePostgresLedger,
  POSTGRES_LEDGER_SCHEMA_VERSION,
} from '../src/postgres-ledger-schema';
import { startPostgresServer, type PostgresServer } from './support/postgres-server';

let server: PostgresServer;
const opened: LeaderLedger[] = [];
const pools: pg.Pool[] = [];

beforeAll(async () => {
  server = await startPostgresServer();
}, 120_000);

afterAll(async () => {
  await server.stop();
});

afterEach(async () => {
  await Promise.all(opened.splice(0).map((ledger) => ledger.close()));
  await Promise.all(pools.splice(0).map((pool) => pool.end()));
});

async function openLedger(options: PostgresLeaderLedgerOptions): Promise<LeaderLedger> {
  const ledger = await createPostgresLeaderLedger({ clock: CONTRACT_CLOCK, ...options });
  opened.push(ledger);
  return ledger;
}

/** A pool on `url` for looking at the tables directly, ended after the test. */
function rawPool(url: string): pg.Pool {
  const pool = new pg.Pool({ connectionString: url });
  pools.push(pool);
  return pool;
}

describeLeaderLedgerContract('postgresql', async (clock) =>
  createPostgresLeaderLedger({ connectionString: await server.createDatabase(), clock }),
);

describe('postgresql leader ledger', () => {
  it('records one row when two pools record the same signature at once', async () => {
    const url = await server.createDatabase();
    const [first, second] = await Promise.all([
      openLedger({ connectionString: url }),
      openLedger({ connectionString: url }),
    ]);
    const { record } = await first.indexLeader(leaderOf('beast42'));
    const buy = buyOf('beast42', 2_000_000_000n, 10, record ?? '');
    const results = await Promise.all(
      Array.from({ length: 8 }, (_, i) => (i % 2 === 0 ? first : second).recordBuy(buy)),
    );
    expect(results.filter((result) => result.inserted)).toHaveLength(1);
    for (const result of results) expect(result.buy).toEqual(results[0]?.buy);
    const { rows } = await rawPool(url).query<{ n: string }>(
      'SELECT COUNT(*) AS n FROM leader_buys WHERE signature = $1',
      [buy.signature],
    );
    expect(rows).toEqual([{ n: '1' }]);
  });

  it('migrates once when several ledgers open the same empty database at once', async () => {
    const url = await server.createDatabase();
    const ledgers = await Promise.all(
      Array.from({ length: 4 }, () => openLedger({ connectionString: url })),
    );
    for (const [i, ledger] of ledgers.entries()) {
      await ledger.indexLeader(leaderOf(`leader${i}`));
    }
    const pool = rawPool(url);
    const migrations = await pool.query<{ version: number }>(
      'SELECT version FROM schema_migrations ORDER BY version',
    );
    expect(migrations.rows.map((row) => row.version)).toEqual(
      Array.from({ length: POSTGRES_LEDGER_SCHEMA_VERSION }, (_, i) => i + 1),
    );
    const columns = await pool.query<{ column_name: string; data_type: string }>(
      `SELECT column_name, data_type FROM information_schema.columns
        WHERE table_name = 'leader_buys' AND column_name IN ('lamports', 'commission_lamports')`,
    );
    expect(columns.rows.map((row) => row.data_type)).toEqual(['bigint', 'bigint']);
    expect((await ledgers[3]?.getStats())?.leaders).toBe(4);
  });

  it('keeps its data across reopen, on a pool the caller owns', async () => {
    const url = await server.createDatabase();
    const pool = rawPool(url);
    const ledger = await openLedger({ pool });
    await ledger.indexLeader(leaderOf('beast42'));
    await ledger.close();
    // The caller's pool is still usable: close() ends only a pool the ledger made.
    expect((await pool.query('SELECT 1 AS one')).rows).toEqual([{ one: 1 }]);
    const reopened = await openLedger({ connectionString: url });
    expect(await reopened.findLeader('beast42')).not.toBeNull();
  });

  it('keeps the rows of a schema-3 ledger as history when it migrates to 4', async () => {
    const url = await server.createDatabase();
    const pool = rawPool(url);
    await migratePostgresLedger(pool, 3);
    await pool.query('INSERT INTO leaders (code, wallet, created_at) VALUES ($1, $2, now())', [
      LEGACY_LEADER.code,
      LEGACY_LEADER.wallet,
    ]);
    await pool.query(
      `INSERT INTO leader_buys (signature, wallet, leader_code, lamports, commission_lamports,
         slot, block_time, recorded_at, source) VALUES ($1, $2, $3, $4, $5, $6, $7, now(), 'report')`,
      [
        LEGACY_BUY.signature,
        LEGACY_BUY.wallet,
        LEGACY_LEADER.code,
        LEGACY_BUY.lamports.toString(),
        LEGACY_BUY.commissionLamports.toString(),
        LEGACY_BUY.slot,
        LEGACY_BUY.blockTime,
      ],
    );
    await expectLegacyRowsKept(await openLedger({ connectionString: url }));
  });

  it('refuses to open a database migrated by a newer version', async () => {
    const url = await server.createDatabase();
    await (await openLedger({ connectionString: url })).close();
    await rawPool(url).query('INSERT INTO schema_migrations (version) VALUES (99)');
    await expect(openLedger({ connectionString: url })).rejects.toThrow(/LEDGER__SCHEMA_TOO_NEW/);
  });

  describe('when the database cannot be reached', () => {
    let silent: Server;
    let silentPort = 0;
    const sockets = new Set<Socket>();

    beforeAll(async () => {
      // Accepts connections and never answers: only the connect timeout ends the wait.
      silent = createServer((socket) => {
        sockets.add(socket);
        socket.on('close', () => sockets.delete(socket));
      });
      await new Promise<void>((resolve) => silent.listen(0, '127.0.0.1', resolve));
      const address = silent.address();
      silentPort = typeof address === 'object' && address !== null ? address.port : 0;
    });

    afterAll(async () => {
      for (const socket of sockets) socket.destroy();
      await new Promise<void>((resolve) => silent.close(() => resolve()));
    });

    it('a port nobody listens on is LEDGER__UNAVAILABLE', async () => {
      // The silent server's port, once closed, is a port nothing listens on.
      const closed = createServer();
      await new Promise<void>((resolve) => closed.listen(0, '127.0.0.1', resolve));
      const address = closed.address();
      const port = typeof address === 'object' && address !== null ? address.port : 0;
      await new Promise<void>((resolve) => closed.close(() => resolve()));
      await expect(
        openLedger({ connectionString: `postgres://postgres@127.0.0.1:${port}/ledger` }),
      ).rejects.toSatisfy(
        (error) =>
          isAdapterError(error, 'LEDGER__UNAVAILABLE') && /ECONNREFUSED/.test(error.message),
      );
    });

    it('a server that never answers is LEDGER__UNAVAILABLE after the connect timeout', async () => {
      await expect(
        openLedger({
          connectionString: `postgres://postgres:s3cret@127.0.0.1:${silentPort}/ledger`,
          connectTimeoutMs: 200,
        }),
      ).rejects.toSatisfy(
        (error) =>
          isAdapterError(error, 'LEDGER__UNAVAILABLE') && !error.message.includes('s3cret'),
      );
    });

    it('a database that does not exist is LEDGER__UNAVAILABLE', async () => {
      await expect(openLedger({ connectionString: server.url('no_such_db') })).rejects.toSatisfy(
        (error) => isAdapterError(error, 'LEDGER__UNAVAILABLE') && /no_such_db/.test(error.message),
      );
    });
  });

  it.each([
    ['not a URL', 'localhost:5432/ledger', 'must be a URL like postgres://'],
    [
      'another scheme',
      'mysql://u:s3cret@db/ledger',
      'must start with postgres:// or postgresql://',
    ],
    ['no database', 'postgresql://u:s3cret@db:5432', 'must name one database after the host'],
    ['a bad port', 'postgres://u:s3cret@db:99999/ledger', 'the port (1-65535)'],
  ])('refuses %s with a precise message that hides the password', async (_name, url, words) => {
    await expect(openLedger({ connectionString: url })).rejects.toSatisfy(
      (error) =>
        isAdapterError(error, 'LEDGER__INVALID_DATABASE_URL') &&
        error.message.includes(words) &&
        !error.message.includes('s3cret'),
    );
  });
});
