/**
 * Compute units of every presale instruction, for both shipped builds (sBPF v0 and v3).
 *
 * Runs the committed programs/presale/dist builds in litesvm and reads the units the runtime
 * charged our program from the transaction logs ("Program <id> consumed N of M compute
 * units", CPIs included). A plain SOL transfer measured in the same run is the baseline.
 * First purchases are measured for several buyers because the buyer-record bump search
 * costs ~1.5k CU per attempt. Checks the targets: repeat buy <= 4,000 CU, first buy
 * <= 8,000 CU; exits 1 when one is missed.
 *
 * Caveat: litesvm's SPL Token is p-token (~76 CU per transfer). The classic SPL Token program
 * on today's mainnet spends ~4.6k CU per TransferChecked, so add that to buy and withdraw.
 *
 * Run: npm run program-cu -w @fbt/bench
 */
import { address } from '@solana/kit';
import type { PublicKey } from '@solana/web3.js';
import { Keypair, SystemProgram, type TransactionInstruction } from '@solana/web3.js';
import { LiteSVM } from 'litesvm';
import { LAMPORTS_PER_SOL } from '@fbt/domain';
import {
  buildBuyInstructions,
  buildSetActiveInstruction,
  buildUpdateLimitsInstruction,
  buildWithdrawUnsoldInstruction,
} from '@fbt/presale-client';
import {
  createFundedKeypair,
  createPresaleFixture,
  createTestTokenAccount,
  sendLegacyTransaction,
  type PresaleFixture,
} from '@fbt/presale-program/testing';
import { readProgramElf } from '@fbt/presale-program';

const SOL = LAMPORTS_PER_SOL;
const TARGETS = { repeatBuy: 4_000, firstBuy: 8_000 };
const FIRST_BUYERS = 16;

function unitsOf(programId: PublicKey, logs: readonly string[]): number {
  const pattern = new RegExp(
    `^Program ${programId.toBase58()} consumed (\\d+) of \\d+ compute units$`,
  );
  const units = logs
    .map((line) => pattern.exec(line)?.[1])
    .filter((u): u is string => u !== undefined);
  if (units.length !== 1)
    throw new Error(`expected one 'consumed' line for the program, got ${units.length}`);
  return Number(units[0]);
}

function median(values: readonly number[]): number {
  const sorted = [...values].sort((a, b) => a - b);
  return sorted[Math.floor(sorted.length / 2)] ?? 0;
}

interface Row {
  readonly label: string;
  readonly units: number;
}

function measure(version: 'v0' | 'v3'): { rows: Row[]; baseline: number; firstBuys: number[] } {
  const svm = new LiteSVM();
  const programId = Keypair.generate().publicKey;
  svm.addProgram(address(programId.toBase58()), readProgramElf(version));
  const chain = { svm, programId };
  const run = (
    instructions: TransactionInstruction[],
    signers: Keypair[],
    expectOk = true,
  ): string[] => {
    const outcome = sendLegacyTransaction(svm, instructions, signers);
    if (outcome.ok !== expectOk)
      throw new Error(`unexpected outcome: ${outcome.error || 'success'}`);
    return [...outcome.logs];
  };

  const payer = createFundedKeypair(svm, 10n);
  const baselineLogs = sendLegacyTransaction(
    svm,
    [
      SystemProgram.transfer({
        fromPubkey: payer.publicKey,
        toPubkey: Keypair.generate().publicKey,
        lamports: SOL,
      }),
    ],
    [payer],
  );
  const baseline = Number(baselineLogs.computeUnits);

  const rows: Row[] = [];
  const unitsFor = (label: string, logs: string[]): void =>
    void rows.push({ label, units: unitsOf(programId, logs) });

  const initialize = (tempOwner: 'seller' | 'authority'): PresaleFixture =>
    createPresaleFixture({
      ...chain,
      tempOwner,
      limits: {
        minUserBuyable: SOL / 100n,
        maxUserBuyable: 100n * SOL,
        maxTotalBuyable: 10_000n * SOL,
      },
    });
  unitsFor('initialize (hands vault to PDA via SetAuthority CPI)', [
    ...initialize('seller').initializeOutcome.logs,
  ]);
  unitsFor('initialize (vault already owned by PDA)', [
    ...initialize('authority').initializeOutcome.logs,
  ]);

  const fixture = initialize('seller');
  const firstBuys: number[] = [];
  const buyers = Array.from({ length: FIRST_BUYERS }, () => createFundedKeypair(svm, 100n));
  for (const buyer of buyers) {
    const logs = run(
      buildBuyInstructions({
        ...fixture.buyParams(buyer.publicKey, SOL),
        createBuyerTokenAccount: true,
      }),
      [buyer],
    );
    firstBuys.push(unitsOf(programId, logs));
  }
  rows.push({
    label: `buy, first (creates record), median of ${FIRST_BUYERS}`,
    units: median(firstBuys),
  });
  rows.push({ label: `buy, first, worst of ${FIRST_BUYERS}`, units: Math.max(...firstBuys) });
  const repeat = buyers[0] as Keypair;
  unitsFor(
    'buy, repeat',
    run(buildBuyInstructions(fixture.buyParams(repeat.publicKey, SOL)), [repeat]),
  );
  unitsFor(
    'buy, failing (below minimum)',
    run(buildBuyInstructions(fixture.buyParams(repeat.publicKey, 1n)), [repeat], false),
  );
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
  return { rows, baseline, firstBuys };
}

let failed = false;
const results = { v0: measure('v0'), v3: measure('v3') };
const labels = results.v0.rows.map((r) => r.label);
const width = Math.max(...labels.map((l) => l.length), 30);
console.log(`Presale program compute units (litesvm 1.5, p-token); baseline = plain SOL transfer`);
console.log(
  `${'instruction'.padEnd(width)}  ${'v0 CU'.padStart(7)}  ${'v3 CU'.padStart(7)}  ${'v0/base'.padStart(8)}  ${'v3/base'.padStart(8)}`,
);
console.log(
  `${'baseline: system transfer (tx)'.padEnd(width)}  ${String(results.v0.baseline).padStart(7)}  ${String(results.v3.baseline).padStart(7)}  ${'1.0'.padStart(8)}  ${'1.0'.padStart(8)}`,
);
labels.forEach((label, i) => {
  const v0 = results.v0.rows[i]?.units ?? 0;
  const v3 = results.v3.rows[i]?.units ?? 0;
  console.log(
    `${label.padEnd(width)}  ${String(v0).padStart(7)}  ${String(v3).padStart(7)}  ${(v0 / results.v0.baseline).toFixed(1).padStart(8)}  ${(v3 / results.v3.baseline).toFixed(1).padStart(8)}`,
  );
});
for (const version of ['v0', 'v3'] as const) {
  const rows = results[version].rows;
  const repeat = rows.find((r) => r.label === 'buy, repeat')?.units ?? Infinity;
  const first = Math.max(...results[version].firstBuys);
  const ok = repeat <= TARGETS.repeatBuy && first <= TARGETS.firstBuy;
  failed ||= !ok;
  console.log(
    `${version}: repeat buy ${repeat} CU (target <= ${TARGETS.repeatBuy}), first buy worst ${first} CU (target <= ${TARGETS.firstBuy}) -> ${ok ? 'OK' : 'MISSED'}; first-buy spread ${Math.min(...results[version].firstBuys)}..${first}`,
  );
}
console.log(
  'Note: with the classic SPL Token (~4.6k CU per TransferChecked instead of ~76) add ~4.5k CU to buy and withdraw.',
);
process.exitCode = failed ? 1 : 0;
