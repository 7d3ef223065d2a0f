/**
 * Buyer lookup tables built during the sale, against today's way without them, on the local
 * chain, each way on a twin presale the same buyers buy in the same transaction, each paid by a
 * keeper key of its own (its balance tells the fees and rent):
 *
 * 1. one round, 10,000 buyers (`BENCH_BUYERS`): while they buy, the keeper appends each 480 new
 *    buyers to the tables (its look while the sale runs); from completion (the last buy) to the
 *    last delivery: the last buyers appended, Finalize, the records read, the Distribute
 *    transactions (`BENCH_IN_FLIGHT` in flight). Then the tables deactivated and, after their
 *    cool-down, closed.
 * 2. a vesting sale (25% at completion, a one-hour cliff, fully unlocked at three hours; 2,000
 *    buyers, `BENCH_VESTING_BUYERS`): its four rounds, the chain's clock moved to each.
 * 3. a failed sale's refunds (2,000 buyers, `BENCH_REFUND_BUYERS`): every buyer refunded.
 *
 * Prints transactions (Distribute, tables, all), buyers per Distribute, fees, rent locked and
 * recovered, wall time, and the ratios. Asserts nothing. The local chain runs 50 ms slots: on a
 * cluster each confirmation takes a 400 ms slot or more, and the transaction count is what the
 * wall time follows there.
 *
 * Run: npm run distribution-tables -w @fbt/bench
 */
import { listBuyerTables, finalizePresale } from '@fbt/distribution';
import { SOL, startDistributionChain, type TestPresale } from '@fbt/distribution/testing';
import { formatSol } from '@fbt/domain';
import type { DeliveryTerms } from '@fbt/presale-client';
import {
  buyWithExtensions,
  distributeRound,
  fixedTable,
  refundAll,
  retireTables,
  type Measured,
  type Round,
} from './distribution-tables-steps';

const BUYERS = Number(process.env.BENCH_BUYERS ?? 10_000);
const VESTING_BUYERS = Number(process.env.BENCH_VESTING_BUYERS ?? 2_000);
const REFUND_BUYERS = Number(process.env.BENCH_REFUND_BUYERS ?? 2_000);
const IN_FLIGHT = Number(process.env.BENCH_IN_FLIGHT ?? 8);
const EACH = SOL / 10n;
const LOOK_EVERY = 480;

const chain = await startDistributionChain();
const log = (line: string) => console.log(line);
const seconds = (ms: number) => `${(ms / 1000).toFixed(1)} s`;
const sol = (lamports: bigint) => `${formatSol(lamports)} SOL`;
const ratio = (a: number, b: number) => `x${(a / b).toFixed(3)}`;
const [tabledKeeper, plainKeeper] = await chain.fundedKeypairs(2, 1_000n * SOL);
const keeperT = tabledKeeper!;
const keeperP = plainKeeper!;

/**
 * Twin presales of `count` buyers of 0.1 SOL, sold out by the last; with `saleEnd`, room for
 * twice as many (the sale ends by its window, below a minimum raise `terms` may set).
 */
async function twins(count: number, terms?: DeliveryTerms, saleEnd?: bigint) {
  const limits = {
    minUserBuyable: EACH,
    maxUserBuyable: EACH,
    maxTotalBuyable: BigInt(saleEnd === undefined ? count : 2 * count) * EACH,
  };
  const make = () =>
    chain.createPresale({
      limits,
      ...(terms === undefined ? {} : { terms }),
      ...(saleEnd === undefined ? {} : { saleEnd }),
    });
  const sales: [TestPresale, TestPresale] = [await make(), await make()];
  const buyers = await chain.fundedKeypairs(count, 3n * EACH);
  const fixed = await fixedTable(chain, sales);
  const build = await buyWithExtensions({
    chain,
    sales,
    buyers,
    each: EACH,
    tabled: [sales[0]],
    keeper: keeperT,
    lookEvery: LOOK_EVERY,
    log,
  });
  const tables = await listBuyerTables(chain.connection, keeperT.publicKey, sales[0].presale);
  const locked = tables.reduce((sum, table) => sum + table.lamports, 0n);
  log(
    `  during the sale: ${build.transactions} table transactions (${tables.length} tables), ${sol(build.fees)} fees, ${sol(locked)} rent locked, ${seconds(build.ms)}`,
  );
  return { sales, fixed, build, tables: tables.length, locked };
}

const header = `${''.padEnd(34)}${'Distribute'.padStart(11)}${'buyers/tx'.padStart(11)}${'all txs'.padStart(9)}${'fees'.padStart(16)}${'wall'.padStart(9)}`;
const row = (name: string, round: Round, extra = 0, extraFees = 0n) =>
  `${name.padEnd(34)}${String(round.distributes).padStart(11)}${(round.buyers / Math.max(1, round.distributes)).toFixed(2).padStart(11)}${String(round.transactions + extra).padStart(9)}${sol(round.fees + extraFees).padStart(16)}${seconds(round.ms).padStart(9)}`;

// 1. One round, 10,000 buyers.
log(`1. one round: ${BUYERS} buyers (50 ms slots, ${IN_FLIGHT} in flight)`);
const one = await twins(BUYERS);
const tabled = await distributeRound({
  chain,
  sale: one.sales[0],
  keeper: keeperT,
  fixed: one.fixed,
  withTables: true,
  finalize: true,
  inFlight: IN_FLIGHT,
});
const plain = await distributeRound({
  chain,
  sale: one.sales[1],
  keeper: keeperP,
  fixed: one.fixed,
  withTables: false,
  finalize: true,
  inFlight: IN_FLIGHT,
});
const retired = await retireTables(chain, keeperT, one.sales[0]);
log('');
log(`completion to the last delivery (all txs: Finalize, tables at completion, Distribute)`);
log(header);
log(row('tables built during the sale', tabled));
log(row('no buyer tables (today, 14/tx)', plain));
log(
  `Distribute ${ratio(tabled.distributes, plain.distributes)}, wall time ${ratio(tabled.ms, plain.ms)}; ${tabled.flush} extension(s) at completion; failed ${tabled.failed}/${plain.failed}`,
);
const tableTxs = one.build.transactions + tabled.flush + retired.transactions;
log(
  `the whole life with tables: ${one.build.transactions} extensions during the sale + ${tabled.flush} at completion + ${retired.transactions} deactivate/close = ${tableTxs} table txs; all txs ${tabled.transactions - tabled.flush + tableTxs} against ${plain.transactions}; fees ${sol(one.build.fees + tabled.fees + retired.fees)} against ${sol(plain.fees)}`,
);
log(
  `rent: ${sol(one.locked)} locked in ${one.tables} tables during the sale and ${sol(tabled.rent)} at completion, ${sol(retired.recovered)} recovered at close (cool-down ${seconds(retired.cooldownMs)} at 50 ms slots)`,
);

// 2. A vesting sale, round by round.
log('');
log(`2. a vesting sale: ${VESTING_BUYERS} buyers, 25% at completion, cliff 1 h, end 3 h`);
const vesting = await twins(VESTING_BUYERS, {
  mode: 'at-completion',
  vesting: { unlockedAtCompletionBps: 2_500, cliffSeconds: 3_600, vestingSeconds: 10_800 },
});
const totals = { tabled: [] as Round[], plain: [] as Round[] };
log(header);
for (let round = 0; round < 4; round++) {
  if (round > 0) chain.localnet.chain.advanceClock(3_600);
  const options = { chain, fixed: vesting.fixed, finalize: round === 0, inFlight: IN_FLIGHT };
  const t = await distributeRound({
    ...options,
    sale: vesting.sales[0],
    keeper: keeperT,
    withTables: true,
  });
  const p = await distributeRound({
    ...options,
    sale: vesting.sales[1],
    keeper: keeperP,
    withTables: false,
  });
  totals.tabled.push(t);
  totals.plain.push(p);
  log(row(`round ${round + 1}, tables`, t));
  log(row(`round ${round + 1}, none`, p));
}
const vestingRetired = await retireTables(chain, keeperT, vesting.sales[0]);
const sum = (rounds: readonly Round[], pick: (round: Round) => number) =>
  rounds.reduce((total, round) => total + pick(round), 0);
const sumFees = (rounds: readonly Round[]) => rounds.reduce((total, r) => total + r.fees, 0n);
const vestingTableTxs = vesting.build.transactions + vestingRetired.transactions;
log(
  `4 rounds: Distribute ${sum(totals.tabled, (r) => r.distributes)} against ${sum(totals.plain, (r) => r.distributes)}; all txs with the tables' ${vestingTableTxs} (during the sale, deactivate, close) ${sum(totals.tabled, (r) => r.transactions) + vestingTableTxs} against ${sum(totals.plain, (r) => r.transactions)}; fees ${sol(sumFees(totals.tabled) + vesting.build.fees + vestingRetired.fees)} against ${sol(sumFees(totals.plain))}; wall ${seconds(sum(totals.tabled, (r) => r.ms))} against ${seconds(sum(totals.plain, (r) => r.ms))}; rent ${sol(vesting.locked + (totals.tabled[0]?.rent ?? 0n))} locked, ${sol(vestingRetired.recovered)} recovered`,
);

// 3. Refunds of a failed sale.
log('');
log(`3. refunds: ${REFUND_BUYERS} buyers of a sale below its minimum raise`);
const end = BigInt(chain.localnet.chain.blockTime()) + 3_600n;
const failing = await twins(
  REFUND_BUYERS,
  { mode: 'at-completion', minimumRaise: BigInt(REFUND_BUYERS + 1) * EACH },
  end,
);
chain.localnet.chain.advanceClock(3_700);
for (const [sale, payer] of [
  [failing.sales[0], keeperT],
  [failing.sales[1], keeperP],
] as const) {
  await finalizePresale({
    connection: chain.connection,
    programId: chain.programId,
    presale: sale.presale,
    payer,
  });
}
const refundOptions = { chain, fixed: failing.fixed, inFlight: IN_FLIGHT };
const refundT = await refundAll({
  ...refundOptions,
  sale: failing.sales[0],
  keeper: keeperT,
  withTables: true,
});
const refundP = await refundAll({
  ...refundOptions,
  sale: failing.sales[1],
  keeper: keeperP,
  withTables: false,
});
const refundRow = (name: string, measured: Measured & { perTransaction: number }) =>
  `${name.padEnd(34)}${String(measured.transactions).padStart(11)}${measured.perTransaction.toFixed(2).padStart(11)}${sol(measured.fees).padStart(16)}${seconds(measured.ms).padStart(9)}`;
log(
  `${''.padEnd(34)}${'Refund txs'.padStart(11)}${'per tx'.padStart(11)}${'fees'.padStart(16)}${'wall'.padStart(9)}`,
);
log(refundRow('records from the sale’s tables', refundT));
log(refundRow('no buyer tables', refundP));
log(
  `transactions ${ratio(refundT.transactions, refundP.transactions)}, wall ${ratio(refundT.ms, refundP.ms)} (the tables were built during the sale: ${failing.build.transactions} txs)`,
);
await chain.stop();
