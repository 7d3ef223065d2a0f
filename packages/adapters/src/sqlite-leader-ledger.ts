import { mkdirSync } from 'node:fs';
import { dirname } from 'node:path';
import Database from 'better-sqlite3';
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
import { migrateSqliteLedger } from './sqlite-ledger-schema';

export { SQLITE_LEDGER_SCHEMA_VERSION } from './sqlite-ledger-schema';
import {
  assertBuyInput,
  assertClaimInput,
  assertCursorInput,
  assertLedgerLimit,
  assertNewLeader,
  assertOperatorCount,
  registeredLeader,
} from './leader-ledger-input';

/** Options of {@link createSqliteLeaderLedger}. */
export interface SqliteLeaderLedgerOptions {
  /** Database file; `':memory:'` for a throw-away database. Parent folders are created. */
  readonly path: string;
  /** Time source for `createdAt` / `recordedAt`; defaults to the system clock. */
  readonly clock?: Clock;
}

interface BuyRow {
  signature: string;
  wallet: string;
  leader_code: string;
  lamports: bigint;
  commission_lamports: bigint;
  slot: bigint;
  block_time: bigint | null;
  recorded_at: string;
  source: 'report' | 'reconciler';
}

interface ClaimRow {
  signature: string;
  leader_code: string;
  wallet: string;
  record: string;
  lamports: bigint;
  slot: bigint;
  block_time: bigint | null;
  recorded_at: string;
}

function toClaim(row: ClaimRow): LeaderClaim {
  return {
    signature: row.signature,
    leaderCode: row.leader_code,
    wallet: row.wallet,
    record: row.record,
    lamports: row.lamports,
    slot: Number(row.slot),
    blockTime: row.block_time === null ? null : Number(row.block_time),
    recordedAt: row.recorded_at,
  };
}

interface SummaryRow {
  code: string;
  buys: bigint;
  total: bigint;
  commission: bigint;
}

const systemClock: Clock = { now: () => Date.now() };

function toBuy(row: BuyRow): LeaderBuy {
  return {
    signature: row.signature,
    wallet: row.wallet,
    leaderCode: row.leader_code,
    lamports: row.lamports,
    commissionLamports: row.commission_lamports,
    slot: Number(row.slot),
    blockTime: row.block_time === null ? null : Number(row.block_time),
    recordedAt: row.recorded_at,
    source: row.source,
  };
}

function toSummary(row: SummaryRow): LeaderSummary {
  return {
    code: row.code,
    buys: Number(row.buys),
    totalLamports: row.total,
    commissionLamports: row.commission,
  };
}

/**
 * The leader ledger in a SQLite file (WAL mode), migrated on open. Inserts are idempotent by
 * transaction signature. Used by the BFF and by the operator CLI (register leaders, set goal
 * counts) on the same file.
 *
 * @example
 * const ledger = createSqliteLeaderLedger({ path: './data/ledger.sqlite' });
 * await ledger.registerLeader({ code: 'beast42', wallet: '7xKX…' });
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

  const statements = {
    insertLeader: db.prepare(
      'INSERT INTO leaders (code, wallet, created_at) VALUES (?, ?, ?) ON CONFLICT (code) DO NOTHING',
    ),
    findLeader: db.prepare('SELECT code, wallet, created_at FROM leaders WHERE code = ?'),
    insertBuy: db.prepare(
      `INSERT INTO leader_buys
         (signature, wallet, leader_code, lamports, commission_lamports, slot, block_time, recorded_at, source)
       VALUES (?, ?, ?, ?, ?, ?, ?, ?, ?)
       ON CONFLICT (signature) DO NOTHING`,
    ),
    findBuy: db.prepare('SELECT * FROM leader_buys WHERE signature = ?'),
    summary: db.prepare(
      `SELECT l.code AS code, COUNT(b.signature) AS buys,
              COALESCE(SUM(b.lamports), 0) AS total, COALESCE(SUM(b.commission_lamports), 0) AS commission
         FROM leaders l LEFT JOIN leader_buys b ON b.leader_code = l.code
        WHERE l.code = ? GROUP BY l.code`,
    ),
    recent: db.prepare(
      'SELECT * FROM leader_buys WHERE leader_code = ? ORDER BY slot DESC, signature ASC LIMIT ?',
    ),
    leaderboard: db.prepare(
      `SELECT l.code AS code, COUNT(b.signature) AS buys,
              COALESCE(SUM(b.lamports), 0) AS total, COALESCE(SUM(b.commission_lamports), 0) AS commission
         FROM leaders l JOIN leader_buys b ON b.leader_code = l.code
        GROUP BY l.code ORDER BY total DESC, code ASC LIMIT ?`,
    ),
    getCount: db.prepare('SELECT count FROM operator_counts WHERE community = ?'),
    stats: db.prepare(
      `SELECT (SELECT COUNT(*) FROM leaders) AS leaders, COUNT(*) AS buys,
              COALESCE(SUM(lamports), 0) AS total, COALESCE(SUM(commission_lamports), 0) AS commission
         FROM leader_buys`,
    ),
    getCursor: db.prepare(
      'SELECT signature, slot, updated_at FROM reconcile_cursors WHERE scope = ?',
    ),
    advanceCursor: db.prepare(
      `INSERT INTO reconcile_cursors (scope, signature, slot, updated_at) VALUES (?, ?, ?, ?)
       ON CONFLICT (scope) DO UPDATE SET signature = excluded.signature, slot = excluded.slot,
         updated_at = excluded.updated_at WHERE excluded.slot >= reconcile_cursors.slot`,
    ),
    insertClaim: db.prepare(
      `INSERT INTO leader_claims
         (signature, leader_code, wallet, record, lamports, slot, block_time, recorded_at)
       VALUES (?, ?, ?, ?, ?, ?, ?, ?)
       ON CONFLICT (signature) DO NOTHING`,
    ),
    findClaim: db.prepare('SELECT * FROM leader_claims WHERE signature = ?'),
    claimTotals: db.prepare(
      'SELECT COUNT(*) AS claims, COALESCE(SUM(lamports), 0) AS lamports FROM leader_claims WHERE leader_code = ?',
    ),
    schemaVersion: db.prepare('SELECT COALESCE(MAX(version), 0) AS version FROM schema_migrations'),
    setCount: db.prepare(
      `INSERT INTO operator_counts (community, count, updated_at) VALUES (?, ?, ?)
       ON CONFLICT (community) DO UPDATE SET count = excluded.count, updated_at = excluded.updated_at`,
    ),
  };

  const nowIso = (): string => new Date(clock.now()).toISOString();
  const findLeaderSync = (code: string): Leader | null => {
    const row = statements.findLeader.get(code) as
      { code: string; wallet: string; created_at: string } | undefined;
    return row === undefined
      ? null
      : { code: row.code, wallet: row.wallet, createdAt: row.created_at };
  };
  const findBuySync = (signature: string): LeaderBuy | null => {
    const row = statements.findBuy.get(signature) as BuyRow | undefined;
    return row === undefined ? null : toBuy(row);
  };

  const getCursorSync = (scope: string): ReconcileCursor | null => {
    const row = statements.getCursor.get(scope) as
      { signature: string; slot: bigint; updated_at: string } | undefined;
    return row === undefined
      ? null
      : { signature: row.signature, slot: Number(row.slot), updatedAt: row.updated_at };
  };

  return {
    registerLeader({ code, wallet }) {
      return Promise.resolve().then(() => {
        assertNewLeader({ code, wallet });
        statements.insertLeader.run(code, wallet, nowIso());
        return registeredLeader(findLeaderSync(code), code, wallet);
      });
    },
    findLeader(code) {
      return Promise.resolve().then(() => findLeaderSync(code));
    },
    recordBuy(buy) {
      return Promise.resolve().then(() => {
        assertBuyInput(buy);
        if (findLeaderSync(buy.leaderCode) === null) {
          throw new AdapterError('LEDGER__UNKNOWN_LEADER', { code: buy.leaderCode });
        }
        const result = statements.insertBuy.run(
          buy.signature,
          buy.wallet,
          buy.leaderCode,
          buy.lamports,
          buy.commissionLamports,
          BigInt(buy.slot),
          buy.blockTime === null ? null : BigInt(buy.blockTime),
          nowIso(),
          buy.source,
        );
        const stored = findBuySync(buy.signature);
        if (stored === null)
          throw new AdapterError('LEDGER__WRITE_FAILED', { signature: buy.signature });
        return { inserted: result.changes === 1, buy: stored };
      });
    },
    findBuy(signature) {
      return Promise.resolve().then(() => findBuySync(signature));
    },
    getLeaderSummary(code) {
      return Promise.resolve().then(() => {
        const row = statements.summary.get(code) as SummaryRow | undefined;
        return row === undefined ? null : toSummary(row);
      });
    },
    listRecentBuys(code, limit) {
      return Promise.resolve().then(() => {
        assertLedgerLimit(limit);
        return (statements.recent.all(code, limit) as BuyRow[]).map(toBuy);
      });
    },
    getLeaderboard(limit) {
      return Promise.resolve().then(() => {
        assertLedgerLimit(limit);
        return (statements.leaderboard.all(limit) as SummaryRow[]).map(toSummary);
      });
    },
    getOperatorCount(community: Community) {
      return Promise.resolve().then(() => {
        const row = statements.getCount.get(community) as { count: bigint } | undefined;
        return row === undefined ? null : Number(row.count);
      });
    },
    setOperatorCount(community: Community, count: number) {
      return Promise.resolve().then(() => {
        assertOperatorCount(community, count);
        statements.setCount.run(community, count, nowIso());
      });
    },
    getStats() {
      return Promise.resolve().then(() => {
        const row = statements.stats.get() as {
          leaders: bigint;
          buys: bigint;
          total: bigint;
          commission: bigint;
        };
        return {
          leaders: Number(row.leaders),
          buys: Number(row.buys),
          totalLamports: row.total,
          commissionLamports: row.commission,
        };
      });
    },
    getReconcileCursor(scope) {
      return Promise.resolve().then(() => getCursorSync(scope));
    },
    advanceReconcileCursor(scope, cursor) {
      return Promise.resolve().then(() => {
        assertCursorInput(scope, cursor);
        statements.advanceCursor.run(scope, cursor.signature, BigInt(cursor.slot), nowIso());
        const stored = getCursorSync(scope);
        if (stored === null) throw new AdapterError('LEDGER__WRITE_FAILED', { scope });
        return stored;
      });
    },
    recordClaim(claim) {
      return Promise.resolve().then(() => {
        assertClaimInput(claim);
        if (findLeaderSync(claim.leaderCode) === null) {
          throw new AdapterError('LEDGER__UNKNOWN_LEADER', { code: claim.leaderCode });
        }
        const result = statements.insertClaim.run(
          claim.signature,
          claim.leaderCode,
          claim.wallet,
          claim.record,
          claim.lamports,
          BigInt(claim.slot),
          claim.blockTime === null ? null : BigInt(claim.blockTime),
          nowIso(),
        );
        const row = statements.findClaim.get(claim.signature) as ClaimRow | undefined;
        if (row === undefined) {
          throw new AdapterError('LEDGER__WRITE_FAILED', { signature: claim.signature });
        }
        return { inserted: result.changes === 1, claim: toClaim(row) };
      });
    },
    findClaim(signature) {
      return Promise.resolve().then(() => {
        const row = statements.findClaim.get(signature) as ClaimRow | undefined;
        return row === undefined ? null : toClaim(row);
      });
    },
    getClaimTotals(code) {
      return Promise.resolve().then(() => {
        const row = statements.claimTotals.get(code) as { claims: bigint; lamports: bigint };
        return { claims: Number(row.claims), lamports: row.lamports };
      });
    },
    getSchemaVersion() {
      return Promise.resolve().then(() => {
        const row = statements.schemaVersion.get() as { version: bigint };
        return Number(row.version);
      });
    },
    close() {
      return Promise.resolve().then(() => {
        if (db.open) db.close();
      });
    },
  };
}
