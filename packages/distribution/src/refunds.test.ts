import { findBuyerRecordAddress } from '@fbt/presale-client';
import { AddressLookupTableAccount, Keypair, type PublicKey } from '@solana/web3.js';
import { describe, expect, it } from 'vitest';
import type { BuyerRecordEntry } from './buyer-records';
import { MAX_TRANSACTION_ACCOUNTS, PACKET_BYTES } from './distribute-batches';
import type { DistributionPresale } from './presale-read';
import { planRefunds } from './refunds';

const key = () => Keypair.generate().publicKey;
const programId = key();
const address = key();
/** What planning reads of the presale: its address and its status. */
const failed = { address, status: 'failed' } as DistributionPresale;

const table = (addresses: readonly PublicKey[]) =>
  new AddressLookupTableAccount({
    key: key(),
    state: {
      deactivationSlot: 2n ** 64n - 1n,
      lastExtendedSlot: 1,
      lastExtendedSlotStartIndex: 0,
      authority: key(),
      addresses: [...addresses],
    },
  });

/** Buyers of the presale, each with its record (the program's address for it). */
const records = (count: number): BuyerRecordEntry[] =>
  Array.from({ length: count }, () => {
    const buyer = key();
    const [record] = findBuyerRecordAddress(programId, address, buyer);
    return { record, buyer, bought: 1_000n, delivered: 0n };
  });

describe('packing Refunds', () => {
  it('takes the records in their tables’ order: 24 a transaction, however they were listed', async () => {
    // Four buyer tables, the records listed round-robin across them (as getProgramAccounts
    // lists them, in no table's order).
    const all = records(4 * 48);
    const tables = [0, 1, 2, 3].map((t) =>
      table([address, ...all.filter((_, i) => i % 4 === t).flatMap((entry) => [entry.record])]),
    );
    const batches = await planRefunds({
      programId,
      presale: failed,
      records: all,
      payer: key(),
      buyerTables: tables,
    });
    expect(batches.flatMap((batch) => batch.records).length).toBe(all.length);
    expect(new Set(batches.flatMap((batch) => batch.records)).size).toBe(all.length);
    for (const batch of batches) {
      expect(batch.bytes).toBeLessThanOrEqual(PACKET_BYTES);
      expect(batch.accounts).toBeLessThanOrEqual(MAX_TRANSACTION_ACCOUNTS);
      expect(batch.lookupTables.length).toBeLessThanOrEqual(2);
    }
    console.log(
      batches
        .map((b) => `${b.records.length}:${b.bytes}:${b.accounts}:${b.lookupTables.length}`)
        .join(' '),
    );
    expect(batches.map((batch) => batch.records.length)).toEqual(Array(8).fill(24));
  });

  it('writes out the records no table holds: 13 a transaction, after those the tables hold', async () => {
    const inTable = records(24);
    const outside = records(13);
    const batches = await planRefunds({
      programId,
      presale: failed,
      records: [...outside, ...inTable],
      payer: key(),
      buyerTables: [table([address, ...inTable.map((entry) => entry.record)])],
    });
    expect(batches.map((batch) => batch.records)).toEqual([inTable, outside]);
  });
});
