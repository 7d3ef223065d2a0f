// The buys' address lookup table: made by the seeding and recorded in its deployment file,
// created for a deployment without one, completed after a seller rotation, checked on a rerun,
// and refused to a keypair that is not its authority.
import fs from 'node:fs';
import path from 'node:path';
import {
  buyLookupTableAddresses,
  decodePresaleAccount,
  fetchMintTokenProgram,
} from '@fbt/presale-client';
import { PublicKey } from '@solana/web3.js';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { readKeypairFile } from '../src/keypair-file';
import { cli, chainArgsFor, fundedKeypairFile, startTestNet } from './support/helpers';
import type { TestNet } from './support/helpers';

let net: TestNet;
let dataDir: string;
let deploymentFile: string;
let operator: string;
let seeded: Record<string, unknown>;

beforeAll(async () => {
  net = await startTestNet();
  dataDir = path.join(net.dataDir, 'seeded');
  const run = await cli(['seed-local', ...chainArgsFor(net), '--data-dir', dataDir]);
  expect(run.code).toBe(0);
  seeded = run.json();
  deploymentFile = path.join(dataDir, 'deployment.json');
  operator = path.join(dataDir, 'wallets', 'operator.json');
}, 120_000);
afterAll(async () => {
  await net.stop();
});

const presaleOf = (variant: 'public' | 'private' | 'leader') =>
  new PublicKey((seeded.presales as Record<string, { address: string }>)[variant]!.address);

/** What the table should hold for the three presales as the chain has them now. */
async function wantedAddresses(): Promise<string[]> {
  const programId = new PublicKey(seeded.programId as string);
  const sales = [];
  for (const variant of ['public', 'private', 'leader'] as const) {
    const info = await net.connection.getAccountInfo(presaleOf(variant), 'confirmed');
    const state = decodePresaleAccount(info!.data);
    sales.push({
      programId,
      presale: presaleOf(variant),
      seller: new PublicKey(state.sellerPubkey),
      tempTokenAccount: new PublicKey(state.tempTokenAccountPubkey),
      mint: new PublicKey(state.mint),
      tokenProgram: await fetchMintTokenProgram(net.connection, new PublicKey(state.mint)),
    });
  }
  return buyLookupTableAddresses(sales).map((key) => key.toBase58());
}

async function tableAddresses(table: string): Promise<string[]> {
  const { value } = await net.connection.getAddressLookupTable(new PublicKey(table));
  return value?.state.addresses.map((key) => key.toBase58()) ?? [];
}

const run = (file: string, keypair = operator, extra: string[] = []) =>
  cli(['lookup-table', '--deployment', file, '--keypair', keypair, ...chainArgsFor(net), ...extra]);

describe('lookup-table', () => {
  it('the seeding made the table, with every account buys name, and recorded it', async () => {
    expect(seeded.lookupTable).toEqual(expect.any(String));
    const wanted = await wantedAddresses();
    expect(wanted).toHaveLength(14); // 3 x (presale, vault, authority), seller, mint, 3 shared
    expect(await tableAddresses(seeded.lookupTable as string)).toEqual(wanted);

    const again = await run(deploymentFile);
    expect(again.code).toBe(0);
    expect(again.json()).toMatchObject({
      lookupTable: seeded.lookupTable,
      changed: false,
      missing: [],
    });
  });

  it('creates a table for a deployment without one and records it there, keeping the rest', async () => {
    const copy = path.join(net.dataDir, 'without-table.json');
    const { lookupTable: _, ...rest } = JSON.parse(fs.readFileSync(deploymentFile, 'utf8')) as {
      lookupTable: string;
    };
    fs.writeFileSync(copy, JSON.stringify(rest));

    const dry = await run(copy, operator, ['--dry-run']);
    expect(dry.json()).toMatchObject({ dryRun: true, lookupTable: null, changed: false });
    expect(dry.json().missing).toEqual(await wantedAddresses());
    expect(JSON.parse(fs.readFileSync(copy, 'utf8'))).not.toHaveProperty('lookupTable');

    const created = await run(copy);
    expect(created.code).toBe(0);
    const answer = created.json();
    expect(answer).toMatchObject({ changed: true, created: true });
    expect(answer.lookupTable).not.toBe(seeded.lookupTable);
    expect(await tableAddresses(answer.lookupTable as string)).toEqual(await wantedAddresses());
    const written = JSON.parse(fs.readFileSync(copy, 'utf8')) as Record<string, unknown>;
    expect(written).toEqual({ ...rest, lookupTable: answer.lookupTable });
    // Usable at once: the chain is past the slot of its last extension.
    const { value } = await net.connection.getAddressLookupTable(
      new PublicKey(answer.lookupTable as string),
    );
    expect(await net.connection.getSlot('confirmed')).toBeGreaterThan(
      value!.state.lastExtendedSlot,
    );
  });

  it('appends a new seller after the presale changed hands', async () => {
    const nextFile = await fundedKeypairFile(net, 'lookup-next-seller.json', 1e9);
    const next = readKeypairFile(nextFile).publicKey.toBase58();
    const sale = ['--presale', 'public', '--deployment', deploymentFile];
    expect(
      (await cli(['seller', 'propose', ...sale, '--keypair', operator, '--new-seller', next])).code,
    ).toBe(0);
    expect((await cli(['seller', 'accept', ...sale, '--keypair', nextFile])).code).toBe(0);
    const before = await tableAddresses(seeded.lookupTable as string);

    const completed = await run(deploymentFile);
    expect(completed.code).toBe(0);
    expect(completed.json()).toMatchObject({
      lookupTable: seeded.lookupTable,
      changed: true,
      created: false,
      added: [next],
    });
    // The old seller stays (the other presales still pay it); the new one is appended.
    expect(await tableAddresses(seeded.lookupTable as string)).toEqual([...before, next]);
    expect(before).not.toContain(next);
  });

  it('refuses a keypair that is not the table’s authority, before sending anything', async () => {
    const other = await fundedKeypairFile(net, 'not-the-authority.json', 1e9);
    const nextSeller = await fundedKeypairFile(net, 'another-seller.json', 1e9);
    const sale = ['--presale', 'private', '--deployment', deploymentFile];
    const newSeller = readKeypairFile(nextSeller).publicKey.toBase58();
    await cli(['seller', 'propose', ...sale, '--keypair', operator, '--new-seller', newSeller]);
    await cli(['seller', 'accept', ...sale, '--keypair', nextSeller]);
    const before = await tableAddresses(seeded.lookupTable as string);

    const refused = await run(deploymentFile, other);
    expect(refused.code).toBe(1);
    expect(refused.stderr).toContain(
      `lookup table ${seeded.lookupTable as string} has the authority ${readKeypairFile(operator).publicKey.toBase58()}`,
    );
    expect(await tableAddresses(seeded.lookupTable as string)).toEqual(before);
  });
});
