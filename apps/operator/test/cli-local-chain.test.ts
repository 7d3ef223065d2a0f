import fs from 'node:fs';
import path from 'node:path';
import { Keypair } from '@solana/web3.js';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { SEED_LEADER_CODES } from '../src/seed';
import { chainArgsFor, cli, startTestNet } from './support/helpers';
import type { TestNet } from './support/helpers';

let net: TestNet;
let chainArgs: string[];

beforeAll(async () => {
  net = await startTestNet();
  chainArgs = chainArgsFor(net);
});
afterAll(async () => {
  await net.stop();
});

describe('local-chain commands: seed-local and fund', () => {
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
    // FBT is a Token-2022 mint naming the local site's metadata document, as the deployment does.
    expect(deployment.metadataUri).toBe('http://localhost:8080/token/fbt.json');
    const shown = await cli(['metadata', ...chainArgs, '--mint', deployment.mint as string]);
    expect(shown.json()).toMatchObject({
      tokenProgram: 'TokenzQdBNbLqP5VEhdkAS6EPFLC1PHnBqCXEpPxuEb',
      metadataAddress: deployment.mint,
      metadata: {
        name: 'Frustrated Beast Token',
        symbol: 'FBT',
        uri: 'http://localhost:8080/token/fbt.json',
      },
    });
    // The seeded leader codes are on chain for the leader presale, paying the seeded leader.
    const leaderWallet = Keypair.fromSecretKey(
      Uint8Array.from(
        JSON.parse(
          fs.readFileSync(path.join(dataDir, 'wallets', 'leader-1.json'), 'utf8'),
        ) as number[],
      ),
    ).publicKey.toBase58();
    expect(deployment.leaders).toEqual(
      SEED_LEADER_CODES.map((code): unknown =>
        expect.objectContaining({ code, wallet: leaderWallet }),
      ),
    );
    const onChain = await cli([
      'leaders',
      'list',
      '--presale',
      'leader',
      '--deployment',
      path.join(dataDir, 'deployment.json'),
    ]);
    expect(onChain.json().leaders).toEqual(
      SEED_LEADER_CODES.map((code): unknown =>
        expect.objectContaining({ code, wallet: leaderWallet, active: true }),
      ),
    );

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

  it('names the site of --site-url (else $PUBLIC_SITE_URL) in the FBT metadata, refusing a plain-http host', async () => {
    const named = await cli(
      ['seed-local', ...chainArgs, '--data-dir', path.join(net.dataDir, 'site')],
      { PUBLIC_SITE_URL: 'https://fbt.example' },
    );
    expect(named.code).toBe(0);
    expect(named.json().metadataUri).toBe('https://fbt.example/token/fbt.json');
    const shown = await cli(['metadata', ...chainArgs, '--mint', named.json().mint as string]);
    expect(shown.json()).toMatchObject({
      metadata: { uri: 'https://fbt.example/token/fbt.json' },
    });

    const refused = await cli([
      'seed-local',
      ...chainArgs,
      '--data-dir',
      path.join(net.dataDir, 'refused'),
      '--site-url',
      'http://fbt.example',
    ]);
    expect(refused.code).toBe(2);
    expect(refused.stderr).toContain('--site-url (or $PUBLIC_SITE_URL) must be an https URL');
    expect(fs.existsSync(path.join(net.dataDir, 'refused', 'deployment.json'))).toBe(false);
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
});
