/**
 * The site sizes a purchase's compute limit from a simulation (buyComputeUnitLimit). A griefer
 * can send lamports to the buyer record's address between that simulation and the purchase,
 * which makes the program take its other path (AllocateWithSeed, and the payment through the
 * record). These tests send that case under the limit sized from the ungriefed simulation, on
 * both builds (a first buy costs the same for every wallet, so any buyer will do).
 */
import { ComputeBudgetProgram, SystemProgram, type Keypair } from '@solana/web3.js';
import { describe, expect, it } from 'vitest';
import {
  buildBuyInstructions,
  buyComputeUnitLimit,
  BUYER_RECORD_ACCOUNT_SIZE,
  findBuyerRecordAddress,
  PREFUNDED_RECORD_EXTRA_UNITS,
} from '@fbt/presale-client';
import { readSvmAccount, simulateLegacyTransaction } from './support/index';
import { prepareBuyer, SOL, type Scenario } from './support/attack-helpers';
import { createFundedKeypair, createPresale, send, SBPF_VERSIONS } from './support/harness';

/** A ready buyer (ATA exists: the smallest simulation, so the thinnest margin). */
const readyBuyer = (s: Scenario): Keypair => prepareBuyer(s).buyer;

describe.each(SBPF_VERSIONS)('purchase compute limit (sBPF %s)', (version) => {
  it.each([
    ['the least a transfer allows (missing rent paid with the purchase)', 0n],
    ['exactly the record’s rent (AllocateWithSeed alone)', -1n],
    ['more than the rent', 5n * SOL],
  ])('covers a first buy whose record address was pre-funded with %s', (_label, grief) => {
    const s = createPresale(version);
    const buyer = readyBuyer(s);
    const purchase = buildBuyInstructions({ ...s.fixture.buyParams(buyer.publicKey, SOL) });
    const withLimit = (units: number) => [
      ComputeBudgetProgram.setComputeUnitLimit({ units }),
      ...purchase,
    ];
    const simulated = simulateLegacyTransaction(s.svm, withLimit(400_000), [buyer]);
    if (!('computeUnits' in simulated)) throw new Error(simulated.error);
    const limit = buyComputeUnitLimit(Number(simulated.computeUnits));

    const [record] = findBuyerRecordAddress(
      s.fixture.programId,
      s.fixture.presale,
      buyer.publicKey,
    );
    const rent = s.svm.minimumBalanceForRentExemption(BigInt(BUYER_RECORD_ACCOUNT_SIZE));
    const griefer = createFundedKeypair(s.svm, 10n);
    // A system account must hold at least the rent of 0 bytes: the smallest grief there is.
    const lamports =
      grief === -1n ? rent : grief === 0n ? s.svm.minimumBalanceForRentExemption(0n) : grief;
    const prefund = SystemProgram.transfer({
      fromPubkey: griefer.publicKey,
      toPubkey: record,
      lamports,
    });
    expect(send(s, [prefund], [griefer]).error).toBe('');

    const outcome = send(s, withLimit(limit), [buyer]);
    expect(outcome.error).toBe('');
    // The griefed path really ran and cost more than the simulation, yet fit the limit.
    expect(outcome.computeUnits).toBeGreaterThan(simulated.computeUnits);
    expect(outcome.computeUnits - simulated.computeUnits).toBeLessThanOrEqual(
      BigInt(PREFUNDED_RECORD_EXTRA_UNITS),
    );
    expect(outcome.computeUnits).toBeLessThanOrEqual(BigInt(limit));
    const account = readSvmAccount(s.svm, record);
    expect(account?.owner).toBe(s.fixture.programId.toBase58());
    expect(account?.lamports).toBe(lamports > rent ? lamports : rent);
  });

  it('sizes the limit like the site: simulation + 15% + 1,000, capped', () => {
    expect(buyComputeUnitLimit(10_000)).toBe(12_500);
    expect(buyComputeUnitLimit(undefined)).toBe(400_000);
    expect(buyComputeUnitLimit(0)).toBe(400_000);
    expect(buyComputeUnitLimit(2_000_000)).toBe(1_400_000);
  });
});
