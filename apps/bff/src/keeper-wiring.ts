import {
  extendBuyerTables,
  finalizePresale,
  listBuyerRecords,
  listBuyerTables,
  planDistribution,
  planRefunds,
  readChainTime,
  readDistributionPresale,
  readLookupTable,
  retireBuyerTables,
  sendDistribution,
  sendRefunds,
  usableBuyerTables,
  waitForSlotAfter,
  type DistributionPresale,
} from '@fbt/distribution';
import type { Deployment } from '@fbt/domain';
import { PublicKey, type AddressLookupTableAccount, type Connection } from '@solana/web3.js';
import type { KeeperChain, KeeperDeps } from './app-deps';
import type { Config } from './config';
import { keeperKeyLoader } from './keeper-key';
import { fromRepoRoot } from './repo-root';

/**
 * The presale's buyer tables `payer` owns, as usable now: when a table was extended in the
 * current slot, waits for the next one first (its new addresses load from then on).
 */
async function buyerTablesNow(
  connection: Connection,
  payer: PublicKey,
  presale: DistributionPresale,
) {
  const tables = await listBuyerTables(connection, payer, presale.address);
  if (tables.length === 0) return [];
  let slot = await connection.getSlot('confirmed');
  const lastExtended = Math.max(...tables.map((table) => table.lastExtendedSlot));
  if (lastExtended >= slot) slot = await waitForSlotAfter(connection, lastExtended);
  return usableBuyerTables(tables, slot);
}

/**
 * The keeper's chain work over `@fbt/distribution` and one connection: the deployment's lookup
 * table (its presales' fixed accounts) read once, when it has one, and loaded by every batch,
 * with the presale's buyer tables the keeper's key built during the sale.
 */
export function createKeeperChain(options: {
  readonly connection: Connection;
  readonly deployment: Deployment;
  readonly priorityFeeMicroLamports: number;
}): KeeperChain {
  const { connection, deployment } = options;
  const programId = new PublicKey(deployment.programId);
  let tables: Promise<AddressLookupTableAccount[]> | null = null;
  const lookupTables = () => {
    if (deployment.lookupTable === undefined) return Promise.resolve([]);
    tables ??= readLookupTable(connection, new PublicKey(deployment.lookupTable)).then(
      (table) => [table],
      (error: unknown) => {
        tables = null;
        throw error;
      },
    );
    return tables;
  };
  return {
    readPresale: (address) =>
      readDistributionPresale(connection, programId, new PublicKey(address)),
    chainTime: () => readChainTime(connection),
    balance: async (address) => BigInt(await connection.getBalance(address, 'confirmed')),
    listBuyerRecords: (presale) => listBuyerRecords(connection, programId, presale.address),
    finalize: async (presale, payer) =>
      finalizePresale({
        connection,
        programId,
        presale: presale.address,
        payer,
        lookupTables: await lookupTables(),
      }),
    planDistribution: async (presale, records, now, payer) =>
      planDistribution({
        connection,
        programId,
        presale,
        payer,
        records,
        now,
        lookupTables: await lookupTables(),
        buyerTables: await buyerTablesNow(connection, payer, presale),
        priorityFeeMicroLamports: options.priorityFeeMicroLamports,
      }),
    sendDistribution: async (plan, payer, sending) =>
      sendDistribution(plan, {
        connection,
        payer,
        lookupTables: await lookupTables(),
        ...sending,
      }),
    listBuyerTables: (authority, presale) =>
      listBuyerTables(connection, authority, presale?.address),
    extendBuyerTables: (presale, records, payer, minBuyers) =>
      extendBuyerTables({
        connection,
        payer,
        presale: presale.address,
        mint: new PublicKey(presale.mint),
        records,
        minBuyers,
      }),
    retireBuyerTables: async (tables, payer) =>
      retireBuyerTables({
        connection,
        payer,
        tables,
        slot: await connection.getSlot('confirmed'),
      }),
    planRefunds: async (presale, records, payer) =>
      planRefunds({
        programId,
        presale,
        records,
        payer,
        lookupTables: await lookupTables(),
        buyerTables: await buyerTablesNow(connection, payer, presale),
        priorityFeeMicroLamports: options.priorityFeeMicroLamports,
      }),
    sendRefunds: async (batches, payer, sending) =>
      sendRefunds(batches, { connection, payer, ...sending }),
    rentExemption: async (bytes) =>
      BigInt(await connection.getMinimumBalanceForRentExemption(bytes, 'confirmed')),
  };
}

/** The keeper's ports and settings a config describes (`KEEPER_*`). */
export function keeperDepsFromConfig(
  connection: Connection,
  deployment: Deployment,
  config: Config,
): KeeperDeps {
  return {
    chain: createKeeperChain({
      connection,
      deployment,
      priorityFeeMicroLamports: config.KEEPER_PRIORITY_FEE_MICRO_LAMPORTS,
    }),
    feePayer: keeperKeyLoader(
      config.KEEPER_KEYPAIR === undefined ? null : fromRepoRoot(config.KEEPER_KEYPAIR),
    ),
    minBalanceLamports: config.KEEPER_MIN_BALANCE_SOL,
    intervalMs: config.KEEPER_INTERVAL_MS,
    vestingRoundMs: config.KEEPER_VESTING_ROUND_MS,
  };
}
