import type Database from 'better-sqlite3';
import { AdapterError } from './adapter-error';

/**
 * Versioned migrations. Never edit a shipped one: append. Money is INTEGER lamports (a signed
 * 64-bit integer holds every amount of SOL that exists, ~6e17 lamports) read back as bigint;
 * the PostgreSQL store uses BIGINT for the same columns.
 */
const MIGRATIONS: readonly { version: number; sql: string }[] = [
  {
    version: 1,
    sql: `
      CREATE TABLE leaders (
        code TEXT PRIMARY KEY,
        wallet TEXT NOT NULL,
        created_at TEXT NOT NULL
      );
      CREATE TABLE leader_buys (
        signature TEXT PRIMARY KEY,
        wallet TEXT NOT NULL,
        leader_code TEXT NOT NULL REFERENCES leaders(code),
        lamports INTEGER NOT NULL CHECK (lamports >= 0),
        commission_lamports INTEGER NOT NULL CHECK (commission_lamports >= 0),
        slot INTEGER NOT NULL,
        block_time INTEGER,
        recorded_at TEXT NOT NULL,
        source TEXT NOT NULL CHECK (source IN ('report', 'reconciler'))
      );
      CREATE INDEX leader_buys_by_code ON leader_buys (leader_code, slot DESC);
      CREATE TABLE operator_counts (
        community TEXT PRIMARY KEY CHECK (community IN ('telegram', 'twitter')),
        count INTEGER NOT NULL CHECK (count >= 0),
        updated_at TEXT NOT NULL
      );
    `,
  },
  {
    version: 2,
    sql: `
      CREATE TABLE reconcile_cursors (
        scope TEXT PRIMARY KEY,
        signature TEXT NOT NULL,
        slot INTEGER NOT NULL CHECK (slot >= 0),
        updated_at TEXT NOT NULL
      );
    `,
  },
  {
    // The ledger indexes the chain's commission claims (ClaimCommission) too.
    version: 3,
    sql: `
      CREATE TABLE leader_claims (
        signature TEXT PRIMARY KEY,
        leader_code TEXT NOT NULL REFERENCES leaders(code),
        wallet TEXT NOT NULL,
        record TEXT NOT NULL,
        lamports INTEGER NOT NULL CHECK (lamports > 0),
        slot INTEGER NOT NULL,
        block_time INTEGER,
        recorded_at TEXT NOT NULL
      );
      CREATE INDEX leader_claims_by_code ON leader_claims (leader_code, slot DESC);
    `,
  },
  {
    // The ledger indexes the chain's leader records: a leader names the record it was indexed
    // from, a buy the record the program paid. Rows written before stay NULL: leaders an
    // earlier version registered in the ledger alone, and the buys it recorded (history).
    version: 4,
    sql: `
      ALTER TABLE leaders ADD COLUMN record TEXT;
      ALTER TABLE leader_buys ADD COLUMN record TEXT;
    `,
  },
];

/** The latest schema version this code knows. */
export const SQLITE_LEDGER_SCHEMA_VERSION = MIGRATIONS.length;

/**
 * Applies the missing migrations, each in its own transaction, up to `upTo` (default: every
 * one; a lower version builds an older ledger, for migration tests). Refuses a database
 * migrated by a newer version of this code (`LEDGER__SCHEMA_TOO_NEW`), like the PostgreSQL
 * store.
 */
export function migrateSqliteLedger(
  db: Database.Database,
  upTo: number = SQLITE_LEDGER_SCHEMA_VERSION,
): void {
  db.exec(
    'CREATE TABLE IF NOT EXISTS schema_migrations (version INTEGER PRIMARY KEY, applied_at TEXT NOT NULL)',
  );
  const applied = new Set(
    (db.prepare('SELECT version FROM schema_migrations').all() as { version: bigint }[]).map(
      (row) => Number(row.version),
    ),
  );
  const newest = Math.max(0, ...applied);
  if (newest > SQLITE_LEDGER_SCHEMA_VERSION) {
    throw new AdapterError('LEDGER__SCHEMA_TOO_NEW', {
      database: newest,
      supported: SQLITE_LEDGER_SCHEMA_VERSION,
    });
  }
  for (const migration of MIGRATIONS) {
    if (applied.has(migration.version) || migration.version > upTo) continue;
    db.transaction(() => {
      db.exec(migration.sql);
      db.prepare('INSERT INTO schema_migrations (version, applied_at) VALUES (?, ?)').run(
        migration.version,
        new Date().toISOString(),
      );
    })();
  }
}
