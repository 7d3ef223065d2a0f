import { formatFixed, formatSol } from '@fbt/domain';
import {
  DistributionError,
  planDistribution,
  readDistributionPresale,
  readLookupTable,
  sendDistribution,
  type DistributionPlan,
  type DistributionResult,
} from '@fbt/distribution';
import { PublicKey, type AddressLookupTableAccount, type Keypair } from '@solana/web3.js';
import type { CliIo } from './commands/command';
import { OperatorError } from './operator-error';
import type { SaleTarget } from './options/sale-target';
import { requireAtCompletion } from './presale-completion';
import { readDeploymentFile } from './seed';

/**
 * The deployment's lookup table (the presales' fixed accounts, `lookupTable` in the deployment
 * file the target was read from), for the batches to load from; none without one.
 */
export async function deploymentLookupTables(
  target: SaleTarget,
): Promise<AddressLookupTableAccount[]> {
  if (target.deploymentFile === null) return [];
  const address = readDeploymentFile(target.deploymentFile).lookupTable;
  if (address === undefined) return [];
  return [await readLookupTable(target.connection, new PublicKey(address))];
}

/** A library failure as the CLI reports it (exit code 1, the program's error and logs). */
export function operatorFailure(error: unknown): unknown {
  return error instanceof DistributionError
    ? new OperatorError(error.message, 1, error.logs)
    : error;
}

/** Reads the presale and plans what `distribute` would send (refusing what it cannot). */
export async function planSaleDistribution(
  target: SaleTarget,
  payer: PublicKey,
  lookupTables: readonly AddressLookupTableAccount[],
): Promise<DistributionPlan> {
  try {
    const presale = await readDistributionPresale(
      target.connection,
      target.programId,
      target.presale,
    );
    requireAtCompletion(target.presale, presale);
    if (presale.status === 'open' || presale.status === 'sold-out') {
      throw new OperatorError(
        `presale ${target.presale.toBase58()} is not finalized (status ${presale.status}): run \`finalize --presale ${target.presale.toBase58()}\` once it is complete`,
      );
    }
    return await planDistribution({
      connection: target.connection,
      programId: target.programId,
      presale,
      payer,
      lookupTables,
    });
  } catch (error) {
    throw operatorFailure(error);
  }
}

/** The plan as `--dry-run` prints it: who is due, each transaction, what it costs. */
export function planJson(plan: DistributionPlan) {
  const decimals = plan.presale.decimals;
  return {
    presale: plan.presale.address.toBase58(),
    chainTime: new Date(Number(plan.now) * 1000).toISOString(),
    buyers: plan.records.length,
    buyersDelivered: plan.presale.buyersDelivered,
    due: plan.due.length,
    tokensDue: { baseUnits: plan.tokens, display: `${formatFixed(plan.tokens, decimals)} FBT` },
    unreachable: plan.unreachable.map((entry) => ({
      buyer: entry.buyer.toBase58(),
      reason: entry.reason,
    })),
    transactions: plan.batches.map((batch) => ({
      buyers: batch.targets.map((target) => target.buyer.toBase58()),
      createsTokenAccounts: batch.targets
        .filter((target) => target.create)
        .map((target) => target.tokenAccount.toBase58()),
      bytes: batch.bytes,
      accounts: batch.accounts,
      computeUnitLimit: batch.computeUnitLimit,
    })),
    feeLamports: plan.feeLamports,
    rentLamports: plan.rentLamports,
    cost: `${formatSol(plan.feeLamports + plan.rentLamports)} SOL`,
  };
}

/** Sends the plan, a progress line per transaction on stderr. */
export async function sendSaleDistribution(
  target: SaleTarget,
  plan: DistributionPlan,
  payer: Keypair,
  lookupTables: readonly AddressLookupTableAccount[],
  io: CliIo,
): Promise<DistributionResult> {
  let done = 0;
  const total = plan.batches.length;
  return sendDistribution(plan, {
    connection: target.connection,
    payer,
    lookupTables,
    onBatch: (outcome) => {
      done++;
      const buyers = `${outcome.batch.targets.length} buyers`;
      // A batch refused for one buyer is sent again in parts: more transactions than planned.
      const of = `${done} of ${Math.max(done, total)}`;
      io.stderr(
        'confirmed' in outcome
          ? `distribute: transaction ${of} confirmed (${buyers}) ${outcome.confirmed.signature}`
          : 'isolated' in outcome
            ? `distribute: transaction ${of} refused for its one buyer, left to its Claim: ${outcome.error.message}`
            : `distribute: transaction ${of} failed (${buyers}): ${outcome.error.message}`,
      );
    },
  });
}
