import fs from 'node:fs';
import path from 'node:path';
import {
  buildBuyInstructions,
  decodePresaleAccount,
  decodePresaleError,
  fetchMintTokenProgram,
  verifyAllowlistProof,
} from '@fbt/presale-client';
import type { PresaleAccount } from '@fbt/presale-client';
import { Keypair, PublicKey, sendAndConfirmTransaction, Transaction } from '@solana/web3.js';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { readAllowlistTreeFile } from '../src/files/allowlist-tree-file';
import { readKeypairFile } from '../src/keypair-file';
import { cli, chainArgsFor, fundedKeypairFile, startTestNet } from './support/helpers';
import type { TestNet } from './support/helpers';

let net: TestNet;
let dataDir: string;
let deployment: string;
let seller: string;
let programId: PublicKey;
let presale: PublicKey;
let buyers: Keypair[];

/** One seeded local chain for the file; the private presale is the one these rules change. */
beforeAll(async () => {
  net = await startTestNet();
  dataDir = path.join(net.dataDir, 'seeded');
  const seeded = await cli(['seed-local', ...chainArgsFor(net), '--data-dir', dataDir]);
  expect(seeded.code).toBe(0);
  deployment = path.join(dataDir, 'deployment.json');
  seller = path.join(dataDir, 'wallets', 'operator.json');
  programId = new PublicKey(seeded.json().programId as string);
  presale = new PublicKey(
    (seeded.json().presales as Record<'public' | 'private' | 'leader', { address: string }>).private
      .address,
  );
  buyers = ['buyer-1', 'buyer-2'].map((name) =>
    readKeypairFile(path.join(dataDir, 'wallets', `${name}.json`)),
  );
}, 120_000);
afterAll(async () => {
  await net.stop();
});

const target = (keypair = seller) => [
  '--presale',
  'private',
  '--deployment',
  deployment,
  '--keypair',
  keypair,
];

async function state(): Promise<PresaleAccount> {
  const info = await net.connection.getAccountInfo(presale, 'confirmed');
  return decodePresaleAccount((info as { data: Uint8Array }).data);
}

/** A 0.1 SOL BuyWith from `buyer`, with `proof` when given; the program's error name or null. */
async function buy(buyer: Keypair, proof?: readonly Uint8Array[]): Promise<string | null> {
  const current = await state();
  const tx = new Transaction().add(
    ...buildBuyInstructions({
      programId,
      presale,
      buyer: buyer.publicKey,
      seller: new PublicKey(current.sellerPubkey),
      tempTokenAccount: new PublicKey(current.tempTokenAccountPubkey),
      mint: new PublicKey(current.mint),
      tokenProgram: await fetchMintTokenProgram(net.connection, new PublicKey(current.mint)),
      lamports: 100_000_000n,
      createBuyerTokenAccount: true,
      ...(proof === undefined ? {} : { allowlistProof: proof }),
    }),
  );
  try {
    await sendAndConfirmTransaction(net.connection, tx, [buyer], { commitment: 'confirmed' });
    return null;
  } catch (error) {
    return decodePresaleError(error)?.name ?? String(error);
  }
}

describe('allowlist, window and seller rotation on chain', () => {
  it('allowlist set stores the root, writes the wallets whose proofs buy, reports duplicates; clear reopens', async () => {
    const listed = buyers[0] as Keypair;
    const others = [Keypair.generate().publicKey, Keypair.generate().publicKey].map((k) =>
      k.toBase58(),
    );
    const file = path.join(net.dataDir, 'wallets.csv');
    fs.writeFileSync(
      file,
      [
        'name,wallet',
        `a,${listed.publicKey.toBase58()}`,
        `b,${others[0]}`,
        '',
        `c,${others[1]}`,
        `d,${others[0]}`,
      ].join('\n'),
    );
    const dry = await cli(['allowlist', 'set', ...target(), '--file', file, '--dry-run']);
    expect(dry.code).toBe(0);
    const expectedOut = path.join(dataDir, 'allowlist-private.json');
    expect(dry.json()).toMatchObject({
      dryRun: true,
      leafCount: 3,
      out: expectedOut,
      duplicates: [{ wallet: others[0], lines: [3, 6] }],
      transactions: [
        [
          {
            instruction: 'SetAllowlist',
            accounts: [{ role: 'seller' }, { role: 'presale', address: presale.toBase58() }],
          },
        ],
      ],
    });
    expect(dry.stderr).toContain(`lines 3, 6: ${others[0]} is listed more than once`);
    expect((await state()).allowlistRoot).toBeNull();
    expect(fs.existsSync(expectedOut)).toBe(false);

    const set = await cli(['allowlist', 'set', ...target(), '--file', file]);
    expect(set.code).toBe(0);
    const root = set.json().root as string;
    expect(dry.json().root).toBe(root);
    expect((await state()).allowlistRoot).toBe(root);
    const tree = readAllowlistTreeFile(expectedOut);
    expect(tree).toMatchObject({
      root,
      leafCount: 3,
      presale: presale.toBase58(),
      variant: 'private',
    });
    // The file stores the wallets only; the proof is the tree's, rebuilt from them.
    expect(tree.version).toBe(2);
    expect(tree.wallets).toEqual([listed.publicKey.toBase58(), ...others].sort());
    expect(JSON.parse(fs.readFileSync(expectedOut, 'utf8'))).not.toHaveProperty('proofs');
    const proof = tree.tree.proofFor(listed.publicKey);
    expect(verifyAllowlistProof(Buffer.from(root, 'hex'), presale, listed.publicKey, proof)).toBe(
      true,
    );

    expect(await buy(buyers[1] as Keypair)).toBe('NotAllowlisted');
    expect(await buy(listed, proof)).toBeNull();

    const again = await cli([
      'allowlist',
      'set',
      ...target(),
      '--file',
      file,
      '--out',
      path.join(net.dataDir, 'tree.json'),
    ]);
    expect(again.json()).toMatchObject({ changed: false, signatures: [] });
    expect(readAllowlistTreeFile(path.join(net.dataDir, 'tree.json')).root).toBe(root);

    const bad = path.join(net.dataDir, 'bad-wallets.txt');
    // '0' is outside the base58 alphabet, so the third row can never decode by chance.
    fs.writeFileSync(bad, `${others[0]}\nnot-a-wallet\n${others[1]}0\n`);
    const refused = await cli(['allowlist', 'set', ...target(), '--file', bad]);
    expect(refused.code).toBe(2);
    expect(refused.stderr).toContain('2 invalid rows, nothing sent');
    expect(refused.stderr).toContain('line 2: "not-a-wallet" is not a base58 Solana address');
    expect(refused.stderr).toContain(`line 3: "${others[1]}0" is not a base58 Solana address`);
    expect((await state()).allowlistRoot).toBe(root);

    const clearDry = await cli(['allowlist', 'clear', ...target(), '--dry-run']);
    expect(clearDry.json()).toMatchObject({ dryRun: true, previousRoot: root });
    expect((await state()).allowlistRoot).toBe(root);
    const cleared = await cli(['allowlist', 'clear', ...target()]);
    expect(cleared.json()).toMatchObject({ changed: true, previousRoot: root });
    expect((await state()).allowlistRoot).toBeNull();
    expect(await buy(buyers[1] as Keypair)).toBeNull();
  });

  it('window set stores the bounds (ISO or unix), refuses bad times; window show tells the phase', async () => {
    const dry = await cli([
      'window',
      'set',
      ...target(),
      '--start',
      '2030-01-01T00:00:00Z',
      '--end',
      '0',
      '--dry-run',
    ]);
    expect(dry.code).toBe(0);
    expect(dry.json()).toMatchObject({
      dryRun: true,
      window: {
        start: '1893456000',
        end: '0',
        startTime: '2030-01-01T00:00:00.000Z',
        endTime: null,
        phase: 'not started',
      },
      transactions: [[{ instruction: 'SetWindow' }]],
    });
    expect((await state()).saleStart).toBe(0n);

    const set = await cli([
      'window',
      'set',
      ...target(),
      '--start',
      '2030-01-01T01:00+01:00',
      '--end',
      '1893542400',
    ]);
    expect(set.code).toBe(0);
    expect(await state()).toMatchObject({ saleStart: 1_893_456_000n, saleEnd: 1_893_542_400n });
    const show = await cli([
      'window',
      'show',
      '--presale',
      presale.toBase58(),
      '--program-id',
      programId.toBase58(),
      ...chainArgsFor(net),
    ]);
    expect(show.json()).toMatchObject({
      start: '1893456000',
      end: '1893542400',
      phase: 'not started',
    });
    expect(await buy(buyers[1] as Keypair)).toBe('SaleNotStarted');

    const cases: [string, string, string][] = [
      ['2030-01-02', '2030-01-01', '--end (2030-01-01) must be after --start (2030-01-02)'],
      ['2030-01-01T00:00:00', '0', '--start must be 0, unix seconds or an ISO time with its zone'],
      [
        'yesterday',
        '0',
        '--start must be 0, unix seconds or an ISO time with its zone (e.g. 2026-01-01T12:00:00Z), not "yesterday"',
      ],
      ['0', '2030-02-30', '--end "2030-02-30" is not a real date'],
      ['0', '1893456000000', '--end 1893456000000 is too far out'],
      ['-5', '0', '--start must be 0, unix seconds or an ISO time'],
      ['0', '2030-01-01T00:00:00.5Z', '--end "2030-01-01T00:00:00.5Z" must be whole seconds'],
    ];
    for (const [start, end, message] of cases) {
      const result = await cli(['window', 'set', ...target(), `--start=${start}`, `--end=${end}`]);
      expect(result.stderr).toContain(message);
      expect(result.code).toBe(2);
    }
    expect(await state()).toMatchObject({ saleStart: 1_893_456_000n, saleEnd: 1_893_542_400n });

    const open = await cli(['window', 'set', ...target(), '--start', '0', '--end', '0']);
    expect(open.json()).toMatchObject({ changed: true, window: { phase: 'open' } });
    expect(await state()).toMatchObject({ saleStart: 0n, saleEnd: 0n });
    expect(
      (await cli(['window', 'show', '--presale', 'private', '--deployment', deployment])).json(),
    ).toMatchObject({ phase: 'open', startTime: null });
  });

  it('seller propose then accept hands the presale over; the wrong keypair is refused', async () => {
    const nextFile = await fundedKeypairFile(net, 'next-seller.json', 1e9);
    const next = readKeypairFile(nextFile);
    const before = (await state()).sellerPubkey;

    const early = await cli(['seller', 'accept', ...target(nextFile)]);
    expect(early.code).toBe(1);
    expect(early.stderr).toContain('has no proposed seller');

    const badKey = await cli(['seller', 'propose', ...target(), '--new-seller', 'multisig']);
    expect(badKey.code).toBe(2);
    expect(badKey.stderr).toContain('--new-seller must be a base58 Solana address');

    const dry = await cli([
      'seller',
      'propose',
      ...target(),
      '--new-seller',
      next.publicKey.toBase58(),
      '--dry-run',
    ]);
    expect(dry.json()).toMatchObject({
      dryRun: true,
      transactions: [[{ instruction: 'ProposeSeller' }]],
    });
    expect((await state()).pendingSeller).toBeNull();

    const proposed = await cli([
      'seller',
      'propose',
      ...target(),
      '--new-seller',
      next.publicKey.toBase58(),
    ]);
    expect(proposed.code).toBe(0);
    expect((await state()).pendingSeller).toBe(next.publicKey.toBase58());

    const wrong = await cli(['seller', 'accept', ...target(seller)]);
    expect(wrong.code).toBe(1);
    expect(wrong.stderr).toContain(`is not the proposed seller of presale ${presale.toBase58()}`);

    const accepted = await cli(['seller', 'accept', ...target(nextFile)]);
    expect(accepted.code).toBe(0);
    expect(accepted.json()).toMatchObject({
      previousSeller: before,
      seller: next.publicKey.toBase58(),
    });
    expect(await state()).toMatchObject({
      sellerPubkey: next.publicKey.toBase58(),
      pendingSeller: null,
    });

    const old = await cli(['window', 'set', ...target(seller), '--start', '0', '--end', '0']);
    expect(old.code).toBe(1);
    expect(old.stderr).toContain(
      `is not the seller of presale ${presale.toBase58()} (its seller is ${next.publicKey.toBase58()})`,
    );
  });
});
