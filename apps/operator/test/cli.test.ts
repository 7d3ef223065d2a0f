import fs from 'node:fs';
import path from 'node:path';
import { createSqliteLeaderLedger } from '@fbt/adapters';
import { Keypair, PublicKey } from '@solana/web3.js';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { writeKeypairFile } from '../src/keypair-file';
import { DEFAULT_PROGRAM_PATH } from '../src/seed';
import { cli, startTestNet } from './helpers';
import type { TestNet } from './helpers';

let net: TestNet;
let keypairFile: string;
let chainArgs: string[];

beforeAll(async () => {
  net = await startTestNet();
  const operator = Keypair.generate();
  keypairFile = path.join(net.dataDir, 'operator.json');
  writeKeypairFile(keypairFile, operator);
  const signature = await net.connection.requestAirdrop(operator.publicKey, 500e9);
  await net.connection.confirmTransaction({
    signature,
    ...(await net.connection.getLatestBlockhash()),
  });
  chainArgs = ['--url', net.localnet.rpcUrl, '--ws-url', net.localnet.wsUrl];
});
afterAll(async () => {
  await net.stop();
});

describe('operator CLI against the local chain', () => {
  it('deploys, creates the mint and a presale, pauses, resumes, changes limits, reports status and withdraws unsold tokens', async () => {
    const deploy = await cli([
      'deploy',
      ...chainArgs,
      '--keypair',
      keypairFile,
      '--program',
      DEFAULT_PROGRAM_PATH,
    ]);
    expect(deploy.stderr).toContain('deploying');
    expect(deploy.code).toBe(0);
    const programId = deploy.json().programId as string;

    const mint = await cli(['create-mint', ...chainArgs, '--keypair', keypairFile]);
    expect(mint.code).toBe(0);
    const mintAddress = mint.json().mint as string;
    expect(
      (await net.connection.getTokenSupply(new PublicKey(mintAddress))).value.uiAmountString,
    ).toBe('100000000');

    const created = await cli([
      'create-presale',
      ...chainArgs,
      '--keypair',
      keypairFile,
      '--program-id',
      programId,
      '--mint',
      mintAddress,
      '--min-sol',
      '0.1',
      '--max-sol',
      '10',
      '--max-total-sol',
      '100',
    ]);
    expect(created.stderr).toBe('');
    expect(created.code).toBe(0);
    const presale = created.json().presale as string;
    expect(created.json().fundedTokens).toBe('2000000000000'); // 100 SOL / 0.00005 = 2,000,000 FBT

    const status = async () =>
      (await cli(['status', ...chainArgs, '--program-id', programId, '--presale', presale])).json();
    expect(await status()).toMatchObject({
      isInitialized: true,
      isActived: true,
      maxTotalBuyable: { display: '100 SOL' },
    });

    expect(
      (
        await cli([
          'set-active',
          ...chainArgs,
          '--keypair',
          keypairFile,
          '--program-id',
          programId,
          '--presale',
          presale,
          '--active',
          'false',
        ])
      ).code,
    ).toBe(0);
    expect((await status()).isActived).toBe(false);

    const limits = await cli([
      'update-limits',
      ...chainArgs,
      '--keypair',
      keypairFile,
      '--program-id',
      programId,
      '--presale',
      presale,
      '--min-sol',
      '0.5',
      '--max-sol',
      '5',
      '--max-total-sol',
      '50',
    ]);
    expect(limits.code).toBe(0);
    expect(await status()).toMatchObject({
      minUserBuyable: { lamports: '500000000' },
      maxUserBuyable: { lamports: '5000000000' },
    });

    const withdrawn = await cli([
      'withdraw-unsold',
      ...chainArgs,
      '--keypair',
      keypairFile,
      '--program-id',
      programId,
      '--presale',
      presale,
    ]);
    expect(withdrawn.code).toBe(0);
    expect(withdrawn.json().withdrawnBaseUnits).toBe('2000000000000');
    expect(await status()).toMatchObject({ vaultBalance: { baseUnits: '0' } });

    expect(
      (
        await cli([
          'set-active',
          ...chainArgs,
          '--keypair',
          keypairFile,
          '--program-id',
          programId,
          '--presale',
          presale,
          '--active',
          'true',
        ])
      ).code,
    ).toBe(0);
    expect((await status()).isActived).toBe(true);
  });

  it('seeds a local chain once, and re-seeds after an interruption reusing the deployed program', async () => {
    const dataDir = path.join(net.dataDir, 'seeded');
    const first = await cli(['seed-local', ...chainArgs, '--data-dir', dataDir]);
    expect(first.code).toBe(0);
    const deployment = first.json();
    expect(deployment).toMatchObject({
      created: true,
      cluster: 'localnet',
      privateRouteName: 'private',
    });
    expect(fs.existsSync(path.join(dataDir, 'wallets', 'buyer-1.json'))).toBe(true);

    const again = await cli(['seed-local', ...chainArgs, '--data-dir', dataDir]);
    expect(again.json()).toMatchObject({
      created: false,
      programId: deployment.programId,
      mint: deployment.mint,
    });

    // a seeding killed before it wrote deployment.json is simply run again
    fs.rmSync(path.join(dataDir, 'deployment.json'));
    const resumed = await cli(['seed-local', ...chainArgs, '--data-dir', dataDir]);
    expect(resumed.code).toBe(0);
    expect(resumed.stderr).toContain('already deployed');
    expect(resumed.json()).toMatchObject({ created: true, programId: deployment.programId });
    expect(resumed.json().mint).not.toBe(deployment.mint);

    // day-to-day commands can take their addresses (and RPC URL) from the deployment file
    const file = path.join(dataDir, 'deployment.json');
    const seller = path.join(dataDir, 'wallets', 'operator.json');
    const leader = await cli(['status', '--deployment', file, '--variant', 'leader']);
    expect(leader.json()).toMatchObject({
      isActived: true,
      maxTotalBuyable: { display: '800 SOL' },
    });
    const paused = await cli([
      'set-active',
      '--deployment',
      file,
      '--variant',
      'private',
      '--keypair',
      seller,
      '--active',
      'false',
    ]);
    expect(paused.code).toBe(0);
    expect(
      (await cli(['status', '--deployment', file, '--variant', 'private'])).json().isActived,
    ).toBe(false);
  });

  it('reports an on-chain refusal with the program error name and exit code 1', async () => {
    const stranger = path.join(net.dataDir, 'stranger.json');
    const strangerKey = Keypair.generate();
    writeKeypairFile(stranger, strangerKey);
    const deploy = await cli(['deploy', ...chainArgs, '--keypair', keypairFile]);
    const programId = deploy.json().programId as string;
    const mint = (await cli(['create-mint', ...chainArgs, '--keypair', keypairFile])).json()
      .mint as string;
    const presale = (
      await cli([
        'create-presale',
        ...chainArgs,
        '--keypair',
        keypairFile,
        '--program-id',
        programId,
        '--mint',
        mint,
        '--min-sol',
        '0.1',
        '--max-sol',
        '1',
        '--max-total-sol',
        '10',
      ])
    ).json().presale as string;
    const signature = await net.connection.requestAirdrop(strangerKey.publicKey, 1e9);
    await net.connection.confirmTransaction({
      signature,
      ...(await net.connection.getLatestBlockhash()),
    });
    const refused = await cli([
      'set-active',
      ...chainArgs,
      '--keypair',
      stranger,
      '--program-id',
      programId,
      '--presale',
      presale,
      '--active',
      'false',
    ]);
    expect(refused.code).toBe(1);
    expect(refused.stderr).toContain('set-active failed: NotSeller (6009)');

    // failures that are not the program's say what the cluster said, not just "Simulation failed."
    const broke = path.join(net.dataDir, 'broke.json');
    writeKeypairFile(broke, Keypair.generate());
    const unfunded = await cli([
      'set-active',
      ...chainArgs,
      '--keypair',
      broke,
      '--program-id',
      programId,
      '--presale',
      presale,
      '--active',
      'false',
    ]);
    expect(unfunded.code).toBe(1);
    expect(unfunded.stderr).toContain(
      'set-active failed: Transaction simulation failed: Attempt to debit an account but found no record of a prior credit.',
    );
  });

  it("funds a wallet on the local chain (10 SOL by default), e.g. the site's burner wallet", async () => {
    const wallet = Keypair.generate().publicKey;
    const funded = await cli(['fund', ...chainArgs, '--wallet', wallet.toBase58(), '--sol', '2.5']);
    expect(funded.stderr).toBe('');
    expect(funded.code).toBe(0);
    expect(funded.json()).toMatchObject({
      wallet: wallet.toBase58(),
      lamports: '2500000000',
      balance: '2500000000',
      balanceDisplay: '2.5 SOL',
    });
    expect(await net.connection.getBalance(wallet, 'confirmed')).toBe(2_500_000_000);

    const again = await cli(['fund', ...chainArgs, '--wallet', wallet.toBase58()]);
    expect(again.code).toBe(0);
    expect(again.json()).toMatchObject({ lamports: '10000000000', balance: '12500000000' });
  });

  it('writes leader codes and goal counts into the BFF ledger database', async () => {
    const db = path.join(net.dataDir, 'ledger.sqlite');
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

describe('bad arguments exit with code 2 and a precise message', () => {
  const key = '11111111111111111111111111111111';
  const cases: { args: string[]; message: string }[] = [
    { args: [], message: 'missing command' },
    {
      args: ['fund', '--wallet', key, '--url', 'https://api.devnet.solana.com'],
      message: 'fund only airdrops on a local chain (a loopback --url)',
    },
    { args: ['fund', '--sol', '1'], message: '--wallet is required' },
    { args: ['fund', '--wallet', 'burner'], message: '--wallet must be a base58 Solana address' },
    { args: ['fund', '--wallet', key, '--sol', '0'], message: '--sol must be more than 0' },
    { args: ['fund', '--wallet', key, '--sol=-1'], message: '--sol must not be negative' },
    {
      args: ['fund', '--wallet', key, '--sol', '1000000.000000001'],
      message: '--sol must be more than 0 and at most 1000000 SOL',
    },
    { args: ['launch'], message: 'unknown command "launch"' },
    { args: ['status', '--program-id', key], message: '--presale is required' },
    {
      args: ['status', '--program-id', 'nope', '--presale', key],
      message: '--program-id must be a base58 Solana address',
    },
    {
      args: ['status', '--program-id', key, '--presale', key, '--url', 'not a url'],
      message: '--url must be an http(s) URL',
    },
    {
      args: ['status', '--program-id', key, '--presale', key, '--keypair', 'x.json'],
      message: '--keypair does not apply to status',
    },
    { args: ['status', '--bogus'], message: "Unknown option '--bogus'" },
    {
      args: [
        'set-active',
        '--keypair',
        'k',
        '--program-id',
        key,
        '--presale',
        key,
        '--active',
        'maybe',
      ],
      message: '--active must be true or false',
    },
    {
      args: ['create-presale', '--min-sol', '1e3'],
      message: '--min-sol must be a plain decimal (no exponent): "1e3"',
    },
    {
      args: ['create-presale', '--min-sol', 'abc', '--max-sol', '1', '--max-total-sol', '1'],
      message: '--min-sol is not a number: "abc"',
    },
    {
      args: [
        'create-presale',
        '--min-sol',
        '0.0000000001',
        '--max-sol',
        '1',
        '--max-total-sol',
        '1',
      ],
      message: '--min-sol has more than 9 decimals',
    },
    {
      args: ['create-presale', '--min-sol', '2', '--max-sol', '1', '--max-total-sol', '10'],
      message: '--min-sol must not exceed --max-sol',
    },
    {
      args: ['create-presale', '--min-sol', '0', '--max-sol', '1', '--max-total-sol', '10'],
      message: '--min-sol must be greater than 0',
    },
    {
      args: ['update-limits', '--min-sol', '1', '--max-sol', '20', '--max-total-sol', '10'],
      message: '--max-sol must not exceed --max-total-sol',
    },
    { args: ['create-mint', '--decimals', '12'], message: '--decimals must be 0-9' },
    { args: ['create-mint', '--supply', '0'], message: '--supply must be between 1' },
    {
      args: ['deploy', '--keypair', '/definitely/missing.json'],
      message: '--keypair /definitely/missing.json: cannot read (ENOENT)',
    },
    {
      args: ['register-leader', '--code', 'x', '--wallet', key],
      message: '--code must be 3-32 letters',
    },
    {
      args: ['register-leader', '--code', 'beast', '--wallet', 'zzz'],
      message: '--wallet must be a base58 Solana address',
    },
    {
      args: ['set-goal', '--community', 'facebook', '--count', '3'],
      message: '--community must be telegram or twitter',
    },
    {
      args: ['set-goal', '--community', 'twitter', '--count', '3.5'],
      message: '--count must be a whole number >= 0',
    },
    {
      args: ['seed-local', '--data-dir', '/tmp/x', '--private-route', 'Not Valid'],
      message: '--private-route must be 1-32 lowercase',
    },
    { args: ['status', '--variant', 'leader'], message: '--variant needs --deployment <file>' },
    {
      args: ['status', '--deployment', '/no/such/deployment.json', '--variant', 'leader'],
      message: 'no such file',
    },
    {
      args: ['seed-local', '--data-dir', '/tmp/x', '--url', 'https://api.mainnet-beta.solana.com'],
      message: 'seed-local only seeds a local chain',
    },
  ];

  it.each(cases)('operator $args -> $message', async ({ args, message }) => {
    const result = await cli(args);
    expect(result.code).toBe(2);
    expect(result.stderr).toContain(message);
    expect(result.stdout).toBe('');
  });

  it('rejects keypair files that are not Solana CLI keypairs', async () => {
    const dir = fs.mkdtempSync(path.join(net.dataDir, 'kp-'));
    const files = {
      notJson: ['{oops', 'not JSON'],
      short: ['[1,2,3]', 'expected a JSON array of 64 numbers, got 3 items'],
      bytes: [
        JSON.stringify(Array.from({ length: 64 }, () => 300)),
        'every item must be an integer 0-255',
      ],
    } as const;
    for (const [name, [content, message]] of Object.entries(files)) {
      const file = path.join(dir, `${name}.json`);
      fs.writeFileSync(file, content);
      const result = await cli(['deploy', '--keypair', file, '--url', net.localnet.rpcUrl]);
      expect(result.code).toBe(2);
      expect(result.stderr).toContain(message);
    }
  });

  it('prints usage with --help', async () => {
    const result = await cli(['--help']);
    expect(result.code).toBe(0);
    expect(result.stdout).toContain('Usage: operator <command>');
  });
});
