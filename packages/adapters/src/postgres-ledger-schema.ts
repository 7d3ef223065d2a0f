import type pg from 'pg';
import { AdapterError } from './adapter-error';

/**
 * Versioned migrations of the PostgreSQL leader ledger. Never edit a shipped one: append. The
 * tables mirror the SQLite store's (`sqlite-leader-ledger.ts`) so both engines answer alike:
 * money is BIGINT lamports (a signed 64-bit integer holds every lamport of SOL that exists,
 * ~6e17) sent and read as decimal text, never as a JavaScript number; times are TIMESTAMPTZ
 * at millisecond precision, read back as the same ISO strings.
 */
const MIGRATIONS: readonly { version: number; sql: string }[] = [
  {
    version: 1,
    sql: `
      CREATE TABLE leaders (
        code TEXT PRIMARY KEY,
        wallet TEXT NOT NULL,
        created_at TIMESTAMPTZ NOT NULL
      );
      CREATE TABLE leader_buys (
        signature TEXT PRIMARY KEY,
        wallet TEXT NOT NULL,
        leader_code TEXT NOT NULL REFERENCES leaders(code),
        lamports BIGINT NOT NULL CHECK (lamports >= 0),
        commission_lamports BIGINT NOT NULL CHECK (commission_lamports >= 0),
        slot BIGINT NOT NULL,
        block_time BIGINT,
        recorded_at TIMESTAMPTZ NOT NULL,
        source TEXT NOT NULL CHECK (source IN ('report', 'reconciler'))
      );
      CREATE INDEX leader_buys_by_code ON leader_buys (leader_code, slot DESC);
      CREATE TABLE operator_counts (
        community TEXT PRIMARY KEY CHECK (community IN ('telegram', 'twitter')),
        count BIGINT NOT NULL CHECK (count >= 0),
        updated_at TIMESTAMPTZ NOT NULL
      );
    `,
  },
  {
    version: 2,
    sql: `
      CREATE TABLE reconcile_cursors (
        scope TEXT PRIMARY KEY,
        signature TEXT NOT NULL,
        slot BIGINT NOT NULL CHECK (slot >= 0),
        updated_at TIMESTAMPTZ NOT NULL
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
        lamports BIGINT NOT NULL CHECK (lamports > 0),
        slot BIGINT NOT NULL,
        block_time BIGINT,
        recorded_at TIMESTAMPTZ NOT NULL
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
export const POSTGRES_LEDGER_SCHEMA_VERSION = MIGRATIONS.length;

/**
 * Key of the transaction-scoped advisory lock taken before migrating ('FBT' and 1): BFF
 * instances starting together queue on it, so exactly one applies each migration and the
 * others find it applied.
 */
const MIGRATION_LOCK = [0x464254, 1] as const;

/** Errno codes of a socket that could not reach the server. */
const UNREACHABLE_ERRNOS = new Set([
  'ECONNREFUSED',
  'ECONNRESET',
  'ENOTFOUND',
  'EAI_AGAIN',
  'ETIMEDOUT',
  'EHOSTUNREACH',
  'ENETUNREACH',
  'EPIPE',
]);

function codeOf(error: Error): string | undefined {
  const code: unknown = 'code' in error ? error.code : undefined;
  return typeof code === 'string' ? code : undefined;
}

/**
 * Whether a `pg` failure means "the database cannot be used right now" rather than a bad
 * statement: socket errors, the pool's connect timeout, a dropped connection, SQLSTATE class 08
 * (connection exception) and 28 (authentication), 3D000 (no such database), 57P01-57P03 (the
 * server is shutting down or starting).
 */
export function isUnavailableError(error: unknown): error is Error {
  if (!(error instanceof Error)) return false;
  const code = codeOf(error);
  if (code !== undefined) {
    if (UNREACHABLE_ERRNOS.has(code) || /^(08|28)/.test(code) || /^57P0[1-3]$/.test(code)) {
      return true;
    }
    if (code === '3D000') return true;
  }
  // 57014: statement_timeout cancelled the query; "Query read timeout": the client's query_timeout.
  if (code === '57014') return true;
  return /timeout exceeded when trying to connect|connection terminated|connection timeout|query read timeout/i.test(
    error.message,
  );
}

/**
 * `LEDGER__UNAVAILABLE` for an unreachable database, the error itself otherwise. The reason is
 * the driver's code or message, which never holds the password of the connection string.
 */
export function translatePostgresError(error: unknown): unknown {
  if (!isUnavailableError(error)) return error;
  const reason = error.message === '' ? (codeOf(error) ?? 'unreachable') : error.message;
  return new AdapterError(
    'LEDGER__UNAVAILABLE',
    { engine: 'postgresql', reason },
    { cause: error },
  );
}

/**
 * Applies the missing migrations in one transaction under {@link MIGRATION_LOCK}, up to `upTo`
 * (default: every one; a lower version builds an older ledger, for migration tests). Refuses a
 * database migrated by a newer version of this code (`LEDGER__SCHEMA_TOO_NEW`), like SQLite.
 */
export async function migratePostgresLedger(
  pool: pg.Pool,
  upTo: number = POSTGRES_LEDGER_SCHEMA_VERSION,
): Promise<void> {
  const client = await pool.connect();
  try {
    await client.query('BEGIN');
    try {
      await client.query('SELECT pg_advisory_xact_lock($1, $2)', [...MIGRATION_LOCK]);
      await client.query(
        `CREATE TABLE IF NOT EXISTS schema_migrations (
           version INTEGER PRIMARY KEY,
           applied_at TIMESTAMPTZ NOT NULL DEFAULT now()
         )`,
      );
      const { rows } = await client.query<{ version: number }>(
        'SELECT version FROM schema_migrations',
      );
      const applied = new Set(rows.map((row) => row.version));
      const newest = Math.max(0, ...applied);
      if (newest > POSTGRES_LEDGER_SCHEMA_VERSION) {
        throw new AdapterError('LEDGER__SCHEMA_TOO_NEW', {
          database: newest,
          supported: POSTGRES_LEDGER_SCHEMA_VERSION,
        });
      }
      for (const migration of MIGRATIONS) {
        if (applied.has(migration.version) || migration.version > upTo) continue;
        await client.query(migration.sql);
        await client.query('INSERT INTO schema_migrations (version) VALUES ($1)', [
          migration.version,
        ]);
      }
      await client.query('COMMIT');
    } catch (error) {
      await client.query('ROLLBACK').catch(() => undefined);
      throw error;
    }
  } finally {
    client.release();
  }
}

/**
 * Why `text` is not a usable PostgreSQL URL, or `null` when it is. Shared by the adapter and
 * the BFF's configuration so both refuse with the same words; never echoes the URL (it may
 * hold a password).
 */
export function postgresUrlProblem(text: string): string | null {
  const example = 'postgres://user:password@host:5432/database';
  if (!/^[a-z][a-z0-9+.-]*:\/\//i.test(text)) return `must be a URL like ${example}`;
  let url: URL;
  try {
    url = new URL(text);
  } catch {
    return /^postgres(ql)?:\/\//i.test(text)
      ? 'is not a valid URL: check the host, the port (1-65535) and that special characters in the user or password are percent-encoded'
      : `must be a URL like ${example}`;
  }
  if (url.protocol !== 'postgres:' && url.protocol !== 'postgresql:') {
    return `must start with postgres:// or postgresql:// (got ${url.protocol}//)`;
  }
  if (url.hostname === '' && !url.searchParams.has('host')) {
    return `must name a host (${example})`;
  }
  const database = url.pathname.replace(/^\//, '');
  if (database === '' || database.includes('/')) {
    return `must name one database after the host (${example})`;
  }
  return null;
}
