import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { Keypair } from '@solana/web3.js';
import { afterAll, describe, expect, it } from 'vitest';
import { ConfigError, loadConfig } from '../src/config';
import { keeperKeyLoader } from '../src/keeper-key';

const dir = fs.mkdtempSync(path.join(os.tmpdir(), 'fbt-keeper-config-'));
afterAll(() => fs.rmSync(dir, { recursive: true, force: true }));

function problemsOf(env: Record<string, string>): string[] {
  try {
    loadConfig(env);
  } catch (error) {
    if (error instanceof ConfigError) return [...error.problems];
    throw error;
  }
  return [];
}

describe('the keeper settings', () => {
  it('default to no key, 0.05 SOL, 30 s, a daily vesting round and no priority fee', () => {
    const config = loadConfig({});
    expect(config.KEEPER_KEYPAIR).toBeUndefined();
    expect(config).toMatchObject({
      KEEPER_MIN_BALANCE_SOL: 50_000_000n,
      KEEPER_INTERVAL_MS: 30_000,
      KEEPER_VESTING_ROUND_MS: 86_400_000,
      KEEPER_PRIORITY_FEE_MICRO_LAMPORTS: 0,
    });
  });

  it('stop start-up on a key file that is not a keypair, and on bad figures, naming each', () => {
    const bad = path.join(dir, 'bad.json');
    fs.writeFileSync(bad, '[1, 2, 3]');
    expect(
      problemsOf({
        KEEPER_KEYPAIR: bad,
        KEEPER_MIN_BALANCE_SOL: 'a lot',
        KEEPER_INTERVAL_MS: '10',
        KEEPER_PRIORITY_FEE_MICRO_LAMPORTS: '-1',
      }),
    ).toEqual([
      'KEEPER_MIN_BALANCE_SOL: must be an amount of SOL like 0.05',
      'KEEPER_INTERVAL_MS: Too small: expected number to be >=1000',
      'KEEPER_PRIORITY_FEE_MICRO_LAMPORTS: must be a whole number',
    ]);
    expect(problemsOf({ KEEPER_KEYPAIR: bad })).toEqual([
      `KEEPER_KEYPAIR: ${bad} is not a Solana keypair file (not a JSON array of 64 bytes): a JSON array of 64 bytes, as solana-keygen writes`,
    ]);
  });

  it('take a key file not there yet, and read it once it is', () => {
    const later = path.join(dir, 'later.json');
    expect(problemsOf({ KEEPER_KEYPAIR: later })).toEqual([]);
    const load = keeperKeyLoader(later);
    expect(load()).toEqual({ problem: `KEEPER_KEYPAIR ${later} cannot be read (ENOENT)` });
    const keypair = Keypair.generate();
    fs.writeFileSync(later, JSON.stringify(Array.from(keypair.secretKey)));
    const loaded = load();
    expect('keypair' in loaded && loaded.keypair.publicKey.equals(keypair.publicKey)).toBe(true);
    expect(keeperKeyLoader(null)()).toEqual({
      problem: 'KEEPER_KEYPAIR is not set, so this BFF has no keeper fee payer',
      unset: true,
    });
  });
});
