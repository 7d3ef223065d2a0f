import pg from 'pg';
import type {
  Clock,
  Community,
  Leader,
  LeaderBuy,
  LeaderClaim,
  LeaderLedger,
  LeaderSummary,
  ReconcileCursor,
} from '@fbt/domain';
import { AdapterError } from './adapter-error';
import {
  assertBuyInput,
  assertClaimInput,
  assertCursorInput,
  assertLedgerLimit,
  assertNewLeader,
  assertOperatorCount,
  registeredLeader,
} from './leader-ledger-input';
import {
  migratePostgresLedger,
  postgresUrlProblem,
  translatePostgresError,
} from './postgres-ledger-schema';

/** Options shared by both ways of giving {@link createPostgresLeaderLedger} a database. */
interface PostgresLeaderLedgerCommon {
  /** Time source for `createdAt` / `recordedAt`; defaults to the system clock. */
  readonly clock?: Clock;
  /**
   * Longest wait for a connection (ms, default 5000): a server that is down or unroutable
   * fails with `LEDGER__UNAVAILABLE` instead of hanging a request or the start-up.
   */
  readonly connectTimeoutMs?: number;
  /** Pool size when the ledger makes its own pool (default 10). */
  readonly maxConnections?: number;
  /**
   * Longest wait for one query's answer (ms, default 5000; the server's statement_timeout is
   * set to the same): a stalled server fails the call with `LEDGER__UNAVAILABLE` instead of
   * hanging the request that made it.
   */
  readonly queryTimeoutMs?: number;
}

/**
 * Options of {@link createPostgresLeaderLedger}: a `postgres://` connection string (the ledger
 * makes, and on close ends, its own pool) or a `pg.Pool` the caller made and will end.
 */
export type PostgresLeaderLedgerOptions = PostgresLeaderLedgerCommon &
  (
    | { readonly connectionString: string; readonly pool?: undefined }
    | { readonly pool: pg.Pool; readonly connectionString?: undefined }
  );

/** Rows as `pg` returns them: BIGINT and COUNT/SUM come back as decimal text, never floats. */
interface BuyRow {
  signature: string;
  wallet: string;
  leader_code: string;
  lamports: string;
  commission_lamports: string;
  slot: string;
  block_time: string | null;
  recorded_at: Date;
  source: 'report' | 'reconciler';
}

interface ClaimRow {
  signature: string;
  leader_code: string;
  wallet: string;
  record: string;
  lamports: string;
  slot: string;
  block_time: string | null;
  recorded_at: Date;
}

function toClaim(row: ClaimRow): LeaderClaim {
  return {
    signature: row.signature,
    leaderCode: row.leader_code,
    wallet: row.wallet,
    record: row.record,
    lamports: BigInt(row.lamports),
    slot: Number(row.slot),
    blockTime: row.block_time === null ? null : Number(row.block_time),
    recordedAt: row.recorded_at.toISOString(),
  };
}

interface SummaryRow {
  code: string;
  buys: string;
  total: string;
  commission: string;
}

const systemClock: Clock = { now: () => Date.now() };
const DEFAULT_CONNECT_TIMEOUT_MS = 5_000;
const DEFAULT_QUERY_TIMEOUT_MS = 5_000;

/** Exact text ordering whatever the database's collation, so the order matches SQLite's. */
const SUMMARY_SELECT = `SELECT l.code AS code, COUNT(b.signature) AS buys,
       COALESCE(SUM(b.lamports), 0) AS total, COALESCE(SUM(b.commission_lamports), 0) AS commission
  FROM leaders l`;

const SQL = {
  insertLeader:
    'INSERT INTO leaders (code, wallet, created_at) VALUES ($1, $2, $3) ON CONFLICT (code) DO NOTHING',
  findLeader: 'SELECT code, wallet, created_at FROM leaders WHERE code = $1',
  insertBuy: `INSERT INTO leader_buys
      (signature, wallet, leader_code, lamports, commission_lamports, slot, block_time, recorded_at, source)
    VALUES ($1, $2, $3, $4, $5, $6, $7, $8, $9)
    ON CONFLICT (signature) DO NOTHING`,
  findBuy: 'SELECT * FROM leader_buys WHERE signature = $1',
  summary: `${SUMMARY_SELECT} LEFT JOIN leader_buys b ON b.leader_code = l.code
    WHERE l.code = $1 GROUP BY l.code`,
  recent: `SELECT * FROM leader_buys WHERE leader_code = $1
    ORDER BY slot DESC, signature COLLATE "C" ASC LIMIT $2`,
  leaderboard: `${SUMMARY_SELECT} JOIN leader_buys b ON b.leader_code = l.code
    GROUP BY l.code ORDER BY total DESC, l.code COLLATE "C" ASC LIMIT $1`,
  getCount: 'SELECT count FROM operator_counts WHERE community = $1',
  setCount: `INSERT INTO operator_counts (community, count, updated_at) VALUES ($1, $2, $3)
    ON CONFLICT (community) DO UPDATE SET count = excluded.count, updated_at = excluded.updated_at`,
  getCursor: 'SELECT signature, slot, updated_at FROM reconcile_cursors WHERE scope = $1',
  advanceCursor: `INSERT INTO reconcile_cursors (scope, signature, slot, updated_at)
    VALUES ($1, $2, $3, $4)
    ON CONFLICT (scope) DO UPDATE SET signature = excluded.signature, slot = excluded.slot,
      updated_at = excluded.updated_at WHERE excluded.slot >= reconcile_cursors.slot`,
  insertClaim: `INSERT INTO leader_claims
      (signature, leader_code, wallet, record, lamports, slot, block_time, recorded_at)
    VALUES ($1, $2, $3, $4, $5, $6, $7, $8)
    ON CONFLICT (signature) DO NOTHING`,
  findClaim: 'SELECT * FROM leader_claims WHERE signature = $1',
  claimTotals: `SELECT COUNT(*) AS claims, COALESCE(SUM(lamports), 0) AS lamports
    FROM leader_claims WHERE leader_code = $1`,
  schemaVersion: 'SELECT COALESCE(MAX(version), 0) AS version FROM schema_migrations',
  stats: `SELECT (SELECT COUNT(*) FROM leaders) AS leaders, COUNT(*) AS buys,
      COALESCE(SUM(lamports), 0) AS total, COALESCE(SUM(commission_lamports), 0) AS commission
    FROM leader_buys`,
} as const;

function toBuy(row: BuyRow): LeaderBuy {
  return {
    signature: row.signature,
    wallet: row.wallet,
    leaderCode: row.leader_code,
    lamports: BigInt(row.lamports),
    commissionLamports: BigInt(row.commission_lamports),
    slot: Number(row.slot),
    blockTime: row.block_time === null ? null : Number(row.block_time),
    recordedAt: row.recorded_at.toISOString(),
    source: row.source,
  };
}

function toSummary(row: SummaryRow): LeaderSummary {
  return {
    code: row.code,
    buys: Number(row.buys),
    totalLamports: BigInt(row.total),
    commissionLamports: BigInt(row.commission),
  };
}

/** The caller's pool, or a new one for a validated connection string (with a connect timeout). */
function poolFor(options: PostgresLeaderLedgerOptions): { pool: pg.Pool; owned: boolean } {
  if (options.pool !== undefined) return { pool: options.pool, owned: false };
  const problem = postgresUrlProblem(options.connectionString);
  if (problem !== null) throw new AdapterError('LEDGER__INVALID_DATABASE_URL', { problem });
  const pool = new pg.Pool({
    connectionString: options.connectionString,
    connectionTimeoutMillis: options.connectTimeoutMs ?? DEFAULT_CONNECT_TIMEOUT_MS,
    max: options.maxConnections ?? 10,
    query_timeout: options.queryTimeoutMs ?? DEFAULT_QUERY_TIMEOUT_MS,
    statement_timeout: options.queryTimeoutMs ?? DEFAULT_QUERY_TIMEOUT_MS,
    keepAlive: true,
  });
  // An idle connection dropped by the server is reported here; without a listener it would
  // crash the process. The next query gets a fresh connection or a LEDGER__UNAVAILABLE.
  pool.on('error', () => undefined);
  return { pool, owned: true };
}

/**
 * The leader ledger in PostgreSQL, for BFF instances that share one database. Behaves exactly
 * like {@link createSqliteLeaderLedger} (same validation, same `AdapterError` codes, same
 * ordering, lamports exact as bigint); both run one contract suite. Resolves once the schema
 * is migrated; rejects with `LEDGER__INVALID_DATABASE_URL` for a malformed connection string,
 * `LEDGER__UNAVAILABLE` when the server cannot be reached (also from any later call) and
 * `LEDGER__SCHEMA_TOO_NEW` for a database migrated by a newer version. `close()` ends the pool
 * it made (a pool passed in stays the caller's to end).
 *
 * @example
 * const ledger = await createPostgresLeaderLedger({ connectionString: process.env.DATABASE_URL });
 */
export async function createPostgresLeaderLedger(
  options: PostgresLeaderLedgerOptions,
): Promise<LeaderLedger> {
  const clock = options.clock ?? systemClock;
  const { pool, owned } = poolFor(options);
  let closed = false;
  const close = async (): Promise<void> => {
    if (closed) return;
    closed = true;
    if (owned) await pool.end();
  };
  const query = async <R extends pg.QueryResultRow>(text: string, values: unknown[] = []) => {
    try {
      return await pool.query<R>(text, values);
    } catch (error) {
      throw translatePostgresError(error);
    }
  };
  try {
    await migratePostgresLedger(pool);
  } catch (error) {
    await close();
    throw translatePostgresError(error);
  }

  const nowIso = (): string => new Date(clock.now()).toISOString();
  const findLeader = async (code: string): Promise<Leader | null> => {
    const { rows } = await query<{ code: string; wallet: string; created_at: Date }>(
      SQL.findLeader,
      [code],
    );
    const row = rows[0];
    return row === undefined
      ? null
      : { code: row.code, wallet: row.wallet, createdAt: row.created_at.toISOString() };
  };
  const findBuy = async (signature: string): Promise<LeaderBuy | null> => {
    const row = (await query<BuyRow>(SQL.findBuy, [signature])).rows[0];
    return row === undefined ? null : toBuy(row);
  };

  const findClaim = async (signature: string): Promise<LeaderClaim | null> => {
    const row = (await query<ClaimRow>(SQL.findClaim, [signature])).rows[0];
    return row === undefined ? null : toClaim(row);
  };

  const getReconcileCursor = async (scope: string): Promise<ReconcileCursor | null> => {
    const { rows } = await query<{ signature: string; slot: string; updated_at: Date }>(
      SQL.getCursor,
      [scope],
    );
    const row = rows[0];
    return row === undefined
      ? null
      : {
          signature: row.signature,
          slot: Number(row.slot),
          updatedAt: row.updated_at.toISOString(),
        };
  };

  return {
    async registerLeader({ code, wallet }) {
      assertNewLeader({ code, wallet });
      await query(SQL.insertLeader, [code, wallet, nowIso()]);
      return registeredLeader(await findLeader(code), code, wallet);
    },
    findLeader,
    async recordBuy(buy) {
      assertBuyInput(buy);
      if ((await findLeader(buy.leaderCode)) === null) {
        throw new AdapterError('LEDGER__UNKNOWN_LEADER', { code: buy.leaderCode });
      }
      // ON CONFLICT DO NOTHING, then read back: of two concurrent inserts of one signature the
      // second waits for the first to commit, inserts nothing and reads the stored row.
      const result = await query(SQL.insertBuy, [
        buy.signature,
        buy.wallet,
        buy.leaderCode,
        buy.lamports.toString(),
        buy.commissionLamports.toString(),
        buy.slot.toString(),
        buy.blockTime === null ? null : buy.blockTime.toString(),
        nowIso(),
        buy.source,
      ]);
      const stored = await findBuy(buy.signature);
      if (stored === null) {
        throw new AdapterError('LEDGER__WRITE_FAILED', { signature: buy.signature });
      }
      return { inserted: result.rowCount === 1, buy: stored };
    },
    findBuy,
    async getLeaderSummary(code) {
      const row = (await query<SummaryRow>(SQL.summary, [code])).rows[0];
      return row === undefined ? null : toSummary(row);
    },
    async listRecentBuys(code, limit) {
      assertLedgerLimit(limit);
      return (await query<BuyRow>(SQL.recent, [code, limit])).rows.map(toBuy);
    },
    async getLeaderboard(limit) {
      assertLedgerLimit(limit);
      return (await query<SummaryRow>(SQL.leaderboard, [limit])).rows.map(toSummary);
    },
    async getOperatorCount(community: Community) {
      const row = (await query<{ count: string }>(SQL.getCount, [community])).rows[0];
      return row === undefined ? null : Number(row.count);
    },
    async setOperatorCount(community: Community, count: number) {
      assertOperatorCount(community, count);
      await query(SQL.setCount, [community, count, nowIso()]);
    },
    async getStats() {
      const row = (
        await query<{ leaders: string; buys: string; total: string; commission: string }>(SQL.stats)
      ).rows[0];
      if (row === undefined) throw new AdapterError('LEDGER__WRITE_FAILED', { query: 'stats' });
      return {
        leaders: Number(row.leaders),
        buys: Number(row.buys),
        totalLamports: BigInt(row.total),
        commissionLamports: BigInt(row.commission),
      };
    },
    getReconcileCursor,
    async advanceReconcileCursor(scope, cursor) {
      assertCursorInput(scope, cursor);
      await query(SQL.advanceCursor, [scope, cursor.signature, cursor.slot.toString(), nowIso()]);
      const stored = await getReconcileCursor(scope);
      if (stored === null) throw new AdapterError('LEDGER__WRITE_FAILED', { scope });
      return stored;
    },
    async recordClaim(claim) {
      assertClaimInput(claim);
      if ((await findLeader(claim.leaderCode)) === null) {
        throw new AdapterError('LEDGER__UNKNOWN_LEADER', { code: claim.leaderCode });
      }
      const result = await query(SQL.insertClaim, [
        claim.signature,
        claim.leaderCode,
        claim.wallet,
        claim.record,
        claim.lamports.toString(),
        claim.slot.toString(),
        claim.blockTime === null ? null : claim.blockTime.toString(),
        nowIso(),
      ]);
      const stored = await findClaim(claim.signature);
      if (stored === null) {
        throw new AdapterError('LEDGER__WRITE_FAILED', { signature: claim.signature });
      }
      return { inserted: result.rowCount === 1, claim: stored };
    },
    findClaim,
    async getClaimTotals(code) {
      const row = (await query<{ claims: string; lamports: string }>(SQL.claimTotals, [code]))
        .rows[0];
      return { claims: Number(row?.claims ?? 0), lamports: BigInt(row?.lamports ?? 0) };
    },
    async getSchemaVersion() {
      const row = (await query<{ version: number }>(SQL.schemaVersion)).rows[0];
      return row?.version ?? 0;
    },
    close,
  };
}
