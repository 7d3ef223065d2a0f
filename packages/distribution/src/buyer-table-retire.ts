import {
  AddressLookupTableProgram,
  type Connection,
  type Keypair,
  type TransactionInstruction,
} from '@solana/web3.js';
import { TABLE_COOLDOWN_SLOTS, type BuyerTable } from './buyer-tables';
import {
  LAMPORTS_PER_SIGNATURE,
  MAX_TRANSACTION_ACCOUNTS,
  PACKET_BYTES,
} from './distribute-batches';
import { DistributionError } from './distribution-error';
import { sendVersionedTransaction, type SendOptions } from './send-transaction';
import { versionedTransactionSize } from './transaction-size';

/**
 * Packs `instructions` in order into as few transactions paid by `payer` as fit one packet and
 * 64 accounts each (sizes computed, without lookup tables).
 */
export function packInstructions(
  payer: Keypair['publicKey'],
  instructions: readonly TransactionInstruction[],
): TransactionInstruction[][] {
  const packed: TransactionInstruction[][] = [];
  let current: TransactionInstruction[] = [];
  for (const instruction of instructions) {
    const candidate = [...current, instruction];
    const size = versionedTransactionSize(payer, candidate, []);
    if (
      current.length > 0 &&
      (size.bytes > PACKET_BYTES || size.accounts > MAX_TRANSACTION_ACCOUNTS)
    ) {
      packed.push(current);
      current = [instruction];
    } else current = candidate;
  }
  if (current.length > 0) packed.push(current);
  return packed;
}

/** What {@link retireBuyerTables} did. */
export interface RetireResult {
  readonly deactivated: number;
  readonly closed: number;
  /** Rent the closed tables returned to the keeper, lamports. */
  readonly recoveredLamports: bigint;
  readonly transactions: number;
  readonly feeLamports: bigint;
  /** Tables deactivated and not yet closable (their cool-down runs). */
  readonly cooling: number;
  readonly errors: readonly DistributionError[];
}

/**
 * Retires `tables` (buyer tables whose presale needs them no more: its last round delivered,
 * or refunded): deactivates the active ones and closes, returning their rent to the keeper, those
 * deactivated at least {@link TABLE_COOLDOWN_SLOTS} slots before `slot` (the program refuses
 * earlier). Many tables per transaction; the keeper's key is the authority and fee payer.
 */
export async function retireBuyerTables(options: {
  readonly connection: Connection;
  readonly payer: Keypair;
  readonly tables: readonly BuyerTable[];
  /** The cluster's current slot. */
  readonly slot: number;
  readonly send?: SendOptions;
}): Promise<RetireResult> {
  const { connection, payer, tables, slot } = options;
  const authority = payer.publicKey;
  const active = tables.filter((table) => table.deactivatedAt === null);
  const closable = tables.filter(
    (table) =>
      table.deactivatedAt !== null && BigInt(slot) - table.deactivatedAt >= TABLE_COOLDOWN_SLOTS,
  );
  const result = {
    deactivated: 0,
    closed: 0,
    recoveredLamports: 0n,
    transactions: 0,
    feeLamports: 0n,
    cooling: tables.length - active.length - closable.length,
    errors: [] as DistributionError[],
  };
  const run = async (
    group: readonly BuyerTable[],
    build: (table: BuyerTable) => TransactionInstruction,
    done: (table: BuyerTable) => void,
  ) => {
    const byInstruction = new Map(group.map((table) => [build(table), table]));
    for (const instructions of packInstructions(authority, [...byInstruction.keys()])) {
      try {
        await sendVersionedTransaction(connection, payer, instructions, [], options.send);
        result.transactions++;
        result.feeLamports += LAMPORTS_PER_SIGNATURE;
        for (const instruction of instructions) done(byInstruction.get(instruction)!);
      } catch (error) {
        result.errors.push(
          error instanceof DistributionError
            ? error
            : new DistributionError('RPC_UNAVAILABLE', (error as Error).message),
        );
      }
    }
  };
  await run(
    active,
    (table) =>
      AddressLookupTableProgram.deactivateLookupTable({ lookupTable: table.address, authority }),
    () => {
      result.deactivated++;
      result.cooling++;
    },
  );
  await run(
    closable,
    (table) =>
      AddressLookupTableProgram.closeLookupTable({
        lookupTable: table.address,
        authority,
        recipient: authority,
      }),
    (table) => {
      result.closed++;
      result.recoveredLamports += table.lamports;
    },
  );
  return result;
}
