import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import Database from 'better-sqlite3';
import { startPostgresServer, type PostgresServer } from '@fbt/adapters/testing';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { cli } from './support/helpers';

let dataDir: string;
let server: PostgresServer;

beforeAll(async () => {
  dataDir = fs.mkdtempSync(path.join(os.tmpdir(), 'fbt-operator-migrate-'));
  server = await startPostgresServer();
}, 120_000);
afterAll(async () => {
  fs.rmSync(dataDir, { recursive: true, force: true });
  await server?.stop();
});

describe('migrate', () => {
  it('migrates a new SQLite ledger, prints the schema version, and is harmless twice', async () => {
    const db = path.join(dataDir, 'new', 'ledger.sqlite');
    const first = await cli(['migrate', '--db', db]);
    expect(first.code).toBe(0);
    expect(first.json()).toEqual({ db, engine: 'sqlite', schemaVersion: 4 });
    const sqlite = new Database(db, { readonly: true });
    try {
      const tables = sqlite
        .prepare("SELECT name FROM sqlite_master WHERE type = 'table' ORDER BY name")
        .all() as { name: string }[];
      expect(tables.map((table) => table.name)).toEqual(
        expect.arrayContaining(['reconcile_cursors', 'leader_claims']),
      );
    } finally {
      sqlite.close();
    }
    expect((await cli(['migrate', '--db', db])).json()).toMatchObject({ schemaVersion: 4 });
  });

  it('migrates a PostgreSQL ledger (--database-url or $DATABASE_URL), never printing the password', async () => {
    const url = (await server.createDatabase()).replace('postgres@', 'postgres:s3cret@');
    const result = await cli(['migrate', '--database-url', url]);
    expect(result.code).toBe(0);
    expect(result.json()).toMatchObject({ engine: 'postgresql', schemaVersion: 4 });
    expect(result.stdout).not.toContain('s3cret');
    const fromEnv = await cli(['migrate'], { DATABASE_URL: url });
    expect(fromEnv.json()).toMatchObject({ engine: 'postgresql', schemaVersion: 4 });
  }, 60_000);

  it('refuses a database migrated by newer code, naming both versions', async () => {
    const db = path.join(dataDir, 'newer.sqlite');
    expect((await cli(['migrate', '--db', db])).code).toBe(0);
    const sqlite = new Database(db);
    sqlite.prepare("INSERT INTO schema_migrations (version, applied_at) VALUES (99, 'x')").run();
    sqlite.close();
    const result = await cli(['migrate', '--db', db]);
    expect(result.code).toBe(1);
    expect(result.stderr).toContain('is at schema version 99, newer than this code knows (4)');
  });

  it('is listed in the generated help', async () => {
    const help = await cli(['--help']);
    expect(help.stdout).toContain('migrate');
    const own = await cli(['migrate', '--help']);
    expect(own.stdout).toContain('--database-url');
  });
});
