import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { createSqliteLeaderLedger } from '@fbt/adapters';
import { Keypair } from '@solana/web3.js';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { cli } from './helpers';

let dataDir: string;

beforeAll(() => {
  dataDir = fs.mkdtempSync(path.join(os.tmpdir(), 'fbt-operator-ledger-'));
});
afterAll(() => {
  fs.rmSync(dataDir, { recursive: true, force: true });
});

describe('leader codes and goal counts', () => {
  it('writes leader codes and goal counts into the BFF ledger database', async () => {
    const db = path.join(dataDir, 'ledger.sqlite');
    const wallet = Keypair.generate().publicKey.toBase58();
    const registered = await cli([
      'register-leader',
      '--code',
      'beast42',
      '--wallet',
      wallet,
      '--db',
      db,
    ]);
    expect(registered.code).toBe(0);
    expect(registered.json()).toMatchObject({ code: 'beast42', wallet, created: true });
    const clash = await cli([
      'register-leader',
      '--code',
      'beast42',
      '--wallet',
      Keypair.generate().publicKey.toBase58(),
      '--db',
      db,
    ]);
    expect(clash.code).toBe(1);
    expect(clash.stderr).toContain('already registered');
    expect(
      (await cli(['set-goal', '--community', 'telegram', '--count', '1234', '--db', db])).code,
    ).toBe(0);

    const ledger = createSqliteLeaderLedger({ path: db });
    try {
      expect((await ledger.findLeader('beast42'))?.wallet).toBe(wallet);
      expect(await ledger.getOperatorCount('telegram')).toBe(1234);
    } finally {
      await ledger.close();
    }
  });
});
