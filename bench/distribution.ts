/**
 * Distribution at completion to many buyers on the local chain: what the BFF's keeper does
 * (`@fbt/distribution`: the buyers read from their records, Distribute transactions packed to
 * one packet each, loading the presale's fixed accounts from the deployment's lookup table),
 * against a baseline measured in the same run: the same buyers served one Distribute
 * transaction each. Two at-completion presales are sold out by the same buyers (each buys both
 * in one transaction), finalized, then distributed, one each way, by the same kind of fee payer.
 *
 * Prints, for each: transactions, fees (the fee payer's balance before and after), wall time
 * (reading the records and planning included) and its parts, and the ratios. Asserts nothing.
 * The local chain runs 50 ms slots so that the baseline's confirmations fit a run; on a real
 * cluster each confirmation takes a 400 ms slot or more and the transaction count is what the
 * wall time follows.
 *
 * Run: npm run distribution -w @fbt/bench   (BENCH_BUYERS=10000, BENCH_IN_FLIGHT=8)
 */
import {
  batchComputeUnits,
  batchInstructions,
  finalizePresale,
  listBuyerRecords,
  planDistribution,
  readDistributionPresale,
  sendDistribution,
  transactionFee,
  versionedTransactionSize,
  type DistributeBatch,
  type DistributionPlan,
} from '@fbt/distribution';
import { SOL, startDistributionChain, type TestPresale } from '@fbt/distribution/testing';
import { formatSol } from '@fbt/domain';
import { findAuthorityAddress } from '@fbt/presale-client';
import { TOKEN_PROGRAM_ID } from '@solana/spl-token';
import type { Keypair } from '@solana/web3.js';
import { PublicKey, SystemProgram, type AddressLookupTableAccount } from '@solana/web3.js';
import { buyEach } from './distribution-tables-steps';

const BUYERS = Number(process.env.BENCH_BUYERS ?? 10_000);
const IN_FLIGHT = Number(process.env.BENCH_IN_FLIGHT ?? 8);
const EACH = SOL / 10n;

const chain = await startDistributionChain();
const { connection } = chain;
const seconds = (ms: number) => `${(ms / 1000).toFixed(1)} s`;
const log = (line: string) => console.log(line);

async function measure<T>(what: string, work: () => Promise<T>): Promise<{ value: T; ms: number }> {
  const start = performance.now();
  const value = await work();
  const ms = performance.now() - start;
  log(`  ${what}: ${seconds(ms)}`);
  return { value, ms };
}

/** Two presales every buyer buys out, 0.1 SOL each, in one transaction per buyer. */
async function soldOutPair(): Promise<[TestPresale, TestPresale]> {
  const limits = {
    minUserBuyable: EACH,
    maxUserBuyable: EACH,
    maxTotalBuyable: BigInt(BUYERS) * EACH,
  };
  const sales: [TestPresale, TestPresale] = [
    await chain.createPresale({ limits }),
    await chain.createPresale({ limits }),
  ];
  const buyers = await chain.fundedKeypairs(BUYERS, 3n * EACH);
  const buy = (buyer: Keypair) => buyEach(chain, sales, buyer, EACH);
  for (let i = 0; i < buyers.length; i += 32) {
    await Promise.all(buyers.slice(i, i + 32).map(buy));
    if ((i / 32) % 50 === 0) log(`  bought: ${Math.min(i + 32, BUYERS)} of ${BUYERS}`);
  }
  return sales;
}

/** A funded fee payer of its own for one way of distributing. */
async function feePayer(): Promise<Keypair> {
  return (await chain.fundedKeypairs(1, 100n * SOL))[0]!;
}

/** One Distribute per buyer: the plan's targets, each in a transaction of its own. */
function oneEach(plan: DistributionPlan, payer: PublicKey): DistributeBatch[] {
  const context = {
    programId: chain.programId,
    presale: plan.presale.address,
    vault: new PublicKey(plan.presale.tempTokenAccountPubkey),
    authority: new PublicKey(plan.presale.authority),
    mint: chain.mint,
    payer,
    lookupTables: [] as AddressLookupTableAccount[],
    priorityFeeMicroLamports: 0,
  };
  return plan.batches
    .flatMap((batch) => batch.targets)
    .map((target) => {
      const instructions = batchInstructions(context, [target]);
      const limit = batchComputeUnits([target]);
      return {
        targets: [target],
        instructions,
        ...versionedTransactionSize(payer, instructions, []),
        computeUnitLimit: limit,
        feeLamports: transactionFee(limit, 0),
      };
    });
}

interface Outcome {
  readonly transactions: number;
  readonly failed: number;
  readonly fees: bigint;
  readonly ms: number;
  readonly planMs: number;
  readonly delivered: bigint;
}

/** Distributes a finalized presale with `payer`, one way or the other; measures it. */
async function distribute(
  sale: TestPresale,
  payer: Keypair,
  way: 'packed' | 'one-each',
  tables: readonly AddressLookupTableAccount[],
): Promise<Outcome> {
  const before = BigInt(await connection.getBalance(payer.publicKey, 'confirmed'));
  const start = performance.now();
  const planned = await measure('read the records and plan', async () => {
    const presale = await readDistributionPresale(connection, chain.programId, sale.presale);
    const records = await listBuyerRecords(connection, chain.programId, sale.presale);
    return planDistribution({
      connection,
      programId: chain.programId,
      presale,
      payer: payer.publicKey,
      records,
      lookupTables: tables,
    });
  });
  const batches =
    way === 'packed' ? planned.value.batches : oneEach(planned.value, payer.publicKey);
  const sent = await measure(`send ${batches.length} transactions, ${IN_FLIGHT} in flight`, () =>
    sendDistribution({ batches }, { connection, payer, lookupTables: tables, inFlight: IN_FLIGHT }),
  );
  const ms = performance.now() - start;
  const after = BigInt(await connection.getBalance(payer.publicKey, 'confirmed'));
  const presale = await readDistributionPresale(connection, chain.programId, sale.presale);
  return {
    transactions: sent.value.confirmed,
    failed: sent.value.failed,
    fees: before - after,
    ms,
    planMs: planned.ms,
    delivered: presale.buyersDelivered,
  };
}

log(`distribution to ${BUYERS} buyers on the local chain (50 ms slots)`);
const setup = await measure('two presales sold out by every buyer, finalized', async () => {
  const pair = await soldOutPair();
  const finalizer = await feePayer();
  for (const sale of pair) {
    await finalizePresale({
      connection,
      programId: chain.programId,
      presale: sale.presale,
      payer: finalizer,
    });
  }
  return pair;
});
const [packedSale, baselineSale] = setup.value;
const table = await chain.createLookupTable([
  packedSale.presale,
  packedSale.vault,
  findAuthorityAddress(chain.programId, packedSale.presale)[0],
  chain.mint,
  TOKEN_PROGRAM_ID,
  SystemProgram.programId,
]);

log('the keeper: one-packet batches, the fixed accounts from the lookup table');
const packed = await distribute(packedSale, await feePayer(), 'packed', [table]);
log('baseline: one Distribute transaction per buyer');
const baseline = await distribute(baselineSale, await feePayer(), 'one-each', []);

const row = (name: string, outcome: Outcome) =>
  `${name.padEnd(28)}${String(outcome.transactions).padStart(8)}${`${formatSol(outcome.fees)} SOL`.padStart(16)}${seconds(outcome.ms).padStart(10)}${seconds(outcome.planMs).padStart(12)}${`${outcome.delivered}/${BUYERS}`.padStart(14)}${String(outcome.failed).padStart(8)}`;
log('');
log(
  `${''.padEnd(28)}${'txs'.padStart(8)}${'fees'.padStart(16)}${'wall'.padStart(10)}${'of it plan'.padStart(12)}${'delivered'.padStart(14)}${'failed'.padStart(8)}`,
);
log(row('keeper (packed, table)', packed));
log(row('one buyer per transaction', baseline));
log('');
const ratio = (a: number, b: number) => `x${(a / b).toFixed(3)}`;
log(
  `transactions ${ratio(packed.transactions, baseline.transactions)}, fees ${ratio(Number(packed.fees), Number(baseline.fees))}, wall time ${ratio(packed.ms, baseline.ms)}`,
);
log(
  `buyers per transaction: ${(BUYERS / packed.transactions).toFixed(2)}; fee per buyer ${formatSol(packed.fees / BigInt(BUYERS))} SOL against ${formatSol(baseline.fees / BigInt(BUYERS))} SOL`,
);
await chain.stop();
