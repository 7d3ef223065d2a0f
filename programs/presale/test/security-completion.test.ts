/**
 * Finalize, Refund, WithdrawProceeds, escrowed commission and the seller's instructions after
 * completion, under attack: finalizing early, twice, read-only or a copy owned elsewhere;
 * refunding after success, twice, to another wallet, a record of another presale, after
 * claiming; withdrawing proceeds early, after failure, twice or as someone else; claiming a
 * commission early, after failure, through another presale; changing a completed sale; buying
 * after it. SOL sent to the escrow by anyone is never paid out.
 */
import type { Keypair } from '@solana/web3.js';
import { expect, it } from 'vitest';
import {
  buildClaimCommissionInstruction,
  BUYER_RECORD_ACCOUNT_SIZE,
  buildFinalizeInstruction,
  buildRefundInstruction,
  buildRegisterLeaderInstruction,
  buildSetWindowInstruction,
  buildUpdateLimitsInstruction,
  buildWithdrawProceedsInstruction,
  findBuyerRecordAddress,
  findLeaderRecordAddress,
} from '@fbt/presale-client';
import { SystemProgram } from '@solana/web3.js';
import { readSvmAccount, readSvmBalance, writeSvmAccount } from './support/index';
import { SOL, withAccount } from './support/attack-helpers';
import { buy, createFundedKeypair, send } from './support/harness';
import {
  claim,
  createAtCompletionSale,
  createOtherSale,
  END,
  finalize,
  readPresale,
  refund,
  sellerParams,
  setNow,
  START,
  withdrawProceeds,
  withdrawUnsold,
  type Sale,
} from './support/distribution';
import {
  AT_COMPLETION,
  buyers,
  describeSaleAttacks,
  endAndFinalize,
  ESCROW,
  type SaleAttack,
} from './support/sale-attacks';

/** A failed escrow sale (1 SOL of a 5 SOL minimum) and its buyer. */
function failed(s: Sale): Keypair {
  const [buyer] = buyers(s, SOL) as [Keypair];
  endAndFinalize(s);
  return buyer;
}

/** A succeeded escrow sale (6 SOL of a 5 SOL minimum) and its buyer. */
function succeeded(s: Sale): Keypair {
  const [buyer] = buyers(s, 6n * SOL) as [Keypair];
  endAndFinalize(s);
  return buyer;
}

/** A leader code on the sale, with one 6 SOL buy through it. */
function leaderBuy(s: Sale): {
  wallet: Keypair;
  record: ReturnType<typeof findLeaderRecordAddress>[0];
} {
  const wallet = createFundedKeypair(s.svm, 1n);
  const register = buildRegisterLeaderInstruction({
    ...sellerParams(s),
    code: 'redteam',
    leaderWallet: wallet.publicKey,
  });
  expect(send(s, [register], [s.fixture.seller]).error).toBe('');
  const [record] = findLeaderRecordAddress(s.fixture.programId, s.fixture.presale, 'redteam');
  expect(buy(s, createFundedKeypair(s.svm, 20n), 6n * SOL, { leaderRecord: record }).error).toBe(
    '',
  );
  return { wallet, record };
}

const claimCommissionIx = (s: Sale, leader: ReturnType<typeof leaderBuy>) =>
  buildClaimCommissionInstruction({
    programId: s.fixture.programId,
    leaderWallet: leader.wallet.publicKey,
    leaderRecord: leader.record,
    presale: s.fixture.presale,
  });

const attacks: readonly SaleAttack[] = [
  {
    name: 'finalizing before the end, by anyone',
    terms: AT_COMPLETION,
    expected: 'SaleNotComplete',
    run: (s) => {
      buyers(s, SOL);
      setNow(s, END - 1n);
      return finalize(s, createFundedKeypair(s.svm, 1n));
    },
  },
  {
    name: 'finalizing twice',
    terms: ESCROW,
    expected: 'AlreadyFinalized',
    run: (s) => {
      failed(s);
      setNow(s, END + 10_000n);
      return finalize(s, createFundedKeypair(s.svm, 1n));
    },
  },
  {
    name: 'finalizing with the presale read-only',
    terms: AT_COMPLETION,
    expected: 'NotWritable',
    run: (s) => {
      setNow(s, END);
      const ix = withAccount(buildFinalizeInstruction(s.fixture), 0, { isWritable: false });
      return send(s, [ix], [createFundedKeypair(s.svm, 1n)]);
    },
  },
  {
    name: 'finalizing a copy of the presale owned by another program',
    terms: AT_COMPLETION,
    expected: 'PresaleWrongOwner',
    run: (s) => {
      setNow(s, END);
      const copy = createFundedKeypair(s.svm, 1n).publicKey;
      const data = readSvmAccount(s.svm, s.fixture.presale)?.data ?? new Uint8Array();
      writeSvmAccount(s.svm, copy, { data, owner: SystemProgram.programId });
      const ix = buildFinalizeInstruction({ programId: s.fixture.programId, presale: copy });
      return send(s, [ix], [createFundedKeypair(s.svm, 1n)]);
    },
  },
  {
    name: 'refunding before Finalize',
    terms: ESCROW,
    expected: 'NotFinalized',
    run: (s) => {
      const [buyer] = buyers(s, SOL) as [Keypair];
      setNow(s, END);
      return refund(s, buyer, buyer.publicKey);
    },
  },
  {
    name: 'refunding after success',
    terms: ESCROW,
    expected: 'SaleSucceeded',
    run: (s) => {
      const buyer = succeeded(s);
      return refund(s, buyer, buyer.publicKey);
    },
  },
  {
    name: 'refunding after claiming',
    terms: ESCROW,
    expected: 'SaleSucceeded',
    run: (s) => {
      const buyer = succeeded(s);
      expect(claim(s, buyer).error).toBe('');
      return refund(s, buyer, buyer.publicKey);
    },
  },
  {
    name: 'refunding twice',
    terms: ESCROW,
    expected: 'InvalidBuyerRecord',
    run: (s) => {
      const buyer = failed(s);
      expect(refund(s, buyer, buyer.publicKey).error).toBe('');
      return refund(s, buyer, buyer.publicKey);
    },
  },
  {
    name: 'refunding twice in one transaction',
    terms: ESCROW,
    expected: 'InvalidBuyerRecord',
    run: (s) => {
      const buyer = failed(s);
      const ix = buildRefundInstruction({ ...s.fixture, buyer: buyer.publicKey });
      return send(s, [ix, ix], [buyer]);
    },
  },
  {
    name: 'refunding another buyer’s record to one’s own wallet',
    terms: ESCROW,
    expected: 'InvalidBuyerRecord',
    run: (s) => {
      const victim = failed(s);
      const thief = createFundedKeypair(s.svm, 1n);
      const ix = buildRefundInstruction({ ...s.fixture, buyer: victim.publicKey });
      return send(s, [withAccount(ix, 2, { pubkey: thief.publicKey })], [thief]);
    },
  },
  {
    name: 'refunding a record of another presale from this escrow',
    terms: ESCROW,
    expected: 'InvalidBuyerRecord',
    run: (s) => {
      failed(s);
      const other = createOtherSale(s, AT_COMPLETION);
      const outsider = createFundedKeypair(s.svm, 5n);
      expect(buy(other, outsider, SOL).error).toBe('');
      const [foreign] = findBuyerRecordAddress(
        s.programId,
        other.fixture.presale,
        outsider.publicKey,
      );
      const ix = buildRefundInstruction({ ...s.fixture, buyer: outsider.publicKey });
      return send(s, [withAccount(ix, 1, { pubkey: foreign })], [outsider]);
    },
  },
  {
    name: 'withdrawing the proceeds before Finalize',
    terms: ESCROW,
    expected: 'NotFinalized',
    run: (s) => {
      buyers(s, 6n * SOL);
      return withdrawProceeds(s);
    },
  },
  {
    name: 'withdrawing the proceeds of a failed sale',
    terms: ESCROW,
    expected: 'SaleFailed',
    run: (s) => {
      failed(s);
      return withdrawProceeds(s);
    },
  },
  {
    name: 'withdrawing the proceeds twice',
    terms: ESCROW,
    expected: 'NothingToWithdraw',
    run: (s) => {
      succeeded(s);
      expect(withdrawProceeds(s).error).toBe('');
      return withdrawProceeds(s);
    },
  },
  {
    name: 'withdrawing the proceeds as someone else',
    terms: ESCROW,
    expected: 'NotSeller',
    run: (s) => {
      succeeded(s);
      const thief = createFundedKeypair(s.svm, 1n);
      const ix = buildWithdrawProceedsInstruction({ ...sellerParams(s), seller: thief.publicKey });
      return send(s, [ix], [thief]);
    },
  },
  {
    name: 'withdrawing the unsold FBT before Finalize',
    terms: AT_COMPLETION,
    expected: 'NotFinalized',
    run: (s) => {
      buyers(s, SOL);
      setNow(s, END);
      return withdrawUnsold(s).outcome;
    },
  },
  {
    name: 'claiming an escrowed commission before Finalize',
    terms: ESCROW,
    expected: 'NotFinalized',
    run: (s) => {
      const leader = leaderBuy(s);
      return send(s, [claimCommissionIx(s, leader)], [leader.wallet]);
    },
  },
  {
    name: 'claiming the commission of a failed sale',
    terms: ESCROW,
    expected: 'SaleFailed',
    run: (s) => {
      const wallet = createFundedKeypair(s.svm, 1n);
      const register = buildRegisterLeaderInstruction({
        ...sellerParams(s),
        code: 'voided',
        leaderWallet: wallet.publicKey,
      });
      expect(send(s, [register], [s.fixture.seller]).error).toBe('');
      const [record] = findLeaderRecordAddress(s.fixture.programId, s.fixture.presale, 'voided');
      expect(buy(s, createFundedKeypair(s.svm, 5n), SOL, { leaderRecord: record }).error).toBe('');
      endAndFinalize(s);
      return send(s, [claimCommissionIx(s, { wallet, record })], [wallet]);
    },
  },
  {
    name: 'claiming an escrowed commission from another presale’s escrow',
    terms: ESCROW,
    expected: 'InvalidLeaderRecord',
    run: (s) => {
      const leader = leaderBuy(s);
      endAndFinalize(s);
      const other = createOtherSale(s, ESCROW);
      const ix = withAccount(claimCommissionIx(s, leader), 3, { pubkey: other.fixture.presale });
      return send(s, [ix], [leader.wallet]);
    },
  },
  {
    name: 'claiming an escrowed commission without naming the presale',
    terms: ESCROW,
    expected: 'CommissionInEscrow',
    run: (s) => {
      const leader = leaderBuy(s);
      endAndFinalize(s);
      const ix = buildClaimCommissionInstruction({
        programId: s.fixture.programId,
        leaderWallet: leader.wallet.publicKey,
        leaderRecord: leader.record,
      });
      return send(s, [ix], [leader.wallet]);
    },
  },
  {
    name: 'moving a finalized sale’s end later',
    terms: AT_COMPLETION,
    expected: 'SaleCompleted',
    run: (s) => {
      endAndFinalize(s);
      const ix = buildSetWindowInstruction({ ...sellerParams(s), start: START, end: END * 2n });
      return send(s, [ix], [s.fixture.seller]);
    },
  },
  {
    name: 'reopening an ended, unfinalized sale with new limits',
    terms: AT_COMPLETION,
    expected: 'SaleCompleted',
    run: (s) => {
      setNow(s, END);
      const ix = buildUpdateLimitsInstruction({
        ...sellerParams(s),
        ...s.fixture.limits,
        maxTotalBuyable: 2n * s.fixture.limits.maxTotalBuyable,
      });
      return send(s, [ix], [s.fixture.seller]);
    },
  },
  {
    name: 'buying from an at-completion presale whose window has no end',
    terms: AT_COMPLETION,
    expected: 'SaleEndRequired',
    run: (s) => {
      const open = buildSetWindowInstruction({ ...sellerParams(s), start: 0n, end: 0n });
      expect(send(s, [open], [s.fixture.seller]).error).toBe('');
      return buy(s, createFundedKeypair(s.svm, 5n), SOL);
    },
  },
  {
    name: 'moving the end later once anyone bought (no minimum raise)',
    terms: AT_COMPLETION,
    expected: 'WindowLocked',
    run: (s) => {
      buyers(s, SOL);
      const later = buildSetWindowInstruction({ ...sellerParams(s), start: START, end: END + 1n });
      return send(s, [later], [s.fixture.seller]);
    },
  },
  {
    name: 'buying after Finalize',
    terms: ESCROW,
    expected: 'AlreadyFinalized',
    run: (s) => {
      const buyer = failed(s);
      return buy(s, buyer, SOL);
    },
  },
];

describeSaleAttacks(attacks, (version) => {
  it('never pays out SOL that anyone sent to the escrow', () => {
    const s = createAtCompletionSale(version, ESCROW);
    const [buyer] = buyers(s, SOL) as [Keypair];
    const donor = createFundedKeypair(s.svm, 10n);
    const gift = SystemProgram.transfer({
      fromPubkey: donor.publicKey,
      toPubkey: s.fixture.presale,
      lamports: 3 * Number(SOL),
    });
    expect(send(s, [gift], [donor]).error).toBe('');
    endAndFinalize(s);
    const before = readSvmBalance(s.svm, buyer.publicKey);
    expect(refund(s, donor, buyer.publicKey).error).toBe('');
    const recordRent = s.svm.minimumBalanceForRentExemption(BigInt(BUYER_RECORD_ACCOUNT_SIZE));
    expect(readSvmBalance(s.svm, buyer.publicKey) - before).toBe(SOL + recordRent);
    expect(readPresale(s)).toMatchObject({ escrowLamports: 0n, refundedLamports: SOL });
    expect(readSvmBalance(s.svm, s.fixture.presale)).toBe(
      s.svm.minimumBalanceForRentExemption(
        BigInt(readSvmAccount(s.svm, s.fixture.presale)?.data.length ?? 0),
      ) +
        3n * SOL,
    );
  });
});
