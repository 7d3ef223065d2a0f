import type { Leader, LeaderBuy, LeaderClaim, LeaderSummary, ReconcileCursor } from '@fbt/domain';

/**
 * The PostgreSQL ledger's statements and the rows they read, converted to the domain's shapes.
 * BIGINT and COUNT/SUM come back as decimal text, never floats; times as Dates, returned as the
 * same ISO strings SQLite stores.
 */

export interface LeaderRow {
  code: string;
  wallet: string;
  record: string | null;
  created_at: Date;
}

export interface BuyRow {
  signature: string;
  wallet: string;
  leader_code: string;
  lamports: string;
  commission_lamports: string;
  record: string | null;
  slot: string;
  block_time: string | null;
  recorded_at: Date;
  source: 'report' | 'reconciler';
}

export interface ClaimRow {
  signature: string;
  leader_code: string;
  wallet: string;
  record: string;
  lamports: string;
  slot: string;
  block_time: string | null;
  recorded_at: Date;
}

export interface SummaryRow {
  code: string;
  buys: string;
  total: string;
  commission: string;
}

export interface CursorRow {
  signature: string;
  slot: string;
  updated_at: Date;
}

const blockTimeOf = (value: string | null): number | null =>
  value === null ? null : Number(value);

export function toLeader(row: LeaderRow): Leader {
  return {
    code: row.code,
    wallet: row.wallet,
    record: row.record,
    createdAt: row.created_at.toISOString(),
  };
}

export function toBuy(row: BuyRow): LeaderBuy {
  return {
    signature: row.signature,
    wallet: row.wallet,
    leaderCode: row.leader_code,
    lamports: BigInt(row.lamports),
    commissionLamports: BigInt(row.commission_lamports),
    record: row.record,
    slot: Number(row.slot),
    blockTime: blockTimeOf(row.block_time),
    recordedAt: row.recorded_at.toISOString(),
    source: row.source,
  };
}

export function toClaim(row: ClaimRow): LeaderClaim {
  return {
    signature: row.signature,
    leaderCode: row.leader_code,
    wallet: row.wallet,
    record: row.record,
    lamports: BigInt(row.lamports),
    slot: Number(row.slot),
    blockTime: blockTimeOf(row.block_time),
    recordedAt: row.recorded_at.toISOString(),
  };
}

export function toSummary(row: SummaryRow): LeaderSummary {
  return {
    code: row.code,
    buys: Number(row.buys),
    totalLamports: BigInt(row.total),
    commissionLamports: BigInt(row.commission),
  };
}

export function toCursor(row: CursorRow): ReconcileCursor {
  return {
    signature: row.signature,
    slot: Number(row.slot),
    updatedAt: row.updated_at.toISOString(),
  };
}

/** Exact text ordering whatever the database's collation, so the order matches SQLite's. */
const SUMMARY_SELECT = `SELECT l.code AS code, COUNT(b.signature) AS buys,
       COALESCE(SUM(b.lamports), 0) AS total, COALESCE(SUM(b.commission_lamports), 0) AS commission
  FROM leaders l`;

/** Every statement of the PostgreSQL ledger. */
export const SQL = {
  // A code the ledger holds takes the record's address and wallet (the chain decides).
  indexLeader: `INSERT INTO leaders (code, wallet, record, created_at) VALUES ($1, $2, $3, $4)
    ON CONFLICT (code) DO UPDATE SET wallet = excluded.wallet, record = excluded.record
    WHERE leaders.record IS DISTINCT FROM excluded.record OR leaders.wallet <> excluded.wallet`,
  findLeader: 'SELECT code, wallet, record, created_at FROM leaders WHERE code = $1',
  insertBuy: `INSERT INTO leader_buys (signature, wallet, leader_code, lamports,
      commission_lamports, record, slot, block_time, recorded_at, source)
    VALUES ($1, $2, $3, $4, $5, $6, $7, $8, $9, $10)
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
