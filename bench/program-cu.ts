/**
 * Compute units of every presale instruction, for both shipped builds (sBPF v0 and v3).
 *
 * Runs the committed programs/presale/dist builds in litesvm and reads the units the runtime
 * charged our program from the transaction logs ("Program <id> consumed N of M compute
 * units", CPIs included). A plain SOL transfer measured in the same run is the baseline.
 *
 * Keys come from fixed seeds (program id, presale, buyers), so every figure is reproducible.
 * A first purchase checks that no bump above the buyer record's is valid: ~340 CU per higher
 * bump (half the buyers have none, a quarter one, ...); the 16 first buyers show the spread.
 * Targets (exit 1 when one is missed): plain repeat buy <= 3,700 CU, leader buy <= 5,000 CU,
 * allowlisted buy with a depth-20 proof <= 9,000 CU, worst first buy of the 16 <= 8,000 CU, and
 * a first buy on a pre-funded record address <= the ordinary one + 1,500 CU (what the site's
 * compute-limit margin always covers). At completion (program-cu-distribution.ts), measured
 * beside the same instant buys in the same run: Buy and BuyWith <= 1.1 x instant (with and
 * without a minimum raise), and Distribute of 28 buyers in one transaction <= 2,000 CU per buyer.
 *
 * Caveat: litesvm's SPL Token is p-token (~76 CU per transfer). The classic SPL Token program
 * on today's mainnet spends ~4.6k CU per TransferChecked, so add that to buy and withdraw.
 *
 * Run: npm run program-cu -w @fbt/bench
 */
import { SystemProgram, type Keypair } from '@solana/web3.js';
import { LAMPORTS_PER_SOL } from '@fbt/domain';
import {
  allowlistNode,
  buildAcceptSellerInstruction,
  buildAllowlistTree,
  buildBuyInstruction,
  buildBuyInstructions,
  buildClaimCommissionInstruction,
  buildProposeSellerInstruction,
  buildRegisterLeaderInstruction,
  buildSetActiveInstruction,
  buildSetAllowlistInstruction,
  buildSetWindowInstruction,
  buildUpdateLimitsInstruction,
  buildWithdrawUnsoldInstruction,
  findBuyerRecordAddress,
  findLeaderRecordAddress,
  PREFUNDED_RECORD_EXTRA_UNITS,
} from '@fbt/presale-client';
import { createPresaleFixture, createTestTokenAccount } from '@fbt/presale-program/testing';
import {
  benchChain,
  median,
  seeded,
  unitsOf,
  type BenchChain,
  type BenchPresale,
  type Row,
} from './program-cu-chain';
import { measureDistribution } from './program-cu-distribution';

const SOL = LAMPORTS_PER_SOL;
const TARGETS = { repeatBuy: 3_700, leaderBuy: 5_000, allowlistBuy: 9_000, firstBuy: 8_000 };
const FIRST_BUYERS = 16;

/** Initialize twice (the vault handed over by CPI, or already the PDA's); the presale to buy from. */
function measureInitialize({ chain, unitsFor }: BenchChain): BenchPresale {
  const limits = {
    minUserBuyable: SOL / 100n,
    maxUserBuyable: 100n * SOL,
    maxTotalBuyable: 10_000n * SOL,
  };
  const initialize = (tempOwner: 'seller' | 'authority', tag: number) =>
    createPresaleFixture({ ...chain, tempOwner, limits, presaleKeypair: seeded(tag) });
  unitsFor('initialize (hands vault to PDA via SetAuthority CPI)', [
    ...initialize('seller', 4).initializeOutcome.logs,
  ]);
  unitsFor('initialize (vault already owned by PDA)', [
    ...initialize('authority', 5).initializeOutcome.logs,
  ]);

  return initialize('seller', 6);
}

/**
 * First buys of 16 buyers (the spread of record bumps) and one on a pre-funded record address;
 * returns the buyers, the units of each first buy, the best one's (bump 255) and the pre-funded.
 */
function measureFirstBuys(bench: BenchChain, fixture: BenchPresale) {
  const { svm, programId, fund, run, payer, rows, unitsFor } = bench;
  const buyParams = (buyer: Keypair, lamports: bigint) =>
    fixture.buyParams(buyer.publicKey, lamports);
  const firstBuys: number[] = [];
  const buyers = Array.from({ length: FIRST_BUYERS }, (_, i) => fund(seeded(10, i), 100n));
  for (const buyer of buyers) {
    const logs = run(
      buildBuyInstructions({ ...buyParams(buyer, SOL), createBuyerTokenAccount: true }),
      [buyer],
    );
    firstBuys.push(unitsOf(programId, logs));
  }
  rows.push({
    label: `buy, first (creates record), median of ${FIRST_BUYERS}`,
    units: median(firstBuys),
  });
  rows.push({ label: `buy, first, worst of ${FIRST_BUYERS}`, units: Math.max(...firstBuys) });
  const bumps = buyers.map(
    (b) => findBuyerRecordAddress(programId, fixture.presale, b.publicKey)[1],
  );
  const best = firstBuys[bumps.indexOf(255)] ?? 0;

  // The same first buy (bump 255) after a griefer pre-funded the record address.
  let grieved: Keypair = fund(seeded(11, 0), 100n);
  for (
    let i = 1;
    findBuyerRecordAddress(programId, fixture.presale, grieved.publicKey)[1] !== 255;
    i++
  )
    grieved = fund(seeded(11, i), 100n);
  const [grievedRecord] = findBuyerRecordAddress(programId, fixture.presale, grieved.publicKey);
  run(
    [
      SystemProgram.transfer({
        fromPubkey: payer.publicKey,
        toPubkey: grievedRecord,
        lamports: Number(svm.minimumBalanceForRentExemption(0n)),
      }),
    ],
    [payer],
  );
  const prefunded = unitsFor(
    'buy, first on a pre-funded record address (bump 255)',
    run(buildBuyInstructions({ ...buyParams(grieved, SOL), createBuyerTokenAccount: true }), [
      grieved,
    ]),
  );

  return { buyers, firstBuys, bumps, best, prefunded };
}

/** Repeat buys (BuyWith and Buy, tag 1, a failing one), then a leader's and its claim. */
function measureRepeatAndLeader(bench: BenchChain, fixture: BenchPresale, repeat: Keypair) {
  const { programId, fund, run, unitsFor } = bench;
  const buyParams = (buyer: Keypair, lamports: bigint) =>
    fixture.buyParams(buyer.publicKey, lamports);
  unitsFor(
    'buy, repeat (BuyWith, as the site sends it)',
    run(buildBuyInstructions(buyParams(repeat, SOL)), [repeat]),
  );
  unitsFor(
    'buy, repeat (Buy, tag 1)',
    run([buildBuyInstruction(buyParams(repeat, SOL))], [repeat]),
  );
  unitsFor(
    'buy, failing (below minimum)',
    run(buildBuyInstructions(buyParams(repeat, 1n)), [repeat], false),
  );

  const seller = { programId, seller: fixture.seller.publicKey, presale: fixture.presale };
  const leaderWallet = fund(seeded(12), 1n);
  unitsFor(
    'register leader',
    run(
      [
        buildRegisterLeaderInstruction({
          ...seller,
          code: 'beast42',
          leaderWallet: leaderWallet.publicKey,
        }),
      ],
      [fixture.seller],
    ),
  );
  const [leaderRecord] = findLeaderRecordAddress(programId, fixture.presale, 'beast42');
  const leaderBuy = unitsFor(
    'buy, repeat, through a leader (90/10 split)',
    run(buildBuyInstructions({ ...buyParams(repeat, SOL), leaderRecord }), [repeat]),
  );
  unitsFor(
    'claim commission',
    run(
      [
        buildClaimCommissionInstruction({
          programId,
          leaderWallet: leaderWallet.publicKey,
          leaderRecord,
        }),
      ],
      [leaderWallet],
    ),
  );

  return leaderBuy;
}

/** The sale window and the allowlist (depth-20 proof), and a plain buy once both are lifted. */
function measureSaleRules(bench: BenchChain, fixture: BenchPresale, repeat: Keypair) {
  const { svm, run, unitsFor, programId } = bench;
  const seller = { programId, seller: fixture.seller.publicKey, presale: fixture.presale };
  const buyParams = (buyer: Keypair, lamports: bigint) =>
    fixture.buyParams(buyer.publicKey, lamports);
  const clock = svm.getClock();
  clock.unixTimestamp = 1_800_000_000n; // litesvm starts at 0
  svm.setClock(clock);
  const now = clock.unixTimestamp;
  unitsFor(
    'set window',
    run(
      [buildSetWindowInstruction({ ...seller, start: now - 60n, end: now + 3_600n })],
      [fixture.seller],
    ),
  );
  const windowed = unitsFor(
    'buy, repeat, inside a sale window (Clock)',
    run(buildBuyInstructions(buyParams(repeat, SOL)), [repeat]),
  );

  // A depth-20 proof: the buyer's leaf climbs through 20 siblings (a million-wallet tree).
  const siblings = Array.from({ length: 20 }, (_, i) => new Uint8Array(32).fill(i + 1));
  const leaf = buildAllowlistTree(fixture.presale, [repeat.publicKey]).root;
  const root = siblings.reduce(allowlistNode, leaf);
  unitsFor(
    'set allowlist',
    run([buildSetAllowlistInstruction({ ...seller, root })], [fixture.seller]),
  );
  const allowlisted = unitsFor(
    'buy, repeat, allowlisted (depth-20 proof, in a window)',
    run(buildBuyInstructions({ ...buyParams(repeat, SOL), allowlistProof: siblings }), [repeat]),
  );
  unitsFor(
    'set allowlist (open again)',
    run([buildSetAllowlistInstruction({ ...seller, root: null })], [fixture.seller]),
  );
  unitsFor(
    'set window (none)',
    run([buildSetWindowInstruction({ ...seller, start: 0n, end: 0n })], [fixture.seller]),
  );
  const plainRepeat = unitsFor(
    'buy, repeat (no window, no allowlist)',
    run(buildBuyInstructions(buyParams(repeat, SOL)), [repeat]),
  );

  return { windowed, allowlisted, plainRepeat };
}

/** The seller's instructions: pause, limits, withdraw unsold, seller rotation. */
function measureAdmin(bench: BenchChain, fixture: BenchPresale): void {
  const { svm, programId, fund, run, unitsFor } = bench;
  const seller = { programId, seller: fixture.seller.publicKey, presale: fixture.presale };
  unitsFor(
    'set active',
    run([buildSetActiveInstruction({ ...seller, active: false })], [fixture.seller]),
  );
  unitsFor(
    'update limits',
    run(
      [
        buildUpdateLimitsInstruction({
          ...seller,
          minUserBuyable: SOL / 10n,
          maxUserBuyable: 10n * SOL,
          maxTotalBuyable: 1_000n * SOL,
        }),
      ],
      [fixture.seller],
    ),
  );
  const destination = createTestTokenAccount(svm, {
    payer: fixture.seller,
    mint: fixture.mint,
    owner: fixture.seller.publicKey,
  });
  unitsFor(
    'withdraw unsold',
    run(
      [
        buildWithdrawUnsoldInstruction({
          ...seller,
          tempTokenAccount: fixture.tempTokenAccount,
          mint: fixture.mint,
          destinationTokenAccount: destination,
        }),
      ],
      [fixture.seller],
    ),
  );
  const next = fund(seeded(13), 1n);
  unitsFor(
    'propose seller',
    run(
      [buildProposeSellerInstruction({ ...seller, newSeller: next.publicKey })],
      [fixture.seller],
    ),
  );
  unitsFor(
    'accept seller',
    run(
      [
        buildAcceptSellerInstruction({
          programId,
          newSeller: next.publicKey,
          presale: fixture.presale,
        }),
      ],
      [next],
    ),
  );
}

function measure(version: 'v0' | 'v3'): { rows: Row[]; baseline: number; firstBuys: number[] } {
  const bench = benchChain(version);
  const { rows, baseline } = bench;
  const fixture = measureInitialize(bench);
  const { buyers, firstBuys, bumps, best, prefunded } = measureFirstBuys(bench, fixture);
  const repeat = buyers[0] as Keypair;
  const leaderBuy = measureRepeatAndLeader(bench, fixture, repeat);
  const { windowed, allowlisted, plainRepeat } = measureSaleRules(bench, fixture, repeat);
  measureAdmin(bench, fixture);
  const distribution = measureDistribution(bench);

  checks.push({
    version,
    items: [
      ['plain repeat buy', plainRepeat, TARGETS.repeatBuy],
      ['leader buy', leaderBuy, TARGETS.leaderBuy],
      ['allowlisted buy, depth 20', allowlisted, TARGETS.allowlistBuy],
      [`worst first buy of ${FIRST_BUYERS}`, Math.max(...firstBuys), TARGETS.firstBuy],
      ['pre-funded first buy', prefunded, best + PREFUNDED_RECORD_EXTRA_UNITS],
    ],
    note: `window check adds ${windowed - plainRepeat} CU; first-buy spread ${Math.min(...firstBuys)}..${Math.max(...firstBuys)} (bumps ${Math.min(...bumps)}..255)`,
  });
  checks.push({ version, items: distribution.checks, note: distribution.note });
  return { rows, baseline, firstBuys };
}

const checks: { version: string; items: [string, number, number][]; note: string }[] = [];
const results = { v0: measure('v0'), v3: measure('v3') };
const labels = results.v0.rows.map((r) => r.label);
const width = Math.max(...labels.map((l) => l.length), 30);
const pad = (value: string | number, n: number): string => String(value).padStart(n);
console.log(`Presale program compute units (litesvm 1.5, p-token); baseline = plain SOL transfer`);
console.log(
  `${'instruction'.padEnd(width)}  ${pad('v0 CU', 7)}  ${pad('v3 CU', 7)}  ${pad('v0/base', 8)}  ${pad('v3/base', 8)}`,
);
console.log(
  `${'baseline: system transfer (tx)'.padEnd(width)}  ${pad(results.v0.baseline, 7)}  ${pad(results.v3.baseline, 7)}  ${pad('1.0', 8)}  ${pad('1.0', 8)}`,
);
labels.forEach((label, i) => {
  const v0 = results.v0.rows[i]?.units ?? 0;
  const v3 = results.v3.rows[i]?.units ?? 0;
  console.log(
    `${label.padEnd(width)}  ${pad(v0, 7)}  ${pad(v3, 7)}  ${pad((v0 / results.v0.baseline).toFixed(1), 8)}  ${pad((v3 / results.v3.baseline).toFixed(1), 8)}`,
  );
});
let failed = false;
for (const { version, items, note } of checks) {
  const parts = items.map(([name, units, target]) => {
    const ok = units <= target;
    failed ||= !ok;
    return `${name} ${units} (<= ${target}) ${ok ? 'OK' : 'MISSED'}`;
  });
  console.log(`${version}: ${parts.join('; ')}; ${note}`);
}
console.log(
  'Note: with the classic SPL Token (~4.6k CU per TransferChecked instead of ~76) add ~4.5k CU to buy and withdraw.',
);
process.exitCode = failed ? 1 : 0;
