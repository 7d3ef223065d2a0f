import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { cli } from './support/helpers';

/** Where the keypair files go; nothing here reaches a chain, every check fails first. */
let dataDir: string;
const LOCAL_URL = 'http://127.0.0.1:8899';

beforeAll(() => {
  dataDir = fs.mkdtempSync(path.join(os.tmpdir(), 'fbt-operator-args-'));
});
afterAll(() => {
  fs.rmSync(dataDir, { recursive: true, force: true });
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
      args: ['status', '--program-id', key, '--presale', key, '--url', 'ftp://127.0.0.1:8899'],
      message: '--url must be an http(s) URL',
    },
    {
      args: ['status', '--program-id', key, '--presale', key, '--ws-url', 'http://127.0.0.1:8900'],
      message: '--ws-url must be a ws(s) URL',
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
      args: ['leaders', 'register', '--code', 'x', '--wallet', key],
      message: '--code must be 3-32 letters',
    },
    {
      args: ['leaders', 'register', '--code', 'beast', '--wallet', 'zzz'],
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
    const dir = fs.mkdtempSync(path.join(dataDir, 'kp-'));
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
      const result = await cli(['deploy', '--keypair', file, '--url', LOCAL_URL]);
      expect(result.code).toBe(2);
      expect(result.stderr).toContain(message);
    }
  });

  it('an unreachable cluster is a clear failure (exit 1), not a stack trace', async () => {
    const key = '11111111111111111111111111111111';
    const result = await cli([
      'status',
      '--program-id',
      key,
      '--presale',
      key,
      '--url',
      'http://127.0.0.1:9',
    ]);
    expect(result.code).toBe(1);
    expect(result.stderr).toContain('operator: the RPC endpoint could not be reached');
    expect(result.stderr).toContain('check --url and that the cluster is up');
    expect(result.stderr).not.toMatch(/\n\s+at /);
  });

  it('prints usage with --help', async () => {
    const result = await cli(['--help']);
    expect(result.code).toBe(0);
    expect(result.stdout).toContain('Usage: operator <command>');
  });
});
