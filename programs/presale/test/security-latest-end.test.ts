/**
 * The latest sale end a buyer accepts. Before anyone bought, the seller of an at-completion
 * presale may move its end anywhere; a buy that names the end its buyer was shown is refused
 * (`SaleEndMoved`) when the presale now ends later or has no end, whether the seller's move
 * landed just before it or in the same transaction, and nothing moves: no SOL, no FBT owed, no
 * buyer record. An end moved sooner, or the same end, is accepted; a buy without the bound
 * behaves as before; trailing bytes that are not exactly the 8 of the bound are refused.
 */
import { Buffer } from 'buffer';
import { TransactionInstruction, type Keypair } from '@solana/web3.js';
import { describe, expect, it } from 'vitest';
import {
  buildBuyInstruction,
  buildBuyInstructions,
  buildBuyWithInstruction,
  buildSetWindowInstruction,
} from '@fbt/presale-client';
import { expectRejected, SOL } from './support/attack-helpers';
import { createFundedKeypair, createPresale, send, SBPF_VERSIONS } from './support/harness';
import {
  createAtCompletionSale,
  END,
  readPresale,
  readRecord,
  sellerParams,
  START,
  type Sale,
} from './support/distribution';
import { AT_COMPLETION } from './support/sale-attacks';
import { readSvmAccount } from './support/svm-accounts';
import type { TransactionOutcome } from './support/send';

/** 1 January 2100, the seller's new end in the front-run. */
const YEAR_2100 = 4_102_444_800n;
const KINDS = ['Buy', 'BuyWith'] as const;
type Kind = (typeof KINDS)[number];

/** A funded buyer whose FBT account exists, so a buy is the one program instruction. */
function readyBuyer(s: Sale): Keypair {
  const buyer = createFundedKeypair(s.svm, 50n);
  const [createAta] = buildBuyInstructions({
    ...s.fixture.buyParams(buyer.publicKey, SOL),
    createBuyerTokenAccount: true,
  });
  if (!createAta) throw new Error('no ATA instruction');
  expect(send(s, [createAta], [buyer]).error).toBe('');
  return buyer;
}

/** Buy or BuyWith of 1 SOL by `buyer`, bounded by `latestEnd` when given. */
function purchase(s: Sale, kind: Kind, buyer: Keypair, latestEnd?: bigint) {
  const params = {
    ...s.fixture.buyParams(buyer.publicKey, SOL),
    ...(latestEnd === undefined ? {} : { latestEnd }),
  };
  return kind === 'Buy' ? buildBuyInstruction(params) : buildBuyWithInstruction(params);
}

/** The seller's SetWindow from START to `end`. */
const moveEnd = (s: Sale, end: bigint) =>
  buildSetWindowInstruction({ ...sellerParams(s), start: START, end });

/** Everything a buy could change: lamports of the buyer and seller, the sale's totals, the record. */
function snapshot(s: Sale, buyer: Keypair) {
  const presale = readPresale(s);
  return {
    buyer: readSvmAccount(s.svm, buyer.publicKey)?.lamports,
    seller: readSvmAccount(s.svm, s.fixture.seller.publicKey)?.lamports,
    sold: presale.currentTotalSold,
    owed: presale.tokensOwed,
    buyerCount: presale.buyerCount,
    record: readRecord(s, buyer.publicKey),
  };
}

/** The chain's fee per signature: a refused transaction still pays it, and nothing else. */
const FEE_PER_SIGNATURE = 5_000n;

/**
 * Refused with SaleEndMoved, and the buy changed nothing: the buyer (the fee payer) paid only
 * the fee of its `signatures`, the seller got nothing, no FBT are owed and no record exists.
 */
function expectRefusedUnchanged(
  s: Sale,
  buyer: Keypair,
  run: () => TransactionOutcome,
  signatures = 1n,
): void {
  const before = snapshot(s, buyer);
  expectRejected(run(), 'SaleEndMoved');
  const fee = FEE_PER_SIGNATURE * signatures;
  expect(snapshot(s, buyer)).toEqual({ ...before, buyer: (before.buyer ?? 0n) - fee });
  expect(before.record).toBeNull();
}

/** The buy went through: the buyer's record holds the lamports. */
function expectBought(s: Sale, buyer: Keypair, outcome: TransactionOutcome): void {
  expect(outcome.error).toBe('');
  expect(readRecord(s, buyer.publicKey)?.fbtBuyedAmount).toBe(SOL);
}

/** A purchase's data with `extra` bytes appended. */
function withTrailing(ix: TransactionInstruction, extra: number): TransactionInstruction {
  const data = Buffer.concat([ix.data, Buffer.alloc(extra, 0xff)]);
  return new TransactionInstruction({ programId: ix.programId, keys: ix.keys, data });
}

describe.each(SBPF_VERSIONS)('latest accepted sale end (sBPF %s)', (version) => {
  describe.each(KINDS)('%s', (kind) => {
    it('refuses the front-run: the seller moved the end to 2100 just before the buy', () => {
      const s = createAtCompletionSale(version, AT_COMPLETION);
      const buyer = readyBuyer(s);
      expect(send(s, [moveEnd(s, YEAR_2100)], [s.fixture.seller]).error).toBe('');
      expectRefusedUnchanged(s, buyer, () => send(s, [purchase(s, kind, buyer, END)], [buyer]));
      expect(readPresale(s).saleEnd).toBe(YEAR_2100);
    });

    it('refuses the move and the buy in one transaction, which leaves the end as it was', () => {
      const s = createAtCompletionSale(version, AT_COMPLETION);
      const buyer = readyBuyer(s);
      expectRefusedUnchanged(
        s,
        buyer,
        () =>
          send(s, [moveEnd(s, END + 1n), purchase(s, kind, buyer, END)], [buyer, s.fixture.seller]),
        2n,
      );
      expect(readPresale(s).saleEnd).toBe(END);
    });

    it('refuses an end removed since (an instant presale, which may have none)', () => {
      const s = createPresale(version);
      const buyer = readyBuyer(s);
      expectRefusedUnchanged(s, buyer, () => send(s, [purchase(s, kind, buyer, END)], [buyer]));
    });

    it('accepts an end moved sooner, and the same end', () => {
      const s = createAtCompletionSale(version, AT_COMPLETION);
      const early = readyBuyer(s);
      expect(send(s, [moveEnd(s, END - 3_600n)], [s.fixture.seller]).error).toBe('');
      expectBought(s, early, send(s, [purchase(s, kind, early, END)], [early]));
      const exact = readyBuyer(s);
      expectBought(s, exact, send(s, [purchase(s, kind, exact, END - 3_600n)], [exact]));
      expect(readPresale(s).buyerCount).toBe(2n);
    });

    it('without the bound buys as before, whatever the end', () => {
      const s = createAtCompletionSale(version, AT_COMPLETION);
      const buyer = readyBuyer(s);
      expect(send(s, [moveEnd(s, YEAR_2100)], [s.fixture.seller]).error).toBe('');
      const ix = purchase(s, kind, buyer);
      expect(ix.data.length).toBe(kind === 'Buy' ? 9 : 10);
      expectBought(s, buyer, send(s, [ix], [buyer]));
    });

    it('applies the bound to an instant presale too', () => {
      const s = createPresale(version);
      const window = buildSetWindowInstruction({ ...sellerParams(s), start: 0n, end: YEAR_2100 });
      expect(send(s, [window], [s.fixture.seller]).error).toBe('');
      const refused = readyBuyer(s);
      expectRefusedUnchanged(s, refused, () =>
        send(s, [purchase(s, kind, refused, YEAR_2100 - 1n)], [refused]),
      );
      const buyer = readyBuyer(s);
      expectBought(s, buyer, send(s, [purchase(s, kind, buyer, YEAR_2100)], [buyer]));
    });

    it.each([1, 2, 3, 4, 5, 6, 7, 9, 16])(
      'refuses %i trailing bytes other than the bound with InvalidInstruction',
      (extra) => {
        const s = createAtCompletionSale(version, AT_COMPLETION);
        const buyer = readyBuyer(s);
        const before = snapshot(s, buyer);
        const ix = withTrailing(purchase(s, kind, buyer), extra);
        expectRejected(send(s, [ix], [buyer]), 'InvalidInstruction');
        const buyerPaid = (before.buyer ?? 0n) - FEE_PER_SIGNATURE;
        expect(snapshot(s, buyer)).toEqual({ ...before, buyer: buyerPaid });
      },
    );
  });

  it('BuyWith reads the bound after an allowlist proof', () => {
    const s = createAtCompletionSale(version, AT_COMPLETION);
    const proof = [new Uint8Array(32).fill(7)];
    const params = (buyer: Keypair, latestEnd: bigint) => ({
      ...s.fixture.buyParams(buyer.publicKey, SOL),
      allowlistProof: proof,
      latestEnd,
    });
    const refused = readyBuyer(s);
    const late = buildBuyWithInstruction(params(refused, END - 1n));
    expect(late.data.length).toBe(10 + 32 + 8);
    expectRefusedUnchanged(s, refused, () => send(s, [late], [refused]));
    // The open sale ignores the proof; the bound is what decides.
    const buyer = readyBuyer(s);
    expectBought(s, buyer, send(s, [buildBuyWithInstruction(params(buyer, END))], [buyer]));
  });
});
