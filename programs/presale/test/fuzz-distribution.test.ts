/**
 * Invariant fuzz of at-completion sales, on both builds: seeded random terms (with or without a
 * minimum raise, with or without vesting) and random operations (buys, leader buys, time moving,
 * Finalize, Distribute with repeated buyers, Claim, Refund, WithdrawProceeds, escrowed
 * commission, WithdrawUnsold, SOL sent to the escrow). After every operation:
 * - FBT in the vault + FBT delivered to buyers + FBT the seller took back = FBT deposited, and
 *   the vault always holds what is owed;
 * - SOL paid by buyers = seller + leader + escrow + refunded (the escrow tracked exactly);
 * - no buyer holds more than unlocked, nor more than bought; records match what was paid;
 * - what each instruction may do follows from the sale's state (no buy after Finalize, ...).
 * At the end every buyer has exactly what they bought, or exactly what they paid back.
 */
import { SystemProgram } from '@solana/web3.js';
import { describe, expect, it } from 'vitest';
import { computeTokenAmount, TOKEN_PRICE_LAMPORTS } from '@fbt/domain';
import {
  buildClaimCommissionInstruction,
  buildRegisterLeaderInstruction,
  buildWithdrawUnsoldInstruction,
  BUYER_RECORD_ACCOUNT_SIZE,
  findLeaderRecordAddress,
  PRESALE_ACCOUNT_SIZE,
  unlockedTokens,
  type DeliveryTerms,
  type PresaleAccount,
} from '@fbt/presale-client';
import { createTestTokenAccount, readSvmBalance, readSvmTokenAmount } from './support/index';
import { SOL } from './support/attack-helpers';
import { buy, createFundedKeypair, send, SBPF_VERSIONS } from './support/harness';
import { createRandom, type Random } from './support/random';
import {
  claim,
  createAtCompletionSale,
  distribute,
  END,
  fbtOf,
  finalize,
  readPresale,
  readRecord,
  refund,
  sellerParams,
  setNow,
  START,
  vaultBalance,
  withdrawProceeds,
  type Sale,
} from './support/distribution';

const SEED = 0xd157_71b;
const SALES = 3;
const OPERATIONS = 150;
const BUYERS = 6;
const LIMITS = { minUserBuyable: SOL / 10n, maxUserBuyable: 3n * SOL, maxTotalBuyable: 12n * SOL };
const tokensFor = (lamports: bigint) => computeTokenAmount(lamports, TOKEN_PRICE_LAMPORTS);
/** The highest minimum raise of a sale of `maxTotalBuyable`: what it has raised once sold out. */
const highestMinimum = (maxTotalBuyable: bigint) => maxTotalBuyable - LIMITS.minUserBuyable + 1n;
/**
 * Each sale's total maximum and minimum raise: none; reachable; the highest allowed, on a sale
 * larger than the buyers may fill (6 x 3 SOL), so it fails at the window's end and refunds.
 */
const SALE_TARGETS = [
  { maxTotalBuyable: LIMITS.maxTotalBuyable, minimumRaise: 0n },
  { maxTotalBuyable: LIMITS.maxTotalBuyable, minimumRaise: 6n * SOL },
  { maxTotalBuyable: 24n * SOL, minimumRaise: highestMinimum(24n * SOL) },
] as const;

/** Random vesting (or none) with the sale's minimum raise. */
function randomTerms(random: Random, minimumRaise: bigint): DeliveryTerms {
  if (random.next() < 0.4) return { mode: 'at-completion', minimumRaise };
  const vestingSeconds = random.pick([1_000, 50_000]);
  return {
    mode: 'at-completion',
    minimumRaise,
    vesting: {
      unlockedAtCompletionBps: random.pick([0, 2_500, 9_999]),
      cliffSeconds: random.int(vestingSeconds + 1),
      vestingSeconds,
    },
  };
}

/** One sale under fuzz: its actors, what the model knows, and the balances it started from. */
function setUp(s: Sale) {
  const keeper = createFundedKeypair(s.svm, 1_000n);
  const buyers = Array.from({ length: BUYERS }, () => createFundedKeypair(s.svm, 100n));
  const leader = createFundedKeypair(s.svm, 1n);
  const register = buildRegisterLeaderInstruction({
    ...sellerParams(s),
    code: 'fuzzer',
    leaderWallet: leader.publicKey,
  });
  expect(send(s, [register], [s.fixture.seller]).error).toBe('');
  const [leaderRecord] = findLeaderRecordAddress(s.fixture.programId, s.fixture.presale, 'fuzzer');
  const destination = createTestTokenAccount(s.svm, {
    payer: s.fixture.seller,
    mint: s.fixture.mint,
    owner: s.fixture.seller.publicKey,
  });
  return {
    keeper,
    buyers,
    leader,
    leaderRecord,
    destination,
    supply: vaultBalance(s),
    start: {
      seller: readSvmBalance(s.svm, s.fixture.seller.publicKey),
      leaderWallet: readSvmBalance(s.svm, leader.publicKey),
      leaderRecord: readSvmBalance(s.svm, leaderRecord),
    },
    paid: 0n,
    donated: 0n,
    paidBy: new Map<string, bigint>(),
    boughtBy: new Map<string, bigint>(),
    now: START,
  };
}
type Fuzz = ReturnType<typeof setUp>;

const presaleRent = (s: Sale) => s.svm.minimumBalanceForRentExemption(BigInt(PRESALE_ACCOUNT_SIZE));
const soldOutRule = (p: PresaleAccount) =>
  p.currentTotalSold + p.minUserBuyable > p.maxTotalBuyable;
const finalized = (p: PresaleAccount) => p.status === 'succeeded' || p.status === 'failed';

function checkInvariants(s: Sale, f: Fuzz, step: string): void {
  const p = readPresale(s);
  const vault = vaultBalance(s);
  let delivered = 0n;
  for (const buyer of f.buyers) {
    const key = buyer.publicKey.toBase58();
    const held = fbtOf(s, buyer.publicKey);
    const bought = f.boughtBy.get(key) ?? 0n;
    const record = readRecord(s, buyer.publicKey);
    expect(held, `${step}: ${key} holds more than bought`).toBeLessThanOrEqual(bought);
    if (record) {
      expect({ step, paid: record.fbtBuyedAmount, bought: record.tokensReceived }).toEqual({
        step,
        paid: f.paidBy.get(key) ?? 0n,
        bought,
      });
      expect(held, step).toBe(record.tokensDelivered);
      expect(held, `${step}: more than unlocked`).toBeLessThanOrEqual(
        unlockedTokens(p, bought, f.now),
      );
    } else {
      expect(held, `${step}: a buyer without a record holds FBT`).toBe(0n);
    }
    delivered += held;
  }
  const takenBack = readSvmTokenAmount(s.svm, f.destination) ?? 0n;
  expect({ step, fbt: vault + delivered + takenBack }).toEqual({ step, fbt: f.supply });
  expect(p.tokensDelivered, step).toBe(delivered);
  expect(p.tokensOwed <= vault, `${step}: the vault holds less than is owed`).toBe(true);
  expect(p.tokensOwed + p.tokensDelivered, step).toBe(p.status === 'failed' ? 0n : p.tokensSold);

  const seller = readSvmBalance(s.svm, s.fixture.seller.publicKey) - f.start.seller;
  const leader =
    readSvmBalance(s.svm, f.leader.publicKey) -
    f.start.leaderWallet +
    readSvmBalance(s.svm, f.leaderRecord) -
    f.start.leaderRecord;
  const escrowHeld = readSvmBalance(s.svm, s.fixture.presale) - presaleRent(s);
  expect({ step, escrowHeld }).toEqual({ step, escrowHeld: p.escrowLamports + f.donated });
  expect({ step, sol: seller + leader + p.escrowLamports + p.refundedLamports }).toEqual({
    step,
    sol: f.paid,
  });
}

const result = (outcome: { ok: boolean }) => (outcome.ok ? 'ok' : 'refused');

/**
 * One random operation, with what the sale's state says its outcome must be; returns what it
 * did (`kind: result`) and its details.
 */
function operate(s: Sale, f: Fuzz, random: Random): [string, string] {
  const before = readPresale(s);
  const roll = random.next();
  const buyer = random.pick(f.buyers);
  const key = buyer.publicKey.toBase58();
  if (roll < 0.4) {
    const amount = random.bigint(LIMITS.minUserBuyable / 2n, LIMITS.maxUserBuyable);
    const viaLeader = random.next() < 0.3;
    const outcome = buy(s, buyer, amount, viaLeader ? { leaderRecord: f.leaderRecord } : {});
    if (finalized(before)) expect(outcome.presaleError?.name).toBe('AlreadyFinalized');
    if (outcome.ok) {
      f.paid += amount;
      f.paidBy.set(key, (f.paidBy.get(key) ?? 0n) + amount);
      f.boughtBy.set(key, (f.boughtBy.get(key) ?? 0n) + tokensFor(amount));
    }
    return [
      `${viaLeader ? 'leader buy' : 'buy'}: ${result(outcome)}`,
      `${amount} ${outcome.error}`,
    ];
  }
  if (roll < 0.52) {
    f.now += random.bigint(0n, 15_000n);
    setNow(s, f.now);
    return ['time', String(f.now - START)];
  }
  if (roll < 0.6) {
    const complete = before.status === 'sold-out' || soldOutRule(before) || f.now >= END;
    const outcome = finalize(s, f.keeper);
    expect(outcome.ok, 'finalize').toBe(!finalized(before) && complete);
    return [`finalize: ${outcome.ok ? readPresale(s).status : 'refused'}`, outcome.error];
  }
  if (roll < 0.7) {
    const targets = Array.from({ length: 1 + random.int(6) }, () => ({
      buyer: random.pick(f.buyers).publicKey,
    }));
    const everyRecord = targets.every((t) => readRecord(s, t.buyer) !== null);
    const outcome = distribute(s, f.keeper, targets);
    expect(outcome.ok, 'distribute').toBe(before.status === 'succeeded' && everyRecord);
    return [`distribute: ${result(outcome)}`, `${targets.length} ${outcome.error}`];
  }
  if (roll < 0.78) {
    const outcome = claim(s, buyer);
    if (outcome.ok) expect(before.status).toBe('succeeded');
    return [`claim: ${result(outcome)}`, outcome.error];
  }
  if (roll < 0.84) {
    const record = readRecord(s, buyer.publicKey);
    const balance = readSvmBalance(s.svm, buyer.publicKey);
    const outcome = refund(s, f.keeper, buyer.publicKey);
    const refundable = before.status === 'failed' && before.minimumRaise > 0n && record !== null;
    expect(outcome.ok, 'refund').toBe(refundable);
    if (outcome.ok && record) {
      const rent = s.svm.minimumBalanceForRentExemption(BigInt(BUYER_RECORD_ACCOUNT_SIZE));
      expect(readSvmBalance(s.svm, buyer.publicKey) - balance).toBe(record.fbtBuyedAmount + rent);
      f.paidBy.delete(key);
      f.boughtBy.delete(key);
    }
    return [`refund: ${result(outcome)}`, outcome.error];
  }
  if (roll < 0.88) {
    const outcome = withdrawProceeds(s, f.keeper);
    if (outcome.ok) expect(before.status).toBe('succeeded');
    return [`withdraw proceeds: ${result(outcome)}`, outcome.error];
  }
  if (roll < 0.92) {
    const ix = buildClaimCommissionInstruction({
      programId: s.fixture.programId,
      leaderWallet: f.leader.publicKey,
      leaderRecord: f.leaderRecord,
      presale: s.fixture.presale,
    });
    const outcome = send(s, [ix], [f.keeper, f.leader]);
    if (outcome.ok && before.minimumRaise > 0n) expect(before.status).toBe('succeeded');
    return [`claim commission: ${result(outcome)}`, outcome.error];
  }
  if (roll < 0.96) {
    const ix = buildWithdrawUnsoldInstruction({
      ...sellerParams(s),
      tempTokenAccount: s.fixture.tempTokenAccount,
      mint: s.fixture.mint,
      destinationTokenAccount: f.destination,
    });
    const outcome = send(s, [ix], [f.keeper, s.fixture.seller]);
    expect(outcome.ok, 'withdraw unsold').toBe(finalized(before));
    return [`withdraw unsold: ${result(outcome)}`, outcome.error];
  }
  const lamports = random.bigint(1n, SOL);
  const gift = SystemProgram.transfer({
    fromPubkey: f.keeper.publicKey,
    toPubkey: s.fixture.presale,
    lamports: Number(lamports),
  });
  expect(send(s, [gift], [f.keeper]).error).toBe('');
  f.donated += lamports;
  return ['donate', String(lamports)];
}

/** Past the end of any schedule: finalize, deliver or refund everything, pay everyone out. */
function settle(s: Sale, f: Fuzz): void {
  f.now = END + 200_000n;
  setNow(s, f.now);
  if (!finalized(readPresale(s))) expect(finalize(s, f.keeper).error).toBe('');
  const p = readPresale(s);
  const everyone = f.buyers.filter((b) => readRecord(s, b.publicKey) !== null);
  if (p.status === 'succeeded') {
    if (everyone.length > 0) {
      const targets = everyone.map((b) => ({ buyer: b.publicKey }));
      expect(distribute(s, f.keeper, targets).error).toBe('');
    }
    for (const buyer of f.buyers) {
      expect(fbtOf(s, buyer.publicKey)).toBe(f.boughtBy.get(buyer.publicKey.toBase58()) ?? 0n);
    }
    if (p.minimumRaise > 0n) withdrawProceeds(s, f.keeper);
    const claimIx = buildClaimCommissionInstruction({
      programId: s.fixture.programId,
      leaderWallet: f.leader.publicKey,
      leaderRecord: f.leaderRecord,
      presale: s.fixture.presale,
    });
    send(s, [claimIx], [f.keeper, f.leader]);
    expect(readPresale(s)).toMatchObject({ tokensOwed: 0n, escrowLamports: 0n });
  } else {
    for (const buyer of everyone) expect(refund(s, f.keeper, buyer.publicKey).error).toBe('');
    expect(readPresale(s)).toMatchObject({ escrowLamports: 0n, refundedLamports: f.paid });
  }
  const ix = buildWithdrawUnsoldInstruction({
    ...sellerParams(s),
    tempTokenAccount: s.fixture.tempTokenAccount,
    mint: s.fixture.mint,
    destinationTokenAccount: f.destination,
  });
  expect(send(s, [ix], [f.keeper, s.fixture.seller]).error).toBe('');
  expect(vaultBalance(s)).toBe(0n);
  checkInvariants(s, f, 'settled');
}

describe.each(SBPF_VERSIONS)('distribution invariant fuzz (sBPF %s, seed 0xd15771b)', (version) => {
  it(
    `keeps FBT, SOL and every buyer’s due consistent over ${SALES} sales × ${OPERATIONS} operations`,
    { timeout: 300_000 },
    () => {
      const random = createRandom(SEED);
      const outcomes = new Set<string>();
      for (let sale = 0; sale < SALES; sale += 1) {
        const { maxTotalBuyable, minimumRaise } = SALE_TARGETS[sale] ?? SALE_TARGETS[0];
        const terms = randomTerms(random, minimumRaise);
        const s = createAtCompletionSale(version, terms, {
          limits: { ...LIMITS, maxTotalBuyable },
        });
        const f = setUp(s);
        for (let step = 0; step < OPERATIONS; step += 1) {
          const [what, detail] = operate(s, f, random);
          outcomes.add(what);
          checkInvariants(s, f, `sale ${sale} step ${step} (${what} ${detail})`);
        }
        settle(s, f);
      }
      // The run reached the states it is meant to cover.
      expect([...outcomes].sort()).toEqual(
        expect.arrayContaining([
          'buy: ok',
          'leader buy: ok',
          'finalize: succeeded',
          'finalize: failed',
          'distribute: ok',
          'claim: ok',
          'refund: ok',
          'withdraw proceeds: ok',
          'claim commission: ok',
          'withdraw unsold: ok',
        ]),
      );
    },
  );
});
