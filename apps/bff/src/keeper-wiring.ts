import {
  listBuyerRecords,
  finalizePresale,
  planDistribution,
  readChainTime,
  readDistributionPresale,
  readLookupTable,
  sendDistribution,
} from '@fbt/distribution';
import type { Deployment } from '@fbt/domain';
import { PublicKey, type AddressLookupTableAccount, type Connection } from '@solana/web3.js';
import type { KeeperChain, KeeperDeps } from './app-deps';
import type { Config } from './config';
import { keeperKeyLoader } from './keeper-key';
import { fromRepoRoot } from './repo-root';

/**
 * The keeper's chain work over `@fbt/distribution` and one connection: the deployment's lookup
 * table (its presales' fixed accounts) read once, when it has one, and loaded by every batch.
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
        priorityFeeMicroLamports: options.priorityFeeMicroLamports,
      }),
    sendDistribution: async (plan, payer, sending) =>
      sendDistribution(plan, {
        connection,
        payer,
        lookupTables: await lookupTables(),
        ...sending,
      }),
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
