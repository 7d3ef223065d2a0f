import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { createPostgresLeaderLedger, createSqliteLeaderLedger } from '@fbt/adapters';
import { startPostgresServer, type PostgresServer } from '@fbt/adapters/testing';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { cli } from './support/helpers';

let dataDir: string;

beforeAll(() => {
  dataDir = fs.mkdtempSync(path.join(os.tmpdir(), 'fbt-operator-ledger-'));
});
afterAll(() => {
  fs.rmSync(dataDir, { recursive: true, force: true });
});

describe('goal counts', () => {
  it('writes goal counts into the BFF ledger database', async () => {
    const db = path.join(dataDir, 'ledger.sqlite');
    expect(
      (await cli(['set-goal', '--community', 'telegram', '--count', '1234', '--db', db])).code,
    ).toBe(0);

    const ledger = createSqliteLeaderLedger({ path: db });
    try {
      expect(await ledger.getOperatorCount('telegram')).toBe(1234);
    } finally {
      await ledger.close();
    }
  });

  describe('on a PostgreSQL ledger', () => {
    let server: PostgresServer;
    beforeAll(async () => {
      server = await startPostgresServer();
    }, 120_000);
    afterAll(async () => {
      await server?.stop();
    });

    it('--database-url or $DATABASE_URL selects it; the password is never printed', async () => {
      const url = (await server.createDatabase()).replace('postgres@', 'postgres:s3cret@');
      const flagged = await cli([
        'set-goal',
        '--community',
        'telegram',
        '--count',
        '12',
        '--database-url',
        url,
      ]);
      expect(flagged.code).toBe(0);
      expect(flagged.json()).toMatchObject({ community: 'telegram', count: 12 });
      expect(flagged.stdout).not.toContain('s3cret');
      const goal = await cli(['set-goal', '--community', 'twitter', '--count', '77'], {
        DATABASE_URL: url,
      });
      expect(goal.code).toBe(0);

      const ledger = await createPostgresLeaderLedger({ connectionString: url });
      try {
        expect(await ledger.getOperatorCount('telegram')).toBe(12);
        expect(await ledger.getOperatorCount('twitter')).toBe(77);
      } finally {
        await ledger.close();
      }
    });

    it('refuses a malformed URL (exit 2) and reports an unreachable server (exit 1)', async () => {
      const args = ['set-goal', '--community', 'telegram', '--count', '1'];
      const bad = await cli([...args, '--database-url', 'mysql://u:s3cret@db/ledger']);
      expect(bad.code).toBe(2);
      expect(bad.stderr).toContain('--database-url must start with postgres:// or postgresql://');
      expect(bad.stderr).not.toContain('s3cret');
      const both = await cli([...args, '--database-url', server.url(), '--db', 'x.sqlite']);
      expect(both.code).toBe(2);
      const down = await cli([...args], { DATABASE_URL: server.url().replace(/:\d+\//, ':1/') });
      expect(down.code).toBe(1);
      expect(down.stderr).toContain('could not be reached');
    });
  });
});
