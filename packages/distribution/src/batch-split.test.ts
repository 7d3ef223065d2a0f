import { buildRefundInstruction, findAuthorityAddress } from '@fbt/presale-client';
import { Keypair } from '@solana/web3.js';
import { describe, expect, it } from 'vitest';
import { splitDistributeBatch } from './batch-split';
import type { BuyerRecordEntry } from './buyer-records';
import type { DeliveryTarget } from './delivery-targets';
import {
  batchInstructions,
  computeBudget,
  packDistributeBatches,
  transactionFee,
  type BatchContext,
} from './distribute-batches';
import { REFUND_COMPUTE_UNITS, splitRefundBatch, type RefundBatch } from './refunds';
import { versionedTransactionSize } from './transaction-size';

const key = () => Keypair.generate().publicKey;
const programId = key();
const presale = key();
const payer = key();
const MICRO_LAMPORTS = 1_000;
const context: BatchContext = {
  programId,
  presale,
  vault: key(),
  authority: findAuthorityAddress(programId, presale)[0],
  mint: key(),
  payer,
  lookupTables: [],
  priorityFeeMicroLamports: MICRO_LAMPORTS,
};
/** Seven buyers, the second and the sixth with their account to create. */
const targets: DeliveryTarget[] = Array.from({ length: 7 }, (_, i) => ({
  record: key(),
  buyer: key(),
  due: 1_000n,
  completes: true,
  delivered: 0n,
  tokenAccount: key(),
  create: i === 1 || i === 5,
}));

describe('splitting a refused batch', () => {
  it('halves a Distribute batch into the batches its buyers would have had on their own', async () => {
    const [batch] = await packDistributeBatches(context, targets);
    expect(batch!.targets).toHaveLength(7);
    const halves = splitDistributeBatch(batch!, payer, []);
    expect(halves.map((half) => half.targets)).toEqual([targets.slice(0, 4), targets.slice(4)]);
    for (const half of halves) {
      // What a batch planned with those buyers alone holds: their budget with the priority
      // fee, their creates, and Distribute naming their records and accounts.
      expect(half.instructions).toEqual(batchInstructions(context, half.targets));
      expect(half).toMatchObject(versionedTransactionSize(payer, half.instructions, []));
      expect(half.feeLamports).toBe(transactionFee(half.computeUnitLimit, MICRO_LAMPORTS));
    }
    // Down to single buyers, which split no further.
    const quarters = splitDistributeBatch(halves[1]!, payer, []);
    expect(quarters.map((part) => part.targets)).toEqual([targets.slice(4, 6), targets.slice(6)]);
    expect(splitDistributeBatch(quarters[1]!, payer, [])).toEqual([quarters[1]]);
    const [single] = splitDistributeBatch(quarters[0]!, payer, []);
    expect(single!.instructions).toEqual(batchInstructions(context, [targets[4]!]));
  });

  it('halves a Refund batch, each half with its records’ Refunds and its own budget', () => {
    const records: BuyerRecordEntry[] = Array.from({ length: 5 }, () => ({
      record: key(),
      buyer: key(),
      bought: 1n,
      delivered: 0n,
    }));
    const refunds = records.map((entry) =>
      buildRefundInstruction({ programId, presale, buyer: entry.buyer }),
    );
    const units = (count: number) =>
      REFUND_COMPUTE_UNITS.head + count * REFUND_COMPUTE_UNITS.perRefund;
    const batch: RefundBatch = {
      records,
      instructions: [...computeBudget(units(5), MICRO_LAMPORTS), ...refunds],
      bytes: 0,
      accounts: 0,
      feeLamports: transactionFee(units(5), MICRO_LAMPORTS),
      lookupTables: [],
    };
    const halves = splitRefundBatch(batch, payer);
    expect(halves.map((half) => half.records)).toEqual([records.slice(0, 3), records.slice(3)]);
    expect(halves.map((half) => half.instructions)).toEqual([
      [...computeBudget(units(3), MICRO_LAMPORTS), ...refunds.slice(0, 3)],
      [...computeBudget(units(2), MICRO_LAMPORTS), ...refunds.slice(3)],
    ]);
    expect(halves.map((half) => half.feeLamports)).toEqual([
      transactionFee(units(3), MICRO_LAMPORTS),
      transactionFee(units(2), MICRO_LAMPORTS),
    ]);
    expect(halves[1]).toMatchObject(versionedTransactionSize(payer, halves[1]!.instructions, []));
  });
});
