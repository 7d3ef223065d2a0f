/**
 * The red-team suites of at-completion presales: each attack runs on its own fresh sale (with
 * the terms it names, its window [START, END) set, the clock at START) on both builds, and must
 * be refused with its exact error. Helpers set up the states the attacks start from.
 */
import type { Keypair } from '@solana/web3.js';
import { describe, expect, it } from 'vitest';
import type { DeliveryTerms, PresaleErrorName } from '@fbt/presale-client';
import { expectRejected, SOL } from './attack-helpers';
import { buy, createFundedKeypair, SBPF_VERSIONS, type ShippedVersion } from './harness';
import type { TransactionOutcome } from './send';
import { createAtCompletionSale, END, finalize, setNow, type Sale } from './distribution';

/** No minimum raise, no vesting. */
export const AT_COMPLETION: DeliveryTerms = { mode: 'at-completion' };
/** A minimum raise of 5 SOL (its SOL in escrow). */
export const ESCROW: DeliveryTerms = { mode: 'at-completion', minimumRaise: 5n * SOL };
/** 25% at completion, then linear over 10,000 s after a 1,000 s cliff. */
export const VESTING: DeliveryTerms = {
  mode: 'at-completion',
  vesting: { unlockedAtCompletionBps: 2_500, cliffSeconds: 1_000, vestingSeconds: 10_000 },
};

/** One attack on an at-completion sale. */
export interface SaleAttack {
  readonly name: string;
  readonly terms: DeliveryTerms;
  readonly expected: PresaleErrorName;
  readonly run: (s: Sale) => TransactionOutcome;
}

export function describeSaleAttacks(
  attacks: readonly SaleAttack[],
  more?: (version: ShippedVersion) => void,
): void {
  describe.each(SBPF_VERSIONS)('security (sBPF %s)', (version) => {
    it.each(attacks)('rejects $name with $expected', ({ terms, run, expected }) => {
      expectRejected(run(createAtCompletionSale(version, terms)), expected);
    });
    more?.(version);
  });
}

/** Fresh buyers who each buy `lamports` (their ATAs created by the buy). */
export function buyers(s: Sale, ...lamports: bigint[]): Keypair[] {
  return lamports.map((amount) => {
    const buyer = createFundedKeypair(s.svm, 20n);
    expect(buy(s, buyer, amount).error).toBe('');
    return buyer;
  });
}

/** Moves the clock to the window's end and finalizes; returns the keeper that sent it. */
export function endAndFinalize(s: Sale): Keypair {
  setNow(s, END);
  const keeper = createFundedKeypair(s.svm, 5n);
  expect(finalize(s, keeper).error).toBe('');
  return keeper;
}
