import { buildRefundInstruction } from '@fbt/presale-client';
import type { AddressLookupTableAccount, PublicKey, TransactionInstruction } from '@solana/web3.js';
import type { BuyerRecordEntry } from './buyer-records';
import {
  buyerTableIndex,
  computeBudget,
  MAX_TRANSACTION_ACCOUNTS,
  orderByBuyerTables,
  PACKET_BYTES,
  transactionFee,
} from './distribute-batches';
import { halves, priorityFeeOf } from './batch-split';
import { DistributionError } from './distribution-error';
import type { DistributionPresale } from './presale-read';
import { sendBatches, type SendBatchesOptions, type SentBatch } from './send-batches';
import { versionedTransactionSize } from './transaction-size';

/**
 * Compute units budgeted for a Refund transaction: its head and each Refund (the program takes
 * about 420 per Refund on the local chain; the budget leaves room, and costs lamports only with a
 * priority fee).
 */
export const REFUND_COMPUTE_UNITS = { head: 5_000, perRefund: 3_000 };

/** One transaction of Refunds: each pays its buyer back and closes its record. */
export interface RefundBatch {
  readonly records: readonly BuyerRecordEntry[];
  readonly instructions: readonly TransactionInstruction[];
  readonly bytes: number;
  readonly accounts: number;
  readonly feeLamports: bigint;
  readonly lookupTables: readonly AddressLookupTableAccount[];
}

/** What {@link planRefunds} packs. */
export interface RefundPlanOptions {
  readonly programId: PublicKey;
  readonly presale: DistributionPresale;
  /** The records left (each one refunded closes it). */
  readonly records: readonly BuyerRecordEntry[];
  readonly payer: PublicKey;
  /** The deployment's table (the presale). */
  readonly lookupTables?: readonly AddressLookupTableAccount[];
  /** The presale's buyer tables usable now: a batch loads those holding its records. */
  readonly buyerTables?: readonly AddressLookupTableAccount[];
  readonly priorityFeeMicroLamports?: number;
}

/** The compute units budgeted for a transaction of `count` Refunds. */
function refundComputeUnits(count: number): number {
  return REFUND_COMPUTE_UNITS.head + count * REFUND_COMPUTE_UNITS.perRefund;
}

/**
 * Packs a Refund for every record of a failed presale into as few transactions as fit one packet
 * and 64 accounts each (sizes computed: each Refund names the presale, the record and the buyer's
 * wallet; a record a lookup table holds costs one byte instead of 32, so the records go in their
 * tables' order, a batch loading one table or two). Sends nothing; refuses a presale that did not
 * fail.
 */
export async function planRefunds(options: RefundPlanOptions): Promise<RefundBatch[]> {
  const { presale, payer } = options;
  if (presale.status !== 'failed') {
    throw new DistributionError(
      'NOT_FAILED',
      `presale ${presale.address.toBase58()} did not fail (status ${presale.status}): there is nothing to refund`,
    );
  }
  const tableOf = buyerTableIndex(options.buyerTables ?? []);
  let tables: AddressLookupTableAccount[] = [...(options.lookupTables ?? [])];
  const microLamports = options.priorityFeeMicroLamports ?? 0;
  const batches: RefundBatch[] = [];
  let records: BuyerRecordEntry[] = [];
  let refunds: TransactionInstruction[] = [];
  let last: RefundBatch | null = null;
  const close = () => {
    if (last !== null) batches.push(last);
    records = [];
    refunds = [];
    tables = [...(options.lookupTables ?? [])];
    last = null;
  };
  for (const entry of orderByBuyerTables(options.records, options.buyerTables ?? [])) {
    const refund = buildRefundInstruction({
      programId: options.programId,
      presale: presale.address,
      buyer: entry.buyer,
    });
    const own = tableOf.get(entry.record.toBase58());
    for (;;) {
      const units = refundComputeUnits(refunds.length + 1);
      const instructions = [...computeBudget(units, microLamports), ...refunds, refund];
      const candidateTables = own === undefined || tables.includes(own) ? tables : [...tables, own];
      const size = versionedTransactionSize(payer, instructions, candidateTables);
      if (size.bytes <= PACKET_BYTES && size.accounts <= MAX_TRANSACTION_ACCOUNTS) {
        records = [...records, entry];
        refunds = [...refunds, refund];
        tables = candidateTables;
        last = {
          records,
          instructions,
          ...size,
          feeLamports: transactionFee(units, microLamports),
          lookupTables: candidateTables,
        };
        break;
      }
      if (refunds.length === 0) throw new Error('one Refund does not fit a transaction');
      close();
    }
    if (records.length === 1) await new Promise((resolve) => setImmediate(resolve));
  }
  close();
  return batches;
}

/**
 * A Refund batch in two, each half of its records with their Refunds (in the batch's order) and
 * a budget of their own, for a batch refused for one of its Refunds (a record its buyer refunded
 * meanwhile): the other half goes through. One record: the batch as it is.
 */
export function splitRefundBatch(batch: RefundBatch, payer: PublicKey): RefundBatch[] {
  if (batch.records.length < 2) return [batch];
  const refunds = batch.instructions.slice(batch.instructions.length - batch.records.length);
  const microLamports = priorityFeeOf(batch.instructions);
  return halves(batch.records).map((records) => {
    const units = refundComputeUnits(records.length);
    const instructions = [
      ...computeBudget(units, microLamports),
      ...records.map((record) => refunds[batch.records.indexOf(record)]!),
    ];
    return {
      records,
      instructions,
      ...versionedTransactionSize(payer, instructions, batch.lookupTables),
      feeLamports: transactionFee(units, microLamports),
      lookupTables: batch.lookupTables,
    };
  });
}

/** What {@link sendRefunds} did. */
export interface RefundResult {
  readonly outcomes: readonly SentBatch<RefundBatch>[];
  readonly confirmed: number;
  readonly failed: number;
  /** Records the confirmed batches closed. */
  readonly refunded: number;
  readonly feeLamports: bigint;
}

/**
 * Sends the Refund batches, a few in flight. A batch refused for one of its Refunds (a record its
 * buyer refunded meanwhile: the program finds no record) is split in halves and sent again, down
 * to single records, so the others are refunded in the same pass; a record refused alone is
 * reported (`isolated`), read again and planned anew by the next pass, so nobody is refunded
 * twice and nobody is left.
 */
export async function sendRefunds(
  batches: readonly RefundBatch[],
  options: SendBatchesOptions<RefundBatch>,
): Promise<RefundResult> {
  const outcomes = await sendBatches(batches, {
    ...options,
    // Only a Refund's refusal is one record's (the compute budget's is the whole batch's).
    split: (batch, failed) =>
      failed >= batch.instructions.length - batch.records.length
        ? splitRefundBatch(batch, options.payer.publicKey)
        : null,
  });
  const confirmed = outcomes.filter((outcome) => 'confirmed' in outcome);
  return {
    outcomes,
    confirmed: confirmed.length,
    failed: outcomes.length - confirmed.length,
    refunded: confirmed.reduce((sum, { batch }) => sum + batch.records.length, 0),
    feeLamports: confirmed.reduce((sum, { batch }) => sum + batch.feeLamports, 0n),
  };
}
