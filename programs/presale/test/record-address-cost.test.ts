/**
 * A wallet's first buy costs the same compute units whatever its buyer-record address. The
 * record sits at a seeded address (one hash), where it used to be the PDA
 * ["buyer", presale, buyer] whose canonical bump the program had to prove (~350 CU for each
 * bump below 255, over 7,000 CU from bump 250 down). Wallets are ground so that their former
 * PDA's bump would be 255, 250, 245 or lower; the first Buy and the first BuyWith of each cost
 * the same units (within a few of each other), all within 7,000.
 */
import { Keypair, PublicKey, SystemProgram } from '@solana/web3.js';
import { describe, expect, it } from 'vitest';
import {
  buildBuyInstruction,
  buildBuyInstructions,
  buildBuyWithInstruction,
  findBuyerRecordAddress,
} from '@fbt/presale-client';
import { readSvmAccount } from './support/index';
import { SOL, type Scenario } from './support/attack-helpers';
import { createFundedKeypair, createPresale, send, SBPF_VERSIONS } from './support/harness';

const FIRST_BUY_GOAL = 7_000n;
/** How far apart two first buys may be: BuyWith reads its proof count and options, Buy does not. */
const FEW_UNITS = 16n;
/** The former bumps ground for; 'lower' is any bump below 245. */
const BUMPS = [255, 250, 245, 'lower'] as const;
type Bump = (typeof BUMPS)[number];

/** The canonical bump of the PDA ["buyer", presale, buyer] builds before the seeded record used. */
const formerBump = (s: Scenario, buyer: PublicKey): number =>
  PublicKey.findProgramAddressSync(
    [new TextEncoder().encode('buyer'), s.fixture.presale.toBytes(), buyer.toBytes()],
    s.fixture.programId,
  )[1];

/** Two wallets for each of {@link BUMPS} (one buys with Buy, the other with BuyWith). */
function grindWallets(s: Scenario): Map<Bump, Keypair[]> {
  const wallets = new Map<Bump, Keypair[]>(BUMPS.map((bump) => [bump, []]));
  const full = () => [...wallets.values()].every((found) => found.length === 2);
  for (let tries = 0; !full(); tries++) {
    if (tries > 200_000) throw new Error('grinding found too few wallets');
    const wallet = Keypair.generate();
    const bump = formerBump(s, wallet.publicKey);
    const found = wallets.get(bump < 245 ? 'lower' : (bump as Bump));
    if (found && found.length < 2) found.push(wallet);
  }
  return wallets;
}

/** Funds `wallet` and creates its FBT account, so its buy transaction is the program alone. */
function ready(s: Scenario, payer: Keypair, wallet: Keypair): void {
  const fund = SystemProgram.transfer({
    fromPubkey: payer.publicKey,
    toPubkey: wallet.publicKey,
    lamports: 20 * Number(SOL),
  });
  expect(send(s, [fund], [payer]).error).toBe('');
  const [createAta] = buildBuyInstructions({
    ...s.fixture.buyParams(wallet.publicKey, 0n),
    createBuyerTokenAccount: true,
  });
  if (!createAta) throw new Error('no token account instruction');
  expect(send(s, [createAta], [wallet]).error).toBe('');
}

describe.each(SBPF_VERSIONS)('a first buy’s compute units (sBPF %s)', (version) => {
  it('are the same for wallets whose former record bump is 255, 250, 245 or lower', () => {
    const s = createPresale(version);
    const payer = createFundedKeypair(s.svm, 1_000n);
    const units: { bump: Bump; kind: 'Buy' | 'BuyWith'; units: bigint }[] = [];
    for (const [bump, [buyWallet, buyWithWallet]] of grindWallets(s)) {
      if (!buyWallet || !buyWithWallet) throw new Error(`no wallets for bump ${bump}`);
      for (const [kind, wallet] of [
        ['Buy', buyWallet],
        ['BuyWith', buyWithWallet],
      ] as const) {
        ready(s, payer, wallet);
        const params = s.fixture.buyParams(wallet.publicKey, SOL);
        const ix = kind === 'Buy' ? buildBuyInstruction(params) : buildBuyWithInstruction(params);
        const [record] = findBuyerRecordAddress(s.programId, s.fixture.presale, wallet.publicKey);
        expect(readSvmAccount(s.svm, record)).toBeNull();
        const outcome = send(s, [ix], [wallet]);
        expect(outcome.error).toBe('');
        expect(readSvmAccount(s.svm, record)?.owner).toBe(s.programId.toBase58());
        units.push({ bump, kind, units: outcome.computeUnits });
      }
    }
    const figures = units.map((entry) => entry.units);
    const least = figures.reduce((a, b) => (b < a ? b : a));
    const most = figures.reduce((a, b) => (b > a ? b : a));
    expect(units.length).toBe(2 * BUMPS.length);
    const table = units.map((u) => `${u.bump} ${u.kind}: ${u.units}`).join(', ');
    expect(most - least, table).toBeLessThanOrEqual(FEW_UNITS);
    expect(most).toBeLessThanOrEqual(FIRST_BUY_GOAL);
    // Each kind costs exactly the same for every wallet: nothing depends on the address.
    for (const kind of ['Buy', 'BuyWith'] as const) {
      const ofKind = new Set(units.filter((u) => u.kind === kind).map((u) => u.units));
      expect(ofKind.size).toBe(1);
    }
  });
});
