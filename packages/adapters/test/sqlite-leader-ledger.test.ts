import { mkdtempSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import Database from 'better-sqlite3';
import { afterEach, describe, expect, it } from 'vitest';
import type { LeaderLedger } from '@fbt/domain';
import {
  CONTRACT_CLOCK,
  describeLeaderLedgerContract,
  expectLegacyRowsKept,
  LEGACY_BUY,
  LEGACY_LEADER,
  leaderOf,
} from './support/leader-ledger.contract';
import {
  createSqliteLeaderLedger,
  SQLITE_LEDGER_SCHEMA_VERSION,
} from '../src/sqlite-leader-ledger';
import { migrateSqliteLedger } from '../src/sqlite-ledger-schema';

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
      await ledger.indexLeader(leaderOf('beast42'));
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

    it('keeps the rows of a schema-3 ledger as history when it migrates to 4', async () => {
      const dir = mkdtempSync(join(tmpdir(), 'fbt-ledger-'));
      dirs.push(dir);
      const path = join(dir, 'ledger.sqlite');
      const raw = new Database(path);
      try {
        raw.defaultSafeIntegers(true);
        migrateSqliteLedger(raw, 3);
        raw
          .prepare('INSERT INTO leaders (code, wallet, created_at) VALUES (?, ?, ?)')
          .run(LEGACY_LEADER.code, LEGACY_LEADER.wallet, '2026-01-01T00:00:00.000Z');
        raw
          .prepare(
            `INSERT INTO leader_buys (signature, wallet, leader_code, lamports, commission_lamports,
               slot, block_time, recorded_at, source) VALUES (?, ?, ?, ?, ?, ?, ?, ?, 'report')`,
          )
          .run(
            LEGACY_BUY.signature,
            LEGACY_BUY.wallet,
            LEGACY_LEADER.code,
            LEGACY_BUY.lamports,
            LEGACY_BUY.commissionLamports,
            BigInt(LEGACY_BUY.slot),
            BigInt(LEGACY_BUY.blockTime),
            '2026-01-01T00:00:00.000Z',
          );
      } finally {
        raw.close();
      }
      await expectLegacyRowsKept(openLedger(path));
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
