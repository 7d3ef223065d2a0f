import {
  BUYERS_PER_TABLE,
  lookupTableBytes,
  LOOKUP_TABLE_CAPACITY,
  type BuyerRecordEntry,
  type BuyerTable,
  type DistributionPresale,
  type ExtendBuyerTablesResult,
} from '@fbt/distribution';
import { PRESALE_VARIANTS, type PresaleVariant } from '@fbt/domain';
import type { KeeperChain } from '../app-deps';
import { describe, type KeeperContext } from './keeper-context';

/**
 * Buyers waiting before the keeper appends them to a table: one extension transaction's worth
 * (15 buyers, 30 addresses), so the tables cost one transaction per 15 buys. Fewer left at
 * completion are not appended: they fit one Distribute of their own (14 written out), where an
 * extension would cost a transaction and a slot's wait before the first delivery.
 */
export const TABLE_EXTEND_BUYERS = 15;

/** Buyers the tables hold (each pair after the presale marker; a duplicate counts twice). */
export function buyersInTables(tables: readonly BuyerTable[]): number {
  return tables.reduce(
    (sum, table) =>
      sum + (table.deactivatedAt === null ? Math.floor((table.addresses.length - 1) / 2) : 0),
    0,
  );
}

/** Each keeper's extensions under way, chained: see {@link oneAtATime}. */
const extending = new WeakMap<KeeperContext, Promise<unknown>>();

/**
 * Runs `task` after the keeper's extension under way, if any: the presales' looks run at once,
 * and two extensions reading the key's tables together could derive a new table each from the
 * same slot, the same address (the second creation then does nothing and its buyers land in the
 * first presale's table).
 */
function oneAtATime<T>(context: KeeperContext, task: () => Promise<T>): Promise<T> {
  const next = (extending.get(context) ?? Promise.resolve()).then(task, task);
  extending.set(
    context,
    next.catch(() => undefined),
  );
  return next;
}

/** Counts an extension's transactions and reports its errors. */
function recordExtension(
  context: KeeperContext,
  variant: PresaleVariant,
  result: ExtendBuyerTablesResult,
): void {
  const { metrics, log } = context;
  for (let i = 0; i < result.transactions; i++) metrics.transaction('table', 'confirmed');
  if (result.feeLamports > 0n) metrics.fees(result.feeLamports);
  for (const error of result.errors) {
    metrics.transaction('table', 'failed');
    context.states[variant].lastError = `lookup table: ${error.message}`;
    log.warn({ variant, err: error }, 'keeper could not extend a buyer lookup table');
  }
  if (result.transactions > 0) {
    log.info(
      { variant, buyers: result.buyersAdded, created: result.tablesCreated },
      'keeper appended buyers to the lookup tables',
    );
  }
}

/**
 * Keeps a presale's buyer lookup tables up with its buys (at completion, with a usable key):
 * appends the buyers no table holds once {@link TABLE_EXTEND_BUYERS} wait (the presale's buyer
 * count against what the tables held at the last read first, then the tables, the records only
 * then), while the sale runs and before each round. The tables are the chain's: a restarted
 * keeper finds them by its key and the presale. Failures are reported, never thrown: a buyer in
 * no table is distributed 14 to a transaction instead of 28.
 */
export async function maintainBuyerTables(
  context: KeeperContext,
  variant: PresaleVariant,
  presale: DistributionPresale,
  records?: readonly BuyerRecordEntry[],
): Promise<void> {
  const key = context.usableKey();
  if (!context.running() || !('keypair' in key) || presale.deliveryMode !== 'at-completion') {
    return;
  }
  if (presale.status === 'failed') return;
  const { chain } = context.keeper;
  const state = context.states[variant];
  const minBuyers = TABLE_EXTEND_BUYERS;
  // The tables only grow by this key: fewer new buyers than that since they were last read
  // cannot make an extension due.
  if (Number(presale.buyerCount) - state.tabledBuyers < minBuyers) return;
  try {
    const tables = await chain.listBuyerTables(key.keypair.publicKey, presale);
    state.tabledBuyers = buyersInTables(tables);
    if (Number(presale.buyerCount) - state.tabledBuyers < minBuyers) return;
    const list = records ?? (await chain.listBuyerRecords(presale));
    const result = await oneAtATime(context, () =>
      chain.extendBuyerTables(presale, list, key.keypair, minBuyers),
    );
    state.tabledBuyers += result.buyersAdded;
    recordExtension(context, variant, result);
  } catch (error) {
    context.metrics.transaction('table', 'failed');
    context.states[variant].lastError = `lookup table: ${describe(error)}`;
    context.log.warn({ variant, err: error }, 'keeper could not extend a buyer lookup table');
  }
}

/** What {@link retireBuyerTablesOf} saw of the keeper's tables. */
export interface TableHoldings {
  /** The tables the key owns for the deployment's presales. */
  readonly tables: number;
  /** Lamports they hold (rent returned when each is closed). */
  readonly rentLamports: bigint;
}

/**
 * Retires the keeper's tables of the presales `finished` says need them no more (the last round
 * delivered, or every buyer refunded): deactivates them, and closes those cooled down, the rent
 * back to the keeper. Returns what the key still holds in tables of the deployment's presales.
 */
export async function retireBuyerTablesOf(
  context: KeeperContext,
  chain: KeeperChain,
  finished: (variant: PresaleVariant) => boolean,
): Promise<TableHoldings | null> {
  const key = context.usableKey();
  if (!('keypair' in key)) return null;
  const tables = await chain.listBuyerTables(key.keypair.publicKey);
  const variantOf = (table: BuyerTable) =>
    PRESALE_VARIANTS.find((variant) => context.addresses[variant] === table.presale.toBase58());
  const ours = tables.filter((table) => variantOf(table) !== undefined);
  const retiring = ours.filter((table) => finished(variantOf(table)!));
  let recovered = 0n;
  if (retiring.length > 0 && context.running()) {
    const result = await chain.retireBuyerTables(retiring, key.keypair);
    for (let i = 0; i < result.transactions; i++) context.metrics.transaction('table', 'confirmed');
    if (result.feeLamports > 0n) context.metrics.fees(result.feeLamports);
    for (const error of result.errors) {
      context.metrics.transaction('table', 'failed');
      context.log.warn({ err: error }, 'keeper could not retire a buyer lookup table');
    }
    recovered = result.recoveredLamports;
    if (result.deactivated + result.closed > 0) {
      context.log.info(
        { deactivated: result.deactivated, closed: result.closed, recovered: String(recovered) },
        'keeper retired buyer lookup tables',
      );
    }
  }
  const held = ours.reduce((sum, table) => sum + table.lamports, 0n) - recovered;
  return { tables: ours.length, rentLamports: held };
}

/** Rent of one full buyer table: what the next one the keeper creates will hold. */
export function fullTableRent(chain: KeeperChain): Promise<bigint> {
  return chain.rentExemption(lookupTableBytes(LOOKUP_TABLE_CAPACITY));
}

export { BUYERS_PER_TABLE };
