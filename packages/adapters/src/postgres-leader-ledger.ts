import pg from 'pg';
import type { Clock, LeaderLedger } from '@fbt/domain';
import { AdapterError } from './adapter-error';
import {
  assertBuyInput,
  assertClaimInput,
  assertCursorInput,
  assertLeaderInput,
  assertLedgerLimit,
  assertOperatorCount,
  indexedLeader,
  type LedgerReads,
  type LedgerWrites,
} from './leader-ledger-input';
import {
  SQL,
  toBuy,
  toClaim,
  toCursor,
  toLeader,
  toSummary,
  type BuyRow,
  type ClaimRow,
  type CursorRow,
  type LeaderRow,
  type SummaryRow,
} from './postgres-ledger-statements';
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

const systemClock: Clock = { now: () => Date.now() };
const DEFAULT_CONNECT_TIMEOUT_MS = 5_000;
const DEFAULT_QUERY_TIMEOUT_MS = 5_000;

/** One query on the pool, its failure translated (`LEDGER__UNAVAILABLE` when unreachable). */
type Query = <R extends pg.QueryResultRow>(
  text: string,
  values?: unknown[],
) => Promise<pg.QueryResult<R>>;

/** The first row a query returns, converted, or `null` when it returned none. */
async function firstRow<R extends pg.QueryResultRow, T>(
  rows: Promise<pg.QueryResult<R>>,
  convert: (row: R) => T,
): Promise<T | null> {
  const row = (await rows).rows[0];
  return row === undefined ? null : convert(row);
}

const decimalOrNull = (value: number | null) => (value === null ? null : value.toString());

/** The ledger's reads. */
function postgresReads(query: Query): LedgerReads {
  return {
    findLeader: (code) => firstRow(query<LeaderRow>(SQL.findLeader, [code]), toLeader),
    findBuy: (signature) => firstRow(query<BuyRow>(SQL.findBuy, [signature]), toBuy),
    getLeaderSummary: (code) => firstRow(query<SummaryRow>(SQL.summary, [code]), toSummary),
    async listRecentBuys(code, limit) {
      assertLedgerLimit(limit);
      return (await query<BuyRow>(SQL.recent, [code, limit])).rows.map(toBuy);
    },
    async getLeaderboard(limit) {
      assertLedgerLimit(limit);
      return (await query<SummaryRow>(SQL.leaderboard, [limit])).rows.map(toSummary);
    },
    getOperatorCount: (community) =>
      firstRow(query<{ count: string }>(SQL.getCount, [community]), (row) => Number(row.count)),
    async getStats() {
      const row = (await query<SummaryRow & { leaders: string }>(SQL.stats)).rows[0];
      if (row === undefined) throw new AdapterError('LEDGER__WRITE_FAILED', { query: 'stats' });
      return {
        leaders: Number(row.leaders),
        buys: Number(row.buys),
        totalLamports: BigInt(row.total),
        commissionLamports: BigInt(row.commission),
      };
    },
    getReconcileCursor: (scope) => firstRow(query<CursorRow>(SQL.getCursor, [scope]), toCursor),
    findClaim: (signature) => firstRow(query<ClaimRow>(SQL.findClaim, [signature]), toClaim),
    async getClaimTotals(code) {
      const row = (await query<{ claims: string; lamports: string }>(SQL.claimTotals, [code]))
        .rows[0];
      return { claims: Number(row?.claims ?? 0), lamports: BigInt(row?.lamports ?? 0) };
    },
    async getSchemaVersion() {
      const row = (await query<{ version: number }>(SQL.schemaVersion)).rows[0];
      return row?.version ?? 0;
    },
  };
}

/**
 * The ledger's writes: each checks its input, writes idempotently (ON CONFLICT DO NOTHING, then
 * read back: of two concurrent inserts of one signature the second waits for the first to
 * commit, inserts nothing and reads the stored row).
 */
function postgresWrites(query: Query, reads: LedgerReads, nowIso: () => string): LedgerWrites {
  const requireLeader = async (code: string) => {
    if ((await reads.findLeader(code)) === null) {
      throw new AdapterError('LEDGER__UNKNOWN_LEADER', { code });
    }
  };
  return {
    async indexLeader(leader) {
      assertLeaderInput(leader);
      await query(SQL.indexLeader, [leader.code, leader.wallet, leader.record, nowIso()]);
      return indexedLeader(await reads.findLeader(leader.code), leader.code);
    },
    async recordBuy(buy) {
      assertBuyInput(buy);
      await requireLeader(buy.leaderCode);
      const result = await query(SQL.insertBuy, [
        buy.signature,
        buy.wallet,
        buy.leaderCode,
        buy.lamports.toString(),
        buy.commissionLamports.toString(),
        buy.record,
        buy.slot.toString(),
        decimalOrNull(buy.blockTime),
        nowIso(),
        buy.source,
      ]);
      const stored = await reads.findBuy(buy.signature);
      if (stored === null) {
        throw new AdapterError('LEDGER__WRITE_FAILED', { signature: buy.signature });
      }
      return { inserted: result.rowCount === 1, buy: stored };
    },
    async setOperatorCount(community, count) {
      assertOperatorCount(community, count);
      await query(SQL.setCount, [community, count, nowIso()]);
    },
    async advanceReconcileCursor(scope, cursor) {
      assertCursorInput(scope, cursor);
      await query(SQL.advanceCursor, [scope, cursor.signature, cursor.slot.toString(), nowIso()]);
      const stored = await reads.getReconcileCursor(scope);
      if (stored === null) throw new AdapterError('LEDGER__WRITE_FAILED', { scope });
      return stored;
    },
    async recordClaim(claim) {
      assertClaimInput(claim);
      await requireLeader(claim.leaderCode);
      const result = await query(SQL.insertClaim, [
        claim.signature,
        claim.leaderCode,
        claim.wallet,
        claim.record,
        claim.lamports.toString(),
        claim.slot.toString(),
        decimalOrNull(claim.blockTime),
        nowIso(),
      ]);
      const stored = await reads.findClaim(claim.signature);
      if (stored === null) {
        throw new AdapterError('LEDGER__WRITE_FAILED', { signature: claim.signature });
      }
      return { inserted: result.rowCount === 1, claim: stored };
    },
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
  const query: Query = async (text, values = []) => {
    try {
      return await pool.query(text, values);
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
  const reads = postgresReads(query);
  return { ...reads, ...postgresWrites(query, reads, nowIso), close };
}
