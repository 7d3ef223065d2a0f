import type Database from 'better-sqlite3';
import type { Leader, LeaderBuy, LeaderClaim, LeaderSummary, ReconcileCursor } from '@fbt/domain';

/**
 * The SQLite ledger's statements and the rows they read, converted to the domain's shapes.
 * Lamports are INTEGER columns read back as bigint (the database runs with safe integers).
 */

export interface LeaderRow {
  code: string;
  wallet: string;
  record: string | null;
  created_at: string;
}

export interface BuyRow {
  signature: string;
  wallet: string;
  leader_code: string;
  lamports: bigint;
  commission_lamports: bigint;
  record: string | null;
  slot: bigint;
  block_time: bigint | null;
  recorded_at: string;
  source: 'report' | 'reconciler';
}

export interface ClaimRow {
  signature: string;
  leader_code: string;
  wallet: string;
  record: string;
  lamports: bigint;
  slot: bigint;
  block_time: bigint | null;
  recorded_at: string;
}

export interface SummaryRow {
  code: string;
  buys: bigint;
  total: bigint;
  commission: bigint;
}

export interface CursorRow {
  signature: string;
  slot: bigint;
  updated_at: string;
}

/** `convert(row)`, or `null` when the query found no row. */
export function orNull<R, T>(row: R | undefined, convert: (row: R) => T): T | null {
  return row === undefined ? null : convert(row);
}

const blockTimeOf = (value: bigint | null): number | null =>
  value === null ? null : Number(value);

export function toLeader(row: LeaderRow): Leader {
  return { code: row.code, wallet: row.wallet, record: row.record, createdAt: row.created_at };
}

export function toBuy(row: BuyRow): LeaderBuy {
  return {
    signature: row.signature,
    wallet: row.wallet,
    leaderCode: row.leader_code,
    lamports: row.lamports,
    commissionLamports: row.commission_lamports,
    record: row.record,
    slot: Number(row.slot),
    blockTime: blockTimeOf(row.block_time),
    recordedAt: row.recorded_at,
    source: row.source,
  };
}

export function toClaim(row: ClaimRow): LeaderClaim {
  return {
    signature: row.signature,
    leaderCode: row.leader_code,
    wallet: row.wallet,
    record: row.record,
    lamports: row.lamports,
    slot: Number(row.slot),
    blockTime: blockTimeOf(row.block_time),
    recordedAt: row.recorded_at,
  };
}

export function toSummary(row: SummaryRow): LeaderSummary {
  return {
    code: row.code,
    buys: Number(row.buys),
    totalLamports: row.total,
    commissionLamports: row.commission,
  };
}

export function toCursor(row: CursorRow): ReconcileCursor {
  return { signature: row.signature, slot: Number(row.slot), updatedAt: row.updated_at };
}

/** Every statement of the SQLite ledger, prepared once on its database. */
export function prepareLedgerStatements(db: Database.Database) {
  const summarySelect = `SELECT l.code AS code, COUNT(b.signature) AS buys,
      COALESCE(SUM(b.lamports), 0) AS total, COALESCE(SUM(b.commission_lamports), 0) AS commission
    FROM leaders l`;
  return {
    // A code the ledger holds takes the record's address and wallet (the chain decides).
    indexLeader: db.prepare(
      `INSERT INTO leaders (code, wallet, record, created_at) VALUES (?, ?, ?, ?)
       ON CONFLICT (code) DO UPDATE SET wallet = excluded.wallet, record = excluded.record
       WHERE leaders.record IS NOT excluded.record OR leaders.wallet <> excluded.wallet`,
    ),
    findLeader: db.prepare('SELECT code, wallet, record, created_at FROM leaders WHERE code = ?'),
    insertBuy: db.prepare(
      `INSERT INTO leader_buys (signature, wallet, leader_code, lamports, commission_lamports,
         record, slot, block_time, recorded_at, source)
       VALUES (?, ?, ?, ?, ?, ?, ?, ?, ?, ?)
       ON CONFLICT (signature) DO NOTHING`,
    ),
    findBuy: db.prepare('SELECT * FROM leader_buys WHERE signature = ?'),
    summary: db.prepare(
      `${summarySelect} LEFT JOIN leader_buys b ON b.leader_code = l.code
        WHERE l.code = ? GROUP BY l.code`,
    ),
    recent: db.prepare(
      'SELECT * FROM leader_buys WHERE leader_code = ? ORDER BY slot DESC, signature ASC LIMIT ?',
    ),
    leaderboard: db.prepare(
      `${summarySelect} JOIN leader_buys b ON b.leader_code = l.code
        GROUP BY l.code ORDER BY total DESC, code ASC LIMIT ?`,
    ),
    getCount: db.prepare('SELECT count FROM operator_counts WHERE community = ?'),
    setCount: db.prepare(
      `INSERT INTO operator_counts (community, count, updated_at) VALUES (?, ?, ?)
       ON CONFLICT (community) DO UPDATE SET count = excluded.count, updated_at = excluded.updated_at`,
    ),
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
  };
}

/** The prepared statements of one SQLite ledger. */
export type LedgerStatements = ReturnType<typeof prepareLedgerStatements>;
