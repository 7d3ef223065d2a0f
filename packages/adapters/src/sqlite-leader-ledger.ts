import { mkdirSync } from 'node:fs';
import { dirname } from 'node:path';
import Database from 'better-sqlite3';
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
  orNull,
  prepareLedgerStatements,
  toBuy,
  toClaim,
  toCursor,
  toLeader,
  toSummary,
  type BuyRow,
  type ClaimRow,
  type CursorRow,
  type LeaderRow,
  type LedgerStatements,
  type SummaryRow,
} from './sqlite-ledger-statements';
import { migrateSqliteLedger } from './sqlite-ledger-schema';

export { SQLITE_LEDGER_SCHEMA_VERSION } from './sqlite-ledger-schema';

/** Options of {@link createSqliteLeaderLedger}. */
export interface SqliteLeaderLedgerOptions {
  /** Database file; `':memory:'` for a throw-away database. Parent folders are created. */
  readonly path: string;
  /** Time source for `createdAt` / `recordedAt`; defaults to the system clock. */
  readonly clock?: Clock;
}

const systemClock: Clock = { now: () => Date.now() };

/** Runs synchronous database work as a promise (the port is async; SQLite answers at once). */
const later = <T>(work: () => T): Promise<T> => Promise.resolve().then(work);

const leaderOf = (statements: LedgerStatements, code: string) =>
  orNull(statements.findLeader.get(code) as LeaderRow | undefined, toLeader);
const buyOf = (statements: LedgerStatements, signature: string) =>
  orNull(statements.findBuy.get(signature) as BuyRow | undefined, toBuy);
const claimOf = (statements: LedgerStatements, signature: string) =>
  orNull(statements.findClaim.get(signature) as ClaimRow | undefined, toClaim);
const cursorOf = (statements: LedgerStatements, scope: string) =>
  orNull(statements.getCursor.get(scope) as CursorRow | undefined, toCursor);

/** The ledger's reads over its prepared statements. */
function sqliteReads(statements: LedgerStatements): LedgerReads {
  return {
    findLeader: (code) => later(() => leaderOf(statements, code)),
    findBuy: (signature) => later(() => buyOf(statements, signature)),
    getLeaderSummary: (code) =>
      later(() => orNull(statements.summary.get(code) as SummaryRow | undefined, toSummary)),
    listRecentBuys: (code, limit) =>
      later(() => {
        assertLedgerLimit(limit);
        return (statements.recent.all(code, limit) as BuyRow[]).map(toBuy);
      }),
    getLeaderboard: (limit) =>
      later(() => {
        assertLedgerLimit(limit);
        return (statements.leaderboard.all(limit) as SummaryRow[]).map(toSummary);
      }),
    getOperatorCount: (community) =>
      later(() => {
        const row = statements.getCount.get(community) as { count: bigint } | undefined;
        return row === undefined ? null : Number(row.count);
      }),
    getStats: () =>
      later(() => {
        const row = statements.stats.get() as SummaryRow & { leaders: bigint };
        return {
          leaders: Number(row.leaders),
          buys: Number(row.buys),
          totalLamports: row.total,
          commissionLamports: row.commission,
        };
      }),
    getReconcileCursor: (scope) => later(() => cursorOf(statements, scope)),
    findClaim: (signature) => later(() => claimOf(statements, signature)),
    getClaimTotals: (code) =>
      later(() => {
        const row = statements.claimTotals.get(code) as { claims: bigint; lamports: bigint };
        return { claims: Number(row.claims), lamports: row.lamports };
      }),
    getSchemaVersion: () =>
      later(() => Number((statements.schemaVersion.get() as { version: bigint }).version)),
  };
}

/** The ledger's writes: each checks its input, writes idempotently and reads the row back. */
function sqliteWrites(statements: LedgerStatements, nowIso: () => string): LedgerWrites {
  const requireLeader = (code: string) => {
    if (leaderOf(statements, code) === null) {
      throw new AdapterError('LEDGER__UNKNOWN_LEADER', { code });
    }
  };
  const bigintOrNull = (value: number | null) => (value === null ? null : BigInt(value));
  return {
    indexLeader: (leader) =>
      later(() => {
        assertLeaderInput(leader);
        statements.indexLeader.run(leader.code, leader.wallet, leader.record, nowIso());
        return indexedLeader(leaderOf(statements, leader.code), leader.code);
      }),
    recordBuy: (buy) =>
      later(() => {
        assertBuyInput(buy);
        requireLeader(buy.leaderCode);
        const result = statements.insertBuy.run(
          buy.signature,
          buy.wallet,
          buy.leaderCode,
          buy.lamports,
          buy.commissionLamports,
          buy.record,
          BigInt(buy.slot),
          bigintOrNull(buy.blockTime),
          nowIso(),
          buy.source,
        );
        const stored = buyOf(statements, buy.signature);
        if (stored === null) {
          throw new AdapterError('LEDGER__WRITE_FAILED', { signature: buy.signature });
        }
        return { inserted: result.changes === 1, buy: stored };
      }),
    setOperatorCount: (community, count) =>
      later(() => {
        assertOperatorCount(community, count);
        statements.setCount.run(community, count, nowIso());
      }),
    advanceReconcileCursor: (scope, cursor) =>
      later(() => {
        assertCursorInput(scope, cursor);
        statements.advanceCursor.run(scope, cursor.signature, BigInt(cursor.slot), nowIso());
        const stored = cursorOf(statements, scope);
        if (stored === null) throw new AdapterError('LEDGER__WRITE_FAILED', { scope });
        return stored;
      }),
    recordClaim: (claim) =>
      later(() => {
        assertClaimInput(claim);
        requireLeader(claim.leaderCode);
        const result = statements.insertClaim.run(
          claim.signature,
          claim.leaderCode,
          claim.wallet,
          claim.record,
          claim.lamports,
          BigInt(claim.slot),
          bigintOrNull(claim.blockTime),
          nowIso(),
        );
        const stored = claimOf(statements, claim.signature);
        if (stored === null) {
          throw new AdapterError('LEDGER__WRITE_FAILED', { signature: claim.signature });
        }
        return { inserted: result.changes === 1, claim: stored };
      }),
  };
}

/**
 * The leader ledger in a SQLite file (WAL mode), migrated on open. Inserts are idempotent by
 * transaction signature. Used by the BFF and by the operator CLI (goal counts, migrations) on
 * the same file.
 *
 * @example
 * const ledger = createSqliteLeaderLedger({ path: './data/ledger.sqlite' });
 * await ledger.findLeader('beast42');
 */
export function createSqliteLeaderLedger(options: SqliteLeaderLedgerOptions): LeaderLedger {
  const clock = options.clock ?? systemClock;
  if (options.path !== ':memory:') mkdirSync(dirname(options.path), { recursive: true });
  const db = new Database(options.path);
  db.defaultSafeIntegers(true);
  db.pragma('journal_mode = WAL');
  db.pragma('foreign_keys = ON');
  db.pragma('busy_timeout = 5000');
  migrateSqliteLedger(db);
  const statements = prepareLedgerStatements(db);
  const nowIso = (): string => new Date(clock.now()).toISOString();
  return {
    ...sqliteReads(statements),
    ...sqliteWrites(statements, nowIso),
    close: () =>
      later(() => {
        if (db.open) db.close();
      }),
  };
}
