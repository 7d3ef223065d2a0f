import { AddressLookupTableProgram, Keypair } from '@solana/web3.js';
import { describe, expect, it } from 'vitest';
import { BUYERS_PER_TABLE, planBuyerTableExtensions, type BuyerPair } from './buyer-table-extend';

const key = () => Keypair.generate().publicKey;
const authority = key();
const pairs = (count: number): BuyerPair[] =>
  Array.from({ length: count }, () => ({ record: key(), tokenAccount: key() }));
/** The table the authority's creation at `recentSlot` makes. */
const derived = (recentSlot: number) =>
  AddressLookupTableProgram.createLookupTable({ authority, payer: authority, recentSlot })[1];

describe('planning buyer table extensions', () => {
  it('derives each new table at an address no table of the key holds, another presale’s included', () => {
    // The key already owns the tables derived at slots 100 and 99 (another presale's).
    const groups = planBuyerTableExtensions({
      authority,
      presale: key(),
      tables: [],
      pairs: pairs(BUYERS_PER_TABLE + 1),
      recentSlot: 100,
      taken: [derived(100), derived(99)],
    });
    const created = groups.map((steps) => steps[0]!);
    expect(created.every((step) => step.creates)).toBe(true);
    expect(created.map((step) => step.table.toBase58())).toEqual(
      [derived(98), derived(97)].map(String),
    );
    expect(groups.flat().reduce((sum, step) => sum + step.buyers, 0)).toBe(BUYERS_PER_TABLE + 1);
  });

  it('goes above the recent slot once below it every address is taken (a young chain)', () => {
    const groups = planBuyerTableExtensions({
      authority,
      presale: key(),
      tables: [],
      pairs: pairs(15),
      recentSlot: 0,
      taken: [derived(0)],
    });
    expect(groups.map((steps) => steps[0]!.table.toBase58())).toEqual([derived(1).toBase58()]);
  });
});
