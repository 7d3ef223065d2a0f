import { mkdtempSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import Database from 'better-sqlite3';
import { afterEach, describe, expect, it } from 'vitest';
import type { LeaderLedger } from '@fbt/domain';
import { CONTRACT_CLOCK, describeLeaderLedgerContract } from './leader-ledger.contract';
import { createSqliteLeaderLedger, SQLITE_LEDGER_SCHEMA_VERSION } from './sqlite-leader-ledger';
import { randomAddress } from './test-fixtures';

describeLeaderLedgerContract('sqlite', (clock) =>
  createSqliteLeaderLedger({ path: ':memory:', clock }),
);

const opened: LeaderLedger[] = [];
const dirs: string[] = [];

function openLedger(path: string): LeaderLedger {
  const ledger = createSqliteLeaderLedger({ path, clock: CONTRACT_CLOCK });
  opened.push(ledger);
  return ledger;
}

afterEach(async () => {
  await Promise.all(opened.splice(0).map((ledger) => ledger.close()));
  for (const dir of dirs.splice(0)) rmSync(dir, { recursive: true, force: true });
});

describe('sqlite leader ledger', () => {
  describe('when the database is a file', () => {
    it('creates its folder, uses WAL, migrates once and keeps data across reopen', async () => {
      const dir = mkdtempSync(join(tmpdir(), 'fbt-ledger-'));
      dirs.push(dir);
      const path = join(dir, 'nested', 'ledger.sqlite');
      const ledger = openLedger(path);
      await ledger.registerLeader({ code: 'beast42', wallet: randomAddress() });
      await ledger.close();

      const reopened = openLedger(path);
      expect(await reopened.findLeader('beast42')).not.toBeNull();

      const raw = new Database(path, { readonly: true });
      try {
        expect(raw.pragma('journal_mode', { simple: true })).toBe('wal');
        expect(raw.prepare('SELECT COUNT(*) AS n FROM schema_migrations').get()).toEqual({
          n: SQLITE_LEDGER_SCHEMA_VERSION,
        });
        const columns = raw.prepare("PRAGMA table_info('leader_buys')").all() as {
          name: string;
          type: string;
        }[];
        expect(columns.find((column) => column.name === 'lamports')?.type).toBe('INTEGER');
      } finally {
        raw.close();
      }
    });

    it('refuses to open a database migrated by a newer version', async () => {
      const dir = mkdtempSync(join(tmpdir(), 'fbt-ledger-'));
      dirs.push(dir);
      const path = join(dir, 'ledger.sqlite');
      await openLedger(path).close();
      const raw = new Database(path);
      raw.prepare('INSERT INTO schema_migrations (version, applied_at) VALUES (99, ?)').run('x');
      raw.close();
      expect(() => createSqliteLeaderLedger({ path })).toThrow(/LEDGER__SCHEMA_TOO_NEW/);
    });
  });
});
