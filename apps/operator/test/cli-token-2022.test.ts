import path from 'node:path';
import { LAMPORTS_PER_SOL } from '@fbt/domain';
import {
  buildBuyInstructions,
  findAssociatedTokenAddress,
  TOKEN_2022_PROGRAM_ID,
} from '@fbt/presale-client';
import { readTokenMetadata } from '@fbt/presale-program/testing';
import { Keypair, PublicKey, sendAndConfirmTransaction, Transaction } from '@solana/web3.js';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { readKeypairFile, writeKeypairFile } from '../src/keypair-file';
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

const NAME = 'Frustrated Beast Token';

/** The mint's TokenMetadata as wallets read it: the mint account's bytes over JSON-RPC. */
async function chainMetadata(mint: string) {
  const account = await net.connection.getAccountInfo(new PublicKey(mint), 'confirmed');
  expect(account?.owner.toBase58()).toBe(TOKEN_2022_PROGRAM_ID.toBase58());
  return readTokenMetadata(account?.data ?? new Uint8Array());
}

async function createToken2022Mint(extra: readonly string[] = []): Promise<string> {
  const created = await cli([
    'create-mint',
    ...chainArgs,
    '--keypair',
    keypairFile,
    '--token-program',
    'token-2022',
    '--name',
    NAME,
    '--symbol',
    'FBT',
    '--site-url',
    'http://localhost:8080',
    ...extra,
  ]);
  expect(created.stderr).toBe('');
  expect(created.code).toBe(0);
  return created.json().mint as string;
}

describe('a Token-2022 FBT with its name, symbol and logo, on the local chain', () => {
  it('is created with its metadata, sold by a presale, and its unsold tokens withdrawn', async () => {
    const operator = readKeypairFile(keypairFile).publicKey.toBase58();
    const mint = await createToken2022Mint();
    expect(await chainMetadata(mint)).toEqual({
      updateAuthority: operator,
      mint,
      name: NAME,
      symbol: 'FBT',
      uri: 'http://localhost:8080/token/fbt.json',
      additionalMetadata: [],
    });
    // What wallets and explorers ask the RPC for: the mint parsed, with its extensions.
    const parsed = await net.connection.getParsedAccountInfo(new PublicKey(mint));
    expect(parsed.value?.data).toMatchObject({
      program: 'spl-token-2022',
      parsed: {
        type: 'mint',
        info: {
          decimals: 6,
          mintAuthority: null,
          freezeAuthority: null,
          extensions: [
            { extension: 'metadataPointer', state: { authority: operator, metadataAddress: mint } },
            {
              extension: 'tokenMetadata',
              state: { name: NAME, symbol: 'FBT', uri: 'http://localhost:8080/token/fbt.json' },
            },
          ],
        },
      },
    });
    const supply = await net.connection.getTokenSupply(new PublicKey(mint));
    expect(supply.value.uiAmountString).toBe('100000000');
    const shown = await cli(['metadata', ...chainArgs, '--mint', mint]);
    expect(shown.json()).toMatchObject({
      tokenProgram: TOKEN_2022_PROGRAM_ID.toBase58(),
      metadataAddress: mint,
      metadata: { name: NAME, symbol: 'FBT', updateAuthority: operator },
    });

    const deploy = await cli(['deploy', ...chainArgs, '--keypair', keypairFile]);
    const programId = deploy.json().programId as string;
    const created = await cli([
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
      '10',
      '--max-total-sol',
      '100',
    ]);
    expect(created.stderr).toBe('');
    expect(created.code).toBe(0);
    const presale = created.json().presale as string;

    const buyerFile = await fundedKeypairFile(net, 'buyer.json', 5e9);
    const buyer = readKeypairFile(buyerFile);
    const tx = new Transaction().add(
      ...buildBuyInstructions({
        programId: new PublicKey(programId),
        presale: new PublicKey(presale),
        buyer: buyer.publicKey,
        seller: readKeypairFile(keypairFile).publicKey,
        tempTokenAccount: new PublicKey(created.json().tempTokenAccount as string),
        mint: new PublicKey(mint),
        tokenProgram: TOKEN_2022_PROGRAM_ID,
        lamports: LAMPORTS_PER_SOL,
        createBuyerTokenAccount: true,
      }),
    );
    await sendAndConfirmTransaction(net.connection, tx, [buyer], { commitment: 'confirmed' });
    const ata = findAssociatedTokenAddress({
      owner: buyer.publicKey,
      mint: new PublicKey(mint),
      tokenProgram: TOKEN_2022_PROGRAM_ID,
    });
    expect((await net.connection.getTokenAccountBalance(ata)).value.amount).toBe('20000000000');

    const target = ['--program-id', programId, '--presale', presale];
    const pause = await cli([
      'set-active',
      ...chainArgs,
      '--keypair',
      keypairFile,
      ...target,
      '--active',
      'false',
    ]);
    expect(pause.code).toBe(0);
    const withdrawn = await cli([
      'withdraw-unsold',
      ...chainArgs,
      '--keypair',
      keypairFile,
      ...target,
    ]);
    expect(withdrawn.stderr).toBe('');
    expect(withdrawn.json().withdrawnBaseUnits).toBe('1980000000000');
    const status = await cli(['status', ...chainArgs, ...target]);
    expect(status.json()).toMatchObject({
      tokenProgram: TOKEN_2022_PROGRAM_ID.toBase58(),
      vaultBalance: { baseUnits: '0' },
    });
  });

  it('changes its metadata while the update authority allows, then fixes it for good', async () => {
    const mint = await createToken2022Mint();
    const change = ['metadata', ...chainArgs, '--mint', mint, '--keypair', keypairFile];
    const planned = await cli([
      ...change,
      '--uri',
      'https://fbt.example.org/assets/frustrated-beast-logo.png',
      '--dry-run',
    ]);
    expect(planned.json()).toMatchObject({
      dryRun: true,
      changed: true,
      changes: [
        {
          field: 'uri',
          from: 'http://localhost:8080/token/fbt.json',
          to: 'https://fbt.example.org/assets/frustrated-beast-logo.png',
        },
      ],
    });
    expect((await chainMetadata(mint))?.uri).toBe('http://localhost:8080/token/fbt.json');

    const updated = await cli([
      ...change,
      '--uri',
      'https://fbt.example.org/assets/frustrated-beast-logo.png',
      '--name',
      'Frustrated Beast',
    ]);
    expect(updated.stderr).toBe('');
    expect(updated.code).toBe(0);
    expect(await chainMetadata(mint)).toMatchObject({
      name: 'Frustrated Beast',
      symbol: 'FBT',
      uri: 'https://fbt.example.org/assets/frustrated-beast-logo.png',
    });
    // The longer URI grew the mint; the command paid the extra rent first.
    expect(updated.json().changes).toHaveLength(2);
    const grown = await net.connection.getAccountInfo(new PublicKey(mint), 'confirmed');
    expect(grown?.lamports).toBe(
      await net.connection.getMinimumBalanceForRentExemption(grown?.data.length ?? 0),
    );
    const again = await cli([...change, '--name', 'Frustrated Beast']);
    expect(again.json()).toMatchObject({ changed: false, changes: [] });

    const stranger = path.join(net.dataDir, 'stranger.json');
    writeKeypairFile(stranger, Keypair.generate());
    const refused = await cli([
      'metadata',
      ...chainArgs,
      '--mint',
      mint,
      '--keypair',
      stranger,
      '--symbol',
      'XXX',
    ]);
    expect(refused.code).toBe(1);
    expect(refused.stderr).toContain('can be changed only by its update authority');

    const fixed = await cli([...change, '--revoke-update-authority']);
    expect(fixed.code).toBe(0);
    expect((await chainMetadata(mint))?.updateAuthority).toBeNull();
    const late = await cli([...change, '--symbol', 'FBT2']);
    expect(late.code).toBe(1);
    expect(late.stderr).toContain('is fixed: its update authority was given up');
    expect((await chainMetadata(mint))?.symbol).toBe('FBT');
  });

  it('refuses metadata on an SPL Token mint, and bad metadata before any chain access', async () => {
    const classic = await cli(['create-mint', ...chainArgs, '--keypair', keypairFile]);
    const mint = classic.json().mint as string;
    const shown = await cli([
      'metadata',
      ...chainArgs,
      '--mint',
      mint,
      '--keypair',
      keypairFile,
      '--name',
      'FBT',
    ]);
    expect(shown.code).toBe(1);
    expect(shown.stderr).toContain('is an SPL Token mint, which holds no metadata of its own');

    const badMint = await cli(['metadata', ...chainArgs, '--mint', 'not-a-mint']);
    expect(badMint.code).toBe(2);
    expect(badMint.stderr).toContain('--mint must be a base58 Solana address');
    const nothing = await cli(['metadata', ...chainArgs, '--mint', mint, '--keypair', keypairFile]);
    expect(nothing.code).toBe(2);
    expect(nothing.stderr).toContain('nothing to change');

    const classicWithName = await cli([
      'create-mint',
      ...chainArgs,
      '--keypair',
      keypairFile,
      '--name',
      NAME,
    ]);
    expect(classicWithName.code).toBe(2);
    expect(classicWithName.stderr).toContain('need --token-program token-2022');
    const noUri = await cli([
      'create-mint',
      ...chainArgs,
      '--keypair',
      keypairFile,
      '--token-program',
      'token-2022',
      '--name',
      NAME,
      '--symbol',
      'FBT',
    ]);
    expect(noUri.code).toBe(2);
    expect(noUri.stderr).toContain('--uri (or --site-url / $PUBLIC_SITE_URL');
    const longSymbol = await cli([
      ...['create-mint', ...chainArgs, '--keypair', keypairFile],
      '--token-program',
      'token-2022',
      '--name',
      NAME,
      '--symbol',
      'FRUSTRATED-BEAST',
      '--uri',
      'https://fbt.example.org/assets/frustrated-beast-logo.png',
    ]);
    expect(longSymbol.code).toBe(2);
    expect(longSymbol.stderr).toContain('--symbol must be at most 10 bytes');
    const plainHttp = await cli([
      'create-mint',
      ...chainArgs,
      '--keypair',
      keypairFile,
      '--token-program',
      'token-2022',
      '--name',
      NAME,
      '--symbol',
      'FBT',
      '--uri',
      'http://fbt.example.org/logo.png',
    ]);
    expect(plainHttp.code).toBe(2);
    expect(plainHttp.stderr).toContain('--uri must be an https URL');
    const fromEnv = await cli(
      [
        'create-mint',
        ...chainArgs,
        '--keypair',
        keypairFile,
        '--token-program',
        'token-2022',
        '--name',
        NAME,
        '--symbol',
        'FBT',
      ],
      { PUBLIC_SITE_URL: 'https://fbt.example.org' },
    );
    expect(fromEnv.code).toBe(0);
    expect((await chainMetadata(fromEnv.json().mint as string))?.uri).toBe(
      'https://fbt.example.org/token/fbt.json',
    );
  });
});
