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

/** A first buy (creating the ATA and the record), then the repeat BuyWith and Buy measured. */
function repeatBuys(bench: BenchChain, fixture: BenchPresale, buyer: Keypair, label: string) {
  const params = fixture.buyParams(buyer.publicKey, SOL);
  bench.run(buildBuyInstructions({ ...params, createBuyerTokenAccount: true }), [buyer]);
  return {
    buyWith: bench.unitsFor(
      `buy, repeat, ${label} (BuyWith)`,
      bench.run(buildBuyInstructions(params), [buyer]),
    ),
    buy: bench.unitsFor(
      `buy, repeat, ${label} (Buy, tag 1)`,
      bench.run([buildBuyInstruction(params)], [buyer]),
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

/** Everything at completion; returns the checks to print and hold. */
export function measureDistribution(bench: BenchChain): { checks: CuCheck[]; note: string } {
  const { fund, run, unitsFor, programId } = bench;
  const instant = presale(bench, 30);
  const atCompletion = presale(bench, 31, { mode: 'at-completion' });
  const escrow = presale(bench, 32, { mode: 'at-completion', minimumRaise: 2n * SOL });
  const failing = presale(bench, 33, {
    mode: 'at-completion',
    minimumRaise: LIMITS.maxTotalBuyable,
  });
  const buyer = fund(seeded(34), 1_000n);
  const base = repeatBuys(bench, instant, buyer, 'instant, in a window');
  const later = repeatBuys(bench, atCompletion, buyer, 'at completion');
  const escrowed = repeatBuys(bench, escrow, buyer, 'at completion, escrow');

  // 29 buyers of the at-completion presale (the one above included): 1 + 28 to distribute.
  const buyers = [
    buyer,
    ...Array.from({ length: MAX_DISTRIBUTE_BUYERS }, (_, i) => fund(seeded(35, i), 10n)),
  ];
  for (const b of buyers.slice(1)) {
    run(
      buildBuyInstructions({
        ...atCompletion.buyParams(b.publicKey, SOL),
        createBuyerTokenAccount: true,
      }),
      [b],
    );
  }
  const claimer = fund(seeded(36), 10n);
  run(
    buildBuyInstructions({
      ...atCompletion.buyParams(claimer.publicKey, SOL),
      createBuyerTokenAccount: true,
    }),
    [claimer],
  );
  const refunded = fund(seeded(37), 10n);
  run(
    buildBuyInstructions({
      ...failing.buyParams(refunded.publicKey, SOL),
      createBuyerTokenAccount: true,
    }),
    [refunded],
  );
  const leader = fund(seeded(38), 1n);
  const seller = { programId, seller: escrow.seller.publicKey, presale: escrow.presale };
  run(
    [
      buildRegisterLeaderInstruction({
        ...seller,
        code: 'escrow1',
        leaderWallet: leader.publicKey,
      }),
    ],
    [escrow.seller],
  );
  const [leaderRecord] = findLeaderRecordAddress(programId, escrow.presale, 'escrow1');
  run(buildBuyInstructions({ ...escrow.buyParams(buyer.publicKey, SOL), leaderRecord }), [buyer]);

  setNow(bench, bench.svm.getClock().unixTimestamp + WINDOW);
  for (const [fixture, label] of [
    [atCompletion, 'finalize (window ended, succeeded)'],
    [escrow, 'finalize (escrow, succeeded)'],
    [failing, 'finalize (escrow, failed)'],
  ] as const) {
    unitsFor(label, run([buildFinalizeInstruction(fixture)], [bench.payer]));
  }
  const { perBuyer, marginal } = measureDistribute(bench, atCompletion, buyers);
  const vault = {
    programId,
    presale: atCompletion.presale,
    tempTokenAccount: atCompletion.tempTokenAccount,
    mint: atCompletion.mint,
  };
  unitsFor(
    'claim',
    run([buildClaimInstruction({ ...vault, buyer: claimer.publicKey })], [claimer]),
  );
  const destination = createTestTokenAccount(bench.svm, {
    payer: atCompletion.seller,
    mint: atCompletion.mint,
    owner: atCompletion.seller.publicKey,
  });
  unitsFor(
    'withdraw unsold (after Finalize, less what is owed)',
    run(
      [
        buildWithdrawUnsoldInstruction({
          ...vault,
          seller: atCompletion.seller.publicKey,
          destinationTokenAccount: destination,
        }),
      ],
      [atCompletion.seller],
    ),
  );
  unitsFor(
    'withdraw proceeds (escrow)',
    run([buildWithdrawProceedsInstruction(seller)], [escrow.seller]),
  );
  unitsFor(
    'claim commission (from the escrow)',
    run(
      [
        buildClaimCommissionInstruction({
          programId,
          leaderWallet: leader.publicKey,
          leaderRecord,
          presale: escrow.presale,
        }),
      ],
      [leader],
    ),
  );
  unitsFor(
    'refund (failed sale, closes the record)',
    run(
      [buildRefundInstruction({ programId, presale: failing.presale, buyer: refunded.publicKey })],
      [bench.payer],
    ),
  );

  const most = (units: number) => Math.floor(units * AT_COMPLETION_BUY_RATIO);
  return {
    checks: [
      ['BuyWith at completion', later.buyWith, most(base.buyWith)],
      ['Buy at completion', later.buy, most(base.buy)],
      ['BuyWith with escrow', escrowed.buyWith, most(base.buyWith)],
      ['Buy with escrow', escrowed.buy, most(base.buy)],
      [
        `distribute per buyer (${MAX_DISTRIBUTE_BUYERS} in one tx)`,
        perBuyer,
        DISTRIBUTE_UNITS_PER_BUYER,
      ],
    ],
    note: `at completion / instant: BuyWith x${(later.buyWith / base.buyWith).toFixed(2)}, Buy x${(later.buy / base.buy).toFixed(2)}, escrow BuyWith x${(escrowed.buyWith / base.buyWith).toFixed(2)}; distribute ${marginal} CU per further buyer`,
  };
}
