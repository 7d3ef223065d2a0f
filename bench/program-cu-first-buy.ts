/**
 * A wallet's first buy (it creates the buyer record), by the bump the record's former PDA
 * ["buyer", presale, buyer] would have: the build before the record moved to its seeded address
 * proved that bump canonical (~350 CU per step below 255), this one hashes once whatever the
 * wallet. The same wallets, presale and program id on both builds, Buy and BuyWith, each on a
 * fresh chain so every figure is a first buy. The former build is the committed .so of
 * {@link FORMER_BUILD_COMMIT}, read with `git show`; without git, the figures the program README
 * stated for it are printed instead.
 */
import { execFileSync } from 'node:child_process';
import { dirname, join } from 'node:path';
import { fileURLToPath } from 'node:url';
import { Keypair, PublicKey, SystemProgram, TransactionInstruction } from '@solana/web3.js';
import { LAMPORTS_PER_SOL } from '@fbt/domain';
import {
  buildBuyInstruction,
  buildBuyInstructions,
  buildBuyWithInstruction,
  findBuyerRecordAddress,
} from '@fbt/presale-client';
import { createPresaleFixture } from '@fbt/presale-program/testing';
import {
  benchChain,
  seeded,
  unitsOf,
  type BenchChain,
  type BenchPresale,
} from './program-cu-chain';

const SOL = LAMPORTS_PER_SOL;
/** The last commit whose builds derive the buyer record as a PDA with a proven canonical bump. */
export const FORMER_BUILD_COMMIT = 'cfc6322';
/** What the program README stated for that build (SPL Token, v0 and v3 alike). */
const FORMER_README_FIGURES = 'first buy 5,395 CU at bump 255 plus ~350 per higher bump';
export const FORMER_BUMPS = [255, 250, 245, 240] as const;
/**
 * The grind's result for the bench's program id and presale: the first counter (see
 * {@link groundWallet}) whose wallet has each former bump. {@link walletAtFormerBump} checks it
 * and grinds again (slowly: ~65k wallets for bump 240) only if it does not hold.
 */
const GROUND_COUNTERS: Readonly<Record<number, number>> = { 255: 0, 250: 1, 245: 2103, 240: 96896 };
const REPO_ROOT = join(dirname(fileURLToPath(import.meta.url)), '..');

/** Wallet number `counter` of the grind (a fixed seed, so reproducible). */
function groundWallet(counter: number): Keypair {
  const seed = new Uint8Array(32);
  seed[0] = 0x5e;
  new DataView(seed.buffer).setUint32(4, counter, true);
  return Keypair.fromSeed(seed);
}

const formerBump = (programId: PublicKey, presale: PublicKey, buyer: PublicKey): number =>
  PublicKey.findProgramAddressSync(
    [new TextEncoder().encode('buyer'), presale.toBytes(), buyer.toBytes()],
    programId,
  )[1];

const wallets = new Map<number, Keypair>();

/** A wallet whose former record PDA on `presale` has `bump` (checked; ground if need be). */
export function walletAtFormerBump(
  programId: PublicKey,
  presale: PublicKey,
  bump: number,
): Keypair {
  const known = wallets.get(bump);
  if (known) return known;
  const hinted = GROUND_COUNTERS[bump];
  let counter = hinted !== undefined ? hinted : 0;
  let wallet = groundWallet(counter);
  while (formerBump(programId, presale, wallet.publicKey) !== bump)
    wallet = groundWallet(++counter);
  wallets.set(bump, wallet);
  return wallet;
}

/** The former build's .so from git, or null when git or the commit is not available. */
function formerElf(version: 'v0' | 'v3'): Uint8Array | null {
  try {
    const path = `programs/presale/dist/presale.${version}.so`;
    return execFileSync('git', ['show', `${FORMER_BUILD_COMMIT}:${path}`], {
      cwd: REPO_ROOT,
      maxBuffer: 1 << 24,
      stdio: ['ignore', 'pipe', 'ignore'],
    });
  } catch {
    return null;
  }
}

/** A fresh chain with one build and the bench's presale (program id and presale fixed). */
function freshPresale(
  version: 'v0' | 'v3',
  elf?: Uint8Array,
): BenchChain & { fixture: BenchPresale } {
  const bench = benchChain(version, elf);
  const fixture = createPresaleFixture({
    ...bench.chain,
    tempOwner: 'seller',
    limits: {
      minUserBuyable: SOL / 100n,
      maxUserBuyable: 100n * SOL,
      maxTotalBuyable: 10_000n * SOL,
    },
    presaleKeypair: seeded(6),
  });
  return { ...bench, fixture };
}

type Kind = 'Buy' | 'BuyWith';

/** The former build's purchase: the record at its PDA, and BuyWith carrying the bump byte. */
function formerPurchase(kind: Kind, ix: TransactionInstruction, record: PublicKey, bump: number) {
  const keys = ix.keys.map((key, i) => (i === 5 ? { ...key, pubkey: record } : key));
  const data =
    kind === 'Buy'
      ? ix.data
      : Buffer.concat([ix.data.subarray(0, 9), Buffer.from([bump]), ix.data.subarray(9)]);
  return new TransactionInstruction({ programId: ix.programId, keys, data });
}

/** First-buy units of the wallets at {@link FORMER_BUMPS}, one kind, one build. */
function firstBuys(version: 'v0' | 'v3', kind: Kind, elf?: Uint8Array): number[] {
  const { fixture, fund, run, programId } = freshPresale(version, elf);
  return FORMER_BUMPS.map((bump) => {
    const wallet = fund(walletAtFormerBump(programId, fixture.presale, bump), 100n);
    const params = fixture.buyParams(wallet.publicKey, SOL);
    const [createAta] = buildBuyInstructions({ ...params, createBuyerTokenAccount: true });
    if (!createAta) throw new Error('no token account instruction');
    run([createAta], [wallet]);
    let ix = kind === 'Buy' ? buildBuyInstruction(params) : buildBuyWithInstruction(params);
    if (elf) {
      const [pda] = PublicKey.findProgramAddressSync(
        [new TextEncoder().encode('buyer'), fixture.presale.toBytes(), wallet.publicKey.toBytes()],
        programId,
      );
      ix = formerPurchase(kind, ix, pda, bump);
    }
    return unitsOf(programId, run([ix], [wallet]));
  });
}

/**
 * The site's first buy (BuyWith after the ATA create) of the wallets at {@link FORMER_BUMPS},
 * and one on a record address a griefer pre-funded, as rows of the main table; returns them.
 */
export function measureFirstBuys(bench: BenchChain, fixture: BenchPresale) {
  const { svm, programId, fund, run, payer, unitsFor } = bench;
  const buy = (wallet: Keypair) =>
    run(
      buildBuyInstructions({
        ...fixture.buyParams(wallet.publicKey, SOL),
        createBuyerTokenAccount: true,
      }),
      [wallet],
    );
  const byBump = FORMER_BUMPS.map((bump) =>
    unitsFor(
      `buy, first (creates record), former bump ${bump}`,
      buy(fund(walletAtFormerBump(programId, fixture.presale, bump), 100n)),
    ),
  );
  const grieved = fund(seeded(11), 100n);
  const [record] = findBuyerRecordAddress(programId, fixture.presale, grieved.publicKey);
  const lamports = Number(svm.minimumBalanceForRentExemption(0n));
  run(
    [SystemProgram.transfer({ fromPubkey: payer.publicKey, toPubkey: record, lamports })],
    [payer],
  );
  const prefunded = unitsFor('buy, first on a pre-funded record address', buy(grieved));
  const repeat = walletAtFormerBump(programId, fixture.presale, 255);
  return { byBump, prefunded, repeat };
}

/** The before/after lines: first Buy and BuyWith by former bump, the former build and this one. */
export function firstBuyComparison(): string[] {
  const lines = [
    `First buy by former record bump (${FORMER_BUMPS.join(' / ')}), SPL Token, CU; the former build is ${FORMER_BUILD_COMMIT}'s committed .so:`,
  ];
  for (const version of ['v0', 'v3'] as const) {
    const former = formerElf(version);
    for (const kind of ['Buy', 'BuyWith'] as const) {
      const now = firstBuys(version, kind);
      const before = former
        ? firstBuys(version, kind, former).join(' / ')
        : `not in git here (README: ${FORMER_README_FIGURES})`;
      lines.push(
        `  ${version} ${kind.padEnd(7)} former build: ${before}; this build: ${now.join(' / ')}`,
      );
    }
  }
  return lines;
}
