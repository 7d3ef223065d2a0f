import { findAuthorityAddress, MAX_DISTRIBUTE_BUYERS } from '@fbt/presale-client';
import { TOKEN_PROGRAM_ID } from '@solana/spl-token';
import { AddressLookupTableAccount, Keypair, SystemProgram } from '@solana/web3.js';
import { describe, expect, it } from 'vitest';
import type { DeliveryTarget } from './delivery-targets';
import {
  batchComputeUnits,
  MAX_TRANSACTION_ACCOUNTS,
  packDistributeBatches,
  PACKET_BYTES,
  transactionFee,
  type BatchContext,
} from './distribute-batches';

const key = () => Keypair.generate().publicKey;
const programId = key();
const presale = key();
const vault = key();
const mint = key();
const [authority] = findAuthorityAddress(programId, presale);

/** The deployment's table: what every Distribute of the presale names, besides the buyers. */
const fixedTable = new AddressLookupTableAccount({
  key: key(),
  state: {
    deactivationSlot: 2n ** 64n - 1n,
    lastExtendedSlot: 1,
    lastExtendedSlotStartIndex: 0,
    authority: key(),
    addresses: [presale, vault, authority, mint, TOKEN_PROGRAM_ID, SystemProgram.programId],
  },
});

const context = (overrides: Partial<BatchContext> = {}): BatchContext => ({
  programId,
  presale,
  vault,
  authority,
  mint,
  payer: key(),
  lookupTables: [],
  priorityFeeMicroLamports: 0,
  ...overrides,
});

const targets = (count: number, create = false): DeliveryTarget[] =>
  Array.from({ length: count }, () => ({
    record: key(),
    buyer: key(),
    due: 1_000n,
    completes: true,
    delivered: 0n,
    tokenAccount: key(),
    create,
  }));

describe('packing Distribute transactions', () => {
  it('fills each transaction up to the packet, in order, losing nobody', async () => {
    const all = targets(100);
    const batches = await packDistributeBatches(context(), all);
    expect(batches.flatMap((batch) => batch.targets)).toEqual(all);
    for (const batch of batches) {
      expect(batch.bytes).toBeLessThanOrEqual(PACKET_BYTES);
      expect(batch.accounts).toBeLessThanOrEqual(MAX_TRANSACTION_ACCOUNTS);
    }
    // Each full batch is full: one more buyer would not fit.
    const perBatch = batches[0]!.targets.length;
    expect(batches.slice(0, -1).every((batch) => batch.targets.length === perBatch)).toBe(true);
    expect(await packDistributeBatches(context(), all.slice(0, perBatch + 1))).toHaveLength(2);
  });

  it('takes more buyers per transaction with the lookup table of the fixed accounts', async () => {
    const plain = (await packDistributeBatches(context(), targets(60)))[0]!.targets.length;
    const withTable = (
      await packDistributeBatches(context({ lookupTables: [fixedTable] }), targets(60))
    )[0]!.targets.length;
    expect(withTable).toBeGreaterThan(plain);
    expect(withTable).toBeLessThanOrEqual(MAX_DISTRIBUTE_BUYERS);
  });

  it('makes room for the token accounts it creates', async () => {
    const ready = (await packDistributeBatches(context(), targets(40)))[0]!.targets.length;
    const creating = (await packDistributeBatches(context(), targets(40, true)))[0]!;
    expect(creating.targets.length).toBeLessThan(ready);
    expect(creating.bytes).toBeLessThanOrEqual(PACKET_BYTES);
    expect(creating.computeUnitLimit).toBe(batchComputeUnits(creating.targets));
  });

  it('prices the signature and the priority fee of its compute limit', async () => {
    expect(transactionFee(200_000, 0)).toBe(5_000n);
    // 200,000 units at 1,001 micro-lamports: 200.2 lamports, rounded up.
    expect(transactionFee(200_000, 1_001)).toBe(5_201n);
    const [batch] = await packDistributeBatches(
      context({ priorityFeeMicroLamports: 1_000 }),
      targets(3),
    );
    expect(batch!.feeLamports).toBe(transactionFee(batch!.computeUnitLimit, 1_000));
    expect(batch!.instructions).toHaveLength(3);
  });

  it('packs nothing when nobody is due', async () => {
    expect(await packDistributeBatches(context(), [])).toEqual([]);
  });
});
