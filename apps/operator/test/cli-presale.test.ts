import path from 'node:path';
import { Keypair, PublicKey } from '@solana/web3.js';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { writeKeypairFile } from '../src/keypair-file';
import { DEFAULT_PROGRAM_PATH } from '../src/seed';
import { chainArgsFor, cli, fundedKeypairFile, startTestNet } from './support/helpers';
import type { TestNet } from './support/helpers';

let net: TestNet;
let keypairFile: string;
let chainArgs: string[];

beforeAll(async () => {
  net = await startTestNet();
  keypairFile = await fundedKeypairFile(net, 'operator.json', 500e9);
  chainArgs = chainArgsFor(net);
});
afterAll(async () => {
  await net.stop();
});

describe('managing a presale with the operator CLI on the local chain', () => {
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
});
