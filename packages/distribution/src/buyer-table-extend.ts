import { fetchMintTokenProgram, findAssociatedTokenAddress } from '@fbt/presale-client';
import {
  AddressLookupTableProgram,
  type Connection,
  type Keypair,
  type PublicKey,
  type TransactionInstruction,
} from '@solana/web3.js';
import type { BuyerRecordEntry } from './buyer-records';
import { LOOKUP_TABLE_CAPACITY, listBuyerTables, type BuyerTable } from './buyer-tables';
import { LAMPORTS_PER_SIGNATURE, PACKET_BYTES } from './distribute-batches';
import { DistributionError } from './distribution-error';
import { sendVersionedTransaction, type SendOptions } from './send-transaction';
import { versionedTransactionSize } from './transaction-size';

/** A buyer's two accounts Distribute names: its record and its associated FBT account. */
export interface BuyerPair {
  readonly record: PublicKey;
  readonly tokenAccount: PublicKey;
}

/** One transaction appending to one table (creating it first when `creates`). */
export interface TableStep {
  readonly table: PublicKey;
  readonly creates: boolean;
  readonly buyers: number;
  readonly instructions: readonly TransactionInstruction[];
}

/** Buyers one table holds: the marker (the presale) takes the first of its 256 addresses. */
export const BUYERS_PER_TABLE = Math.floor((LOOKUP_TABLE_CAPACITY - 1) / 2);

/** What {@link planBuyerTableExtensions} appends, and to which tables. */
export interface TableExtensionInput {
  /** The keeper's key: the tables' authority and the payer of their rent. */
  readonly authority: PublicKey;
  readonly presale: PublicKey;
  /** The presale's tables on chain (see `listBuyerTables`). */
  readonly tables: readonly BuyerTable[];
  /** Buyers to append (those in no table yet). */
  readonly pairs: readonly BuyerPair[];
  /**
   * A recent slot (the finalized one) new tables are derived from, going on to the slots around
   * it past every address in {@link taken}.
   */
  readonly recentSlot: number;
  /**
   * Addresses of every table the authority owns, whatever presale it serves: a table is derived
   * from the authority and a slot alone, and creating one that exists does nothing, so a new
   * table derived onto one of them would send its buyers into that table.
   */
  readonly taken?: readonly PublicKey[];
}

/** The pairs that fit one transaction appending to `table` (with its creation first if new). */
function stepOf(
  authority: PublicKey,
  table: PublicKey,
  create: TransactionInstruction | null,
  marker: PublicKey | null,
  pairs: readonly BuyerPair[],
): TableStep {
  for (let count = pairs.length; count >= 1; count--) {
    const addresses = [
      ...(marker === null ? [] : [marker]),
      ...pairs.slice(0, count).flatMap((pair) => [pair.record, pair.tokenAccount]),
    ];
    const extend = AddressLookupTableProgram.extendLookupTable({
      lookupTable: table,
      authority,
      payer: authority,
      addresses,
    });
    const instructions = create === null ? [extend] : [create, extend];
    if (versionedTransactionSize(authority, instructions, []).bytes <= PACKET_BYTES) {
      return { table, creates: create !== null, buyers: count, instructions };
    }
  }
  throw new Error('a lookup table extension of one buyer does not fit a transaction');
}

/** The steps appending `pairs` to one table, in order (the first one creating it if `create`). */
function tableSteps(
  authority: PublicKey,
  table: PublicKey,
  create: TransactionInstruction | null,
  marker: PublicKey | null,
  pairs: readonly BuyerPair[],
): TableStep[] {
  const steps: TableStep[] = [];
  let rest = pairs;
  let first = true;
  while (rest.length > 0) {
    const step = stepOf(
      authority,
      table,
      first ? create : null,
      first ? marker : null,
      rest.slice(0, 15),
    );
    steps.push(step);
    rest = rest.slice(step.buyers);
    first = false;
  }
  return steps;
}

/**
 * Slots to derive new tables from: `recentSlot` (the finalized one: in the cluster's SlotHashes on
 * every fork), then the slots below it down to 0, then those above it (on a young chain whose
 * finalized slot is still 0; a slot not yet in SlotHashes makes the creation fail, and the next
 * look derives again).
 */
function* derivationSlots(recentSlot: number): Generator<number, never> {
  for (let slot = recentSlot; slot >= 0; slot--) yield slot;
  for (let slot = recentSlot + 1; ; slot++) yield slot;
}

/**
 * The transactions appending `pairs` to the presale's tables, grouped by table (a table's own
 * steps must land in order; tables are independent): first into the active tables with room,
 * then into new tables, each created in the transaction of its first extension with the presale
 * as its first address, at an address no table of the key holds. About 15 buyers (30 addresses)
 * fit one transaction; a table takes {@link BUYERS_PER_TABLE}. Sends nothing.
 */
export function planBuyerTableExtensions(input: TableExtensionInput): TableStep[][] {
  const { authority, presale } = input;
  const groups: TableStep[][] = [];
  let rest = input.pairs;
  for (const table of input.tables) {
    if (rest.length === 0) break;
    if (table.deactivatedAt !== null) continue;
    const room = Math.floor((LOOKUP_TABLE_CAPACITY - table.addresses.length) / 2);
    if (room === 0) continue;
    groups.push(tableSteps(authority, table.address, null, null, rest.slice(0, room)));
    rest = rest.slice(room);
  }
  const taken = new Set(
    [...(input.taken ?? []), ...input.tables.map((table) => table.address)].map(String),
  );
  const slots = derivationSlots(input.recentSlot);
  while (rest.length > 0) {
    const slot = slots.next().value;
    const [create, table] = AddressLookupTableProgram.createLookupTable({
      authority,
      payer: authority,
      recentSlot: slot,
    });
    if (taken.has(table.toBase58())) continue;
    taken.add(table.toBase58());
    groups.push(tableSteps(authority, table, create, presale, rest.slice(0, BUYERS_PER_TABLE)));
    rest = rest.slice(BUYERS_PER_TABLE);
  }
  return groups;
}

/**
 * The buyers of `records` in no table yet, with their associated FBT accounts under the mint's
 * token program, the accounts Distribute names (yielding).
 */
export async function buyersOutsideTables(
  records: readonly BuyerRecordEntry[],
  tables: readonly BuyerTable[],
  mint: { readonly address: PublicKey; readonly tokenProgram: PublicKey },
): Promise<BuyerPair[]> {
  const inTables = new Set(
    tables.flatMap((table) => table.addresses.map((address) => address.toBase58())),
  );
  const pairs: BuyerPair[] = [];
  for (const entry of records) {
    if (inTables.has(entry.record.toBase58())) continue;
    const owner = entry.buyer;
    pairs.push({
      record: entry.record,
      tokenAccount: findAssociatedTokenAddress({
        owner,
        mint: mint.address,
        tokenProgram: mint.tokenProgram,
      }),
    });
    if (pairs.length % 8 === 0) await new Promise((resolve) => setImmediate(resolve));
  }
  return pairs;
}

/** How {@link extendBuyerTables} reads and sends. */
export interface ExtendBuyerTablesOptions {
  readonly connection: Connection;
  /** The keeper's key: the tables' authority and fee payer. */
  readonly payer: Keypair;
  readonly presale: PublicKey;
  readonly mint: PublicKey;
  /** The presale's buyer records now. */
  readonly records: readonly BuyerRecordEntry[];
  /** Appends only when at least this many buyers are in no table (default 1). */
  readonly minBuyers?: number;
  /** Tables filled at once (default 4). */
  readonly inFlight?: number;
  readonly send?: SendOptions;
  readonly stopped?: () => boolean;
}

/** What {@link extendBuyerTables} did. */
export interface ExtendBuyerTablesResult {
  /** Transactions confirmed (creations included in their first extension). */
  readonly transactions: number;
  readonly tablesCreated: number;
  readonly buyersAdded: number;
  /** Buyers in no table afterwards. */
  readonly buyersOutside: number;
  readonly feeLamports: bigint;
  /** The slot of the last confirmed extension (the tables' new addresses are usable after it). */
  readonly lastSlot: number | null;
  readonly errors: readonly DistributionError[];
}

const asDistributionError = (error: unknown) =>
  error instanceof DistributionError
    ? error
    : new DistributionError(
        'RPC_UNAVAILABLE',
        `the cluster could not be reached: ${error instanceof Error ? error.message : String(error)}`,
      );

/**
 * Appends every buyer of `records` that no table of the presale holds yet to the presale's
 * tables (created as they fill), read from the chain first: restart-safe, and a step sent twice
 * only costs a duplicate address. A table whose step fails is left for the next call.
 */
export async function extendBuyerTables(
  options: ExtendBuyerTablesOptions,
): Promise<ExtendBuyerTablesResult> {
  const { connection, payer } = options;
  // Every table of the key (its other presales' too): a new one must not be derived onto them.
  const owned = await listBuyerTables(connection, payer.publicKey);
  const tables = owned.filter((table) => table.presale.equals(options.presale));
  const tokenProgram = await fetchMintTokenProgram(connection, options.mint);
  const pairs = await buyersOutsideTables(options.records, tables, {
    address: options.mint,
    tokenProgram,
  });
  const result = {
    transactions: 0,
    tablesCreated: 0,
    buyersAdded: 0,
    buyersOutside: pairs.length,
    feeLamports: 0n,
    lastSlot: null as number | null,
    errors: [] as DistributionError[],
  };
  if (pairs.length === 0 || pairs.length < (options.minBuyers ?? 1)) return result;
  const groups = planBuyerTableExtensions({
    authority: payer.publicKey,
    presale: options.presale,
    tables,
    pairs,
    recentSlot: await connection.getSlot('finalized'),
    taken: owned.map((table) => table.address),
  });
  let next = 0;
  const worker = async () => {
    while (next < groups.length && options.stopped?.() !== true) {
      for (const step of groups[next++]!) {
        try {
          const sent = await sendVersionedTransaction(
            connection,
            payer,
            step.instructions,
            [],
            options.send,
          );
          result.transactions++;
          result.tablesCreated += step.creates ? 1 : 0;
          result.buyersAdded += step.buyers;
          result.buyersOutside -= step.buyers;
          result.feeLamports += LAMPORTS_PER_SIGNATURE;
          result.lastSlot = Math.max(result.lastSlot ?? 0, sent.slot);
        } catch (error) {
          result.errors.push(asDistributionError(error));
          break;
        }
      }
    }
  };
  const workers = Math.max(1, Math.min(options.inFlight ?? 4, groups.length));
  await Promise.all(Array.from({ length: workers }, worker));
  return result;
}
