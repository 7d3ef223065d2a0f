import fs from 'node:fs';
import path from 'node:path';
import {
  decodeLeaderRecordAccount,
  decodePresaleAccount,
  findLeaderRecordAddress,
} from '@fbt/presale-client';
import { Keypair, PublicKey } from '@solana/web3.js';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { SEED_LEADER_CODES } from '../src/seed';
import { chainArgsFor, cli, fundedKeypairFile, startTestNet } from './support/helpers';
import type { TestNet } from './support/helpers';

let net: TestNet;
let chainArgs: string[];
let deployment: string;
let seller: string;
let programId: PublicKey;
let presale: PublicKey;

/** One seeded local chain for the file: the leader presale and its seller's keypair. */
beforeAll(async () => {
  net = await startTestNet();
  chainArgs = chainArgsFor(net);
  const dataDir = path.join(net.dataDir, 'seeded');
  const seeded = await cli(['seed-local', ...chainArgs, '--data-dir', dataDir]);
  expect(seeded.code).toBe(0);
  deployment = path.join(dataDir, 'deployment.json');
  seller = path.join(dataDir, 'wallets', 'operator.json');
  programId = new PublicKey(seeded.json().programId as string);
  presale = new PublicKey(
    (seeded.json().presales as Record<'public' | 'private' | 'leader', { address: string }>).leader
      .address,
  );
}, 120_000);
afterAll(async () => {
  await net.stop();
});

const target = () => ['--presale', 'leader', '--deployment', deployment, '--keypair', seller];
const wallet = () => Keypair.generate().publicKey.toBase58();

async function record(code: string) {
  const [address] = findLeaderRecordAddress(programId, presale, code);
  const info = await net.connection.getAccountInfo(address, 'confirmed');
  return info === null ? null : decodeLeaderRecordAccount(info.data);
}

/** Leader records registered by this file's tests (the seeding registered its own first). */
async function leaderCount(): Promise<bigint> {
  const info = await net.connection.getAccountInfo(presale, 'confirmed');
  return (
    decodePresaleAccount((info as { data: Uint8Array }).data).leaderCount -
    BigInt(SEED_LEADER_CODES.length)
  );
}

function csv(name: string, text: string): string {
  const file = path.join(net.dataDir, name);
  fs.writeFileSync(file, text);
  return file;
}

describe('leaders register / suspend / list on chain', () => {
  it('registers one code, refuses another wallet for it, and --dry-run sends nothing', async () => {
    const leaderWallet = wallet();
    const dry = await cli([
      'leaders',
      'register',
      ...target(),
      '--code',
      'beast42',
      '--wallet',
      leaderWallet,
      '--dry-run',
    ]);
    expect(dry.stderr).toBe('');
    expect(dry.code).toBe(0);
    const [expectedRecord] = findLeaderRecordAddress(programId, presale, 'beast42');
    expect(dry.json()).toMatchObject({
      dryRun: true,
      wouldRegister: [
        { code: 'beast42', wallet: leaderWallet, leaderRecord: expectedRecord.toBase58() },
      ],
      transactions: [
        [
          {
            programId: programId.toBase58(),
            instruction: 'RegisterLeader',
            accounts: [
              { role: 'seller', signer: true, writable: true },
              { role: 'presale', address: presale.toBase58(), writable: true },
              { role: 'leaderRecord', address: expectedRecord.toBase58(), writable: true },
              { role: 'leaderWallet', address: leaderWallet, signer: false },
              { role: 'systemProgram' },
              { role: 'rentSysvar' },
            ],
          },
        ],
      ],
    });
    expect(await record('beast42')).toBeNull();
    expect(await leaderCount()).toBe(0n);

    const done = await cli([
      'leaders',
      'register',
      ...target(),
      '--code',
      'beast42',
      '--wallet',
      leaderWallet,
    ]);
    expect(done.stderr).toBe('');
    expect(done.code).toBe(0);
    expect(done.json()).toMatchObject({
      dryRun: false,
      registered: [{ code: 'beast42' }],
      skipped: [],
    });
    expect((done.json().signatures as string[]).length).toBe(1);
    expect(await record('beast42')).toMatchObject({
      code: 'beast42',
      wallet: leaderWallet,
      active: true,
      buys: 0n,
    });
    expect(await leaderCount()).toBe(1n);

    const again = await cli([
      'leaders',
      'register',
      ...target(),
      '--code',
      'beast42',
      '--wallet',
      leaderWallet,
    ]);
    expect(again.code).toBe(0);
    expect(again.stderr).toContain('beast42 is already registered');
    expect(again.json()).toMatchObject({
      registered: [],
      skipped: [{ code: 'beast42' }],
      signatures: [],
    });

    const taken = await cli([
      'leaders',
      'register',
      ...target(),
      '--code',
      'beast42',
      '--wallet',
      wallet(),
    ]);
    expect(taken.code).toBe(1);
    expect(taken.stderr).toContain(`code "beast42" is registered to ${leaderWallet}, not `);
    expect(await leaderCount()).toBe(1n);
  });

  it('registers a CSV in batches, and a rerun skips every code (idempotent)', async () => {
    const rows = Array.from({ length: 10 }, (_, i) => `leader-${i},${wallet()}`);
    const file = csv('leaders.csv', `code,wallet\r\n${rows.join('\r\n')}\r\n\r\n`);
    const first = await cli(['leaders', 'register', ...target(), '--file', file]);
    expect(first.code).toBe(0);
    expect(first.json().registered).toHaveLength(10);
    expect(first.json().signatures).toHaveLength(2); // 8 + 2 records
    expect(first.stderr).toContain('transaction 2 of 2 confirmed');
    expect(first.json().registered).toContainEqual(
      expect.objectContaining({ line: 11, code: 'leader-9' }),
    );
    for (const [i, row] of rows.entries()) {
      expect((await record(`leader-${i}`))?.wallet).toBe(row.split(',')[1]);
    }
    expect(await leaderCount()).toBe(11n);

    const withNew = csv(
      'leaders-2.csv',
      `wallet,code\n${wallet()},late-one\n${rows.map((r) => r.split(',').reverse().join(',')).join('\n')}\n`,
    );
    const rerun = await cli(['leaders', 'register', ...target(), '--file', withNew]);
    expect(rerun.code).toBe(0);
    expect(rerun.json().skipped).toHaveLength(10);
    expect(rerun.json().registered).toEqual([
      expect.objectContaining({ line: 2, code: 'late-one' }),
    ]);
    const third = await cli(['leaders', 'register', ...target(), '--file', withNew]);
    expect(third.json()).toMatchObject({ registered: [], signatures: [] });
    expect(await leaderCount()).toBe(12n);
  });

  it('refuses a file with bad rows or duplicate codes, naming every line, before sending', async () => {
    const good = wallet();
    const file = csv(
      'bad.csv',
      [
        'code,wallet',
        `ok-1,${good}`,
        `x,${good}`,
        'ok-2,not-a-wallet',
        `ok-1,${wallet()}`,
        'three,columns,here',
      ].join('\n'),
    );
    const bad = await cli(['leaders', 'register', ...target(), '--file', file]);
    expect(bad.code).toBe(2);
    expect(bad.stderr).toContain('4 bad rows, nothing sent');
    expect(bad.stderr).toContain('line 3: code "x" must be 3-32 letters');
    expect(bad.stderr).toContain('line 4: wallet "not-a-wallet" is not a base58 Solana address');
    expect(bad.stderr).toContain('line 5: code "ok-1" is already on line 2');
    expect(bad.stderr).toContain('line 6: expected 2 columns (code,wallet), got 3');
    expect(await record('ok-1')).toBeNull();

    const header = await cli([
      'leaders',
      'register',
      ...target(),
      '--file',
      csv('h.csv', `name,wallet\nabc,${good}\n`),
    ]);
    expect(header.code).toBe(2);
    expect(header.stderr).toContain('line 1 must be the header code,wallet');

    const missing = await cli([
      'leaders',
      'register',
      ...target(),
      '--file',
      path.join(net.dataDir, 'nope.csv'),
    ]);
    expect(missing.code).toBe(2);
    expect(missing.stderr).toContain('nope.csv: no such file');
  });

  it('suspends and resumes a code, and lists the records with amounts in SOL', async () => {
    const dry = await cli(['leaders', 'suspend', ...target(), '--code', 'beast42', '--dry-run']);
    expect(dry.json()).toMatchObject({
      dryRun: true,
      transactions: [[{ instruction: 'SetLeaderActive', data: '0800' }]],
    });
    expect((await record('beast42'))?.active).toBe(true);

    const suspended = await cli(['leaders', 'suspend', ...target(), '--code', 'beast42']);
    expect(suspended.code).toBe(0);
    expect(suspended.json()).toMatchObject({
      active: false,
      changed: true,
      leader: { active: false },
    });
    expect((await record('beast42'))?.active).toBe(false);
    expect(
      (await cli(['leaders', 'suspend', ...target(), '--code', 'beast42'])).json(),
    ).toMatchObject({ changed: false });

    const resumed = await cli(['leaders', 'suspend', ...target(), '--code', 'beast42', '--resume']);
    expect(resumed.json()).toMatchObject({ active: true, changed: true });
    expect((await record('beast42'))?.active).toBe(true);

    const unknown = await cli(['leaders', 'suspend', ...target(), '--code', 'nobody']);
    expect(unknown.code).toBe(1);
    expect(unknown.stderr).toContain(
      `leader code "nobody" is not registered on presale ${presale.toBase58()}`,
    );

    const list = await cli(['leaders', 'list', '--presale', 'leader', '--deployment', deployment]);
    expect(list.code).toBe(0);
    const leaders = list.json().leaders as Record<string, unknown>[];
    // Twelve registered here, after the two the seeding registers.
    expect(list.json().leaderCount).toBe(String(12 + SEED_LEADER_CODES.length));
    expect(leaders.map((l) => l.code)).toEqual(
      [
        'beast42',
        'late-one',
        ...Array.from({ length: 10 }, (_, i) => `leader-${i}`),
        ...SEED_LEADER_CODES,
      ].sort(),
    );
    expect(leaders[0]).toMatchObject({
      active: true,
      buys: '0',
      volume: '0 SOL',
      accrued: '0 SOL',
      claimed: '0 SOL',
      claimable: '0 SOL',
      lamports: { volume: '0', claimable: '0' },
    });
    // another presale of the same program has no leaders
    const other = await cli(['leaders', 'list', '--presale', 'public', '--deployment', deployment]);
    expect(other.json().leaders).toEqual([]);
  });

  it('refuses the wrong keypair, an unknown presale and bad codes precisely', async () => {
    const stranger = await fundedKeypairFile(net, 'stranger.json', 1e9);
    const notSeller = await cli([
      'leaders',
      'register',
      '--presale',
      'leader',
      '--deployment',
      deployment,
      '--keypair',
      stranger,
      '--code',
      'abc',
      '--wallet',
      wallet(),
    ]);
    expect(notSeller.code).toBe(1);
    expect(notSeller.stderr).toContain('is not the seller of presale');

    const nowhere = Keypair.generate().publicKey.toBase58();
    const unknown = await cli([
      'leaders',
      'list',
      '--presale',
      nowhere,
      '--program-id',
      programId.toBase58(),
      ...chainArgs,
    ]);
    expect(unknown.code).toBe(1);
    expect(unknown.stderr).toContain(`presale ${nowhere} does not exist on this cluster`);

    const variant = await cli(['leaders', 'list', '--presale', 'vip', '--deployment', deployment]);
    expect(variant.code).toBe(2);
    expect(variant.stderr).toContain(
      '--presale must be public, private, leader or a base58 presale address, not "vip"',
    );

    const noFile = await cli([
      'leaders',
      'list',
      '--presale',
      'leader',
      '--deployment',
      path.join(net.dataDir, 'none.json'),
    ]);
    expect(noFile.code).toBe(2);
    expect(noFile.stderr).toContain('none.json: no such file');

    const code = await cli([
      'leaders',
      'register',
      ...target(),
      '--code',
      'no spaces',
      '--wallet',
      wallet(),
    ]);
    expect(code.code).toBe(2);
    expect(code.stderr).toContain(
      '--code must be 3-32 letters, digits, "_" or "-", not "no spaces"',
    );

    const both = await cli([
      'leaders',
      'register',
      ...target(),
      '--code',
      'abc',
      '--file',
      'x.csv',
    ]);
    expect(both.code).toBe(2);
    expect(both.stderr).toContain('--file and --code/--wallet');

    const pubkey = await cli([
      'leaders',
      'register',
      ...target(),
      '--code',
      'abc',
      '--wallet',
      'beast',
    ]);
    expect(pubkey.code).toBe(2);
    expect(pubkey.stderr).toContain('--wallet must be a base58 Solana address');
  });
});
