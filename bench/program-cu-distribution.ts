/**
 * The program-cu benchmark's phase for delivery at completion (see program-cu.ts): the same
 * buys on an instant presale, an at-completion one and one with a minimum raise (escrow), in the
 * same window, so their ratio is measured in one run; then Finalize, Distribute of 1 and of 28
 * buyers (one version-0 transaction with a lookup table), Claim, WithdrawUnsold after Finalize,
 * WithdrawProceeds, the escrowed commission, and Refund of a failed sale.
 */
import type { Keypair } from '@solana/web3.js';
import { LAMPORTS_PER_SOL } from '@fbt/domain';
import {
  buildBuyInstruction,
  buildBuyInstructions,
  buildClaimCommissionInstruction,
  buildClaimInstruction,
  buildDistributeInstruction,
  buildFinalizeInstruction,
  buildRefundInstruction,
  buildRegisterLeaderInstruction,
  buildSetWindowInstruction,
  buildWithdrawProceedsInstruction,
  buildWithdrawUnsoldInstruction,
  findLeaderRecordAddress,
  MAX_DISTRIBUTE_BUYERS,
  type DeliveryTerms,
} from '@fbt/presale-client';
import {
  createLookupTable,
  createPresaleFixture,
  createTestTokenAccount,
  sendVersionedTransaction,
} from '@fbt/presale-program/testing';
import { seeded, type BenchChain, type BenchPresale } from './program-cu-chain';

const SOL = LAMPORTS_PER_SOL;
const LIMITS = {
  minUserBuyable: SOL / 100n,
  maxUserBuyable: 100n * SOL,
  maxTotalBuyable: 1_000n * SOL,
};
const WINDOW = 3_600n;
/** Buy and BuyWith at completion may cost at most this much more than instant. */
export const AT_COMPLETION_BUY_RATIO = 1.1;
/** The latest accepted sale end may add at most this to a buy. */
export const LATEST_END_UNITS = 40;
/** Distribute may spend at most this per buyer. */
export const DISTRIBUTE_UNITS_PER_BUYER = 2_000;

/** A check of the benchmark: name, measured units, the most allowed. */
export type CuCheck = [string, number, number];

function presale(bench: BenchChain, tag: number, terms?: DeliveryTerms): BenchPresale {
  const fixture = createPresaleFixture({
    ...bench.chain,
    limits: LIMITS,
    presaleKeypair: seeded(tag),
    ...(terms ? { terms } : {}),
  });
  const now = bench.svm.getClock().unixTimestamp;
  bench.run(
    [
      buildSetWindowInstruction({
        programId: bench.programId,
        seller: fixture.seller.publicKey,
        presale: fixture.presale,
        start: now - 60n,
        end: now + WINDOW,
      }),
    ],
    [fixture.seller],
  );
  return fixture;
}

/**
 * A first buy (creating the ATA and the record), then the repeat BuyWith and Buy measured,
 * without and with the latest accepted sale end (the window's own end: accepted).
 */
function repeatBuys(bench: BenchChain, fixture: BenchPresale, buyer: Keypair, label: string) {
  const params = fixture.buyParams(buyer.publicKey, SOL);
  bench.run(buildBuyInstructions({ ...params, createBuyerTokenAccount: true }), [buyer]);
  const bounded = { ...params, latestEnd: bench.svm.getClock().unixTimestamp + WINDOW };
  return {
    buyWith: bench.unitsFor(
      `buy, repeat, ${label} (BuyWith)`,
      bench.run(buildBuyInstructions(params), [buyer]),
    ),
    buy: bench.unitsFor(
      `buy, repeat, ${label} (Buy, tag 1)`,
      bench.run([buildBuyInstruction(params)], [buyer]),
    ),
    buyWithEnd: bench.unitsFor(
      `buy, repeat, ${label} (BuyWith, latest end)`,
      bench.run(buildBuyInstructions(bounded), [buyer]),
    ),
    buyEnd: bench.unitsFor(
      `buy, repeat, ${label} (Buy, tag 1, latest end)`,
      bench.run([buildBuyInstruction(bounded)], [buyer]),
    ),
  };
}

function setNow(bench: BenchChain, unix: bigint): void {
  const clock = bench.svm.getClock();
  clock.unixTimestamp = unix;
  bench.svm.setClock(clock);
}

/** Distribute of one buyer, then of 28 in one version-0 transaction; returns CU per buyer. */
function measureDistribute(bench: BenchChain, fixture: BenchPresale, buyers: Keypair[]) {
  const { svm, programId, payer, unitsFor } = bench;
  const vault = {
    programId,
    presale: fixture.presale,
    tempTokenAccount: fixture.tempTokenAccount,
    mint: fixture.mint,
  };
  const [first, ...rest] = buyers;
  if (!first) throw new Error('no buyers');
  const one = unitsFor(
    'distribute, 1 buyer',
    bench.run(
      [buildDistributeInstruction({ ...vault, buyers: [{ buyer: first.publicKey }] })],
      [payer],
    ),
  );
  const ix = buildDistributeInstruction({
    ...vault,
    buyers: rest.map((b) => ({ buyer: b.publicKey })),
  });
  const table = createLookupTable(
    svm,
    payer,
    ix.keys.map((meta) => meta.pubkey),
  );
  const sent = sendVersionedTransaction(svm, [ix], [payer], [table]);
  if (!sent.ok) throw new Error(`distribute of ${rest.length}: ${sent.error}`);
  const many = unitsFor(`distribute, ${rest.length} buyers (v0 transaction, ${sent.size} bytes)`, [
    ...sent.logs,
  ]);
  return {
    perBuyer: Math.ceil(many / rest.length),
    marginal: Math.ceil((many - one) / (rest.length - 1)),
  };
}

/** A first buy of `lamports` by `buyer` (its ATA created). */
function firstBuy(bench: BenchChain, fixture: BenchPresale, buyer: Keypair): void {
  bench.run(
    buildBuyInstructions({
      ...fixture.buyParams(buyer.publicKey, SOL),
      createBuyerTokenAccount: true,
    }),
    [buyer],
  );
}

/** The four presales and their buyers: the same repeat buys measured on the first three. */
function setUpSales(bench: BenchChain) {
  const { fund, run, programId } = bench;
  const instant = presale(bench, 30);
  const atCompletion = presale(bench, 31, { mode: 'at-completion' });
  const escrow = presale(bench, 32, { mode: 'at-completion', minimumRaise: 2n * SOL });
  const failing = presale(bench, 33, {
    mode: 'at-completion',
    // The highest minimum raise allowed: what a sold-out sale has raised at the least.
    minimumRaise: LIMITS.maxTotalBuyable - LIMITS.minUserBuyable + 1n,
  });
  const buyer = fund(seeded(34), 1_000n);
  const buys = {
    base: repeatBuys(bench, instant, buyer, 'instant, in a window'),
    later: repeatBuys(bench, atCompletion, buyer, 'at completion'),
    escrowed: repeatBuys(bench, escrow, buyer, 'at completion, escrow'),
  };
  // 29 buyers of the at-completion presale (the one above included): 1 + 28 to distribute.
  const buyers = [
    buyer,
    ...Array.from({ length: MAX_DISTRIBUTE_BUYERS }, (_, i) => fund(seeded(35, i), 10n)),
  ];
  for (const b of buyers.slice(1)) firstBuy(bench, atCompletion, b);
  const claimer = fund(seeded(36), 10n);
  firstBuy(bench, atCompletion, claimer);
  const refunded = fund(seeded(37), 10n);
  firstBuy(bench, failing, refunded);
  const leader = fund(seeded(38), 1n);
  const seller = { programId, seller: escrow.seller.publicKey, presale: escrow.presale };
  const register = buildRegisterLeaderInstruction({
    ...seller,
    code: 'escrow1',
    leaderWallet: leader.publicKey,
  });
  run([register], [escrow.seller]);
  const [leaderRecord] = findLeaderRecordAddress(programId, escrow.presale, 'escrow1');
  run(buildBuyInstructions({ ...escrow.buyParams(buyer.publicKey, SOL), leaderRecord }), [buyer]);
  return { atCompletion, escrow, failing, buyers, claimer, refunded, leader, leaderRecord, buys };
}

/** After the window: Finalize of each, Distribute, Claim, the withdrawals, commission, Refund. */
function measureSettlement(bench: BenchChain, sales: ReturnType<typeof setUpSales>) {
  const { run, unitsFor, programId } = bench;
  const { atCompletion, escrow, failing, leader, leaderRecord } = sales;
  setNow(bench, bench.svm.getClock().unixTimestamp + WINDOW);
  for (const [fixture, label] of [
    [atCompletion, 'finalize (window ended, succeeded)'],
    [escrow, 'finalize (escrow, succeeded)'],
    [failing, 'finalize (escrow, failed)'],
  ] as const) {
    unitsFor(label, run([buildFinalizeInstruction(fixture)], [bench.payer]));
  }
  const distributed = measureDistribute(bench, atCompletion, sales.buyers);
  const vault = {
    programId,
    presale: atCompletion.presale,
    tempTokenAccount: atCompletion.tempTokenAccount,
    mint: atCompletion.mint,
  };
  const claim = buildClaimInstruction({ ...vault, buyer: sales.claimer.publicKey });
  unitsFor('claim', run([claim], [sales.claimer]));
  const destinationTokenAccount = createTestTokenAccount(bench.svm, {
    payer: atCompletion.seller,
    mint: atCompletion.mint,
    owner: atCompletion.seller.publicKey,
  });
  const seller = atCompletion.seller.publicKey;
  const unsold = buildWithdrawUnsoldInstruction({ ...vault, seller, destinationTokenAccount });
  unitsFor(
    'withdraw unsold (after Finalize, less what is owed)',
    run([unsold], [atCompletion.seller]),
  );
  const proceeds = buildWithdrawProceedsInstruction({
    programId,
    seller: escrow.seller.publicKey,
    presale: escrow.presale,
  });
  unitsFor('withdraw proceeds (escrow)', run([proceeds], [escrow.seller]));
  const commission = buildClaimCommissionInstruction({
    programId,
    leaderWallet: leader.publicKey,
    leaderRecord,
    presale: escrow.presale,
  });
  unitsFor('claim commission (from the escrow)', run([commission], [leader]));
  const refund = buildRefundInstruction({
    programId,
    presale: failing.presale,
    buyer: sales.refunded.publicKey,
  });
  unitsFor('refund (failed sale, closes the record)', run([refund], [bench.payer]));
  return distributed;
}

/** A difference of units with its sign. */
const signed = (units: number): string => (units < 0 ? `${units}` : `+${units}`);

/** Everything at completion; returns the checks to print and hold. */
export function measureDistribution(bench: BenchChain): { checks: CuCheck[]; note: string } {
  const sales = setUpSales(bench);
  const { perBuyer, marginal } = measureSettlement(bench, sales);
  const { base, later, escrowed } = sales.buys;
  const most = (units: number) => Math.floor(units * AT_COMPLETION_BUY_RATIO);
  return {
    checks: [
      ['BuyWith at completion', later.buyWith, most(base.buyWith)],
      ['Buy at completion', later.buy, most(base.buy)],
      ['BuyWith with escrow', escrowed.buyWith, most(base.buyWith)],
      ['Buy with escrow', escrowed.buy, most(base.buy)],
      ['BuyWith at completion, latest end', later.buyWithEnd, later.buyWith + LATEST_END_UNITS],
      ['Buy at completion, latest end', later.buyEnd, later.buy + LATEST_END_UNITS],
      [
        `distribute per buyer (${MAX_DISTRIBUTE_BUYERS} in one tx)`,
        perBuyer,
        DISTRIBUTE_UNITS_PER_BUYER,
      ],
    ],
    note: `at completion / instant: BuyWith x${(later.buyWith / base.buyWith).toFixed(2)}, Buy x${(later.buy / base.buy).toFixed(2)}, escrow BuyWith x${(escrowed.buyWith / base.buyWith).toFixed(2)}; latest end ${signed(later.buyWithEnd - later.buyWith)} BuyWith, ${signed(later.buyEnd - later.buy)} Buy; distribute ${marginal} CU per further buyer`,
  };
}
