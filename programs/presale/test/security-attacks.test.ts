/**
 * The sale-completion instructions attacked as an outsider with a funded wallet would: one
 * account passed twice (presale as record, escrow as destination, vault as buyer account, a
 * record as its own token account), a second payout in the same transaction, a refunded record
 * kept alive by sending its rent back, the clock at the window's end, before the cliff, before
 * the completion and at the end of time, a purchase of u64::MAX lamports, completion calls on
 * the wrong kind of sale. Each is refused with its exact error and moves nothing.
 */
import type { Keypair, PublicKey } from '@solana/web3.js';
import { SystemProgram } from '@solana/web3.js';
import { expect, it } from 'vitest';
import {
  buildClaimCommissionInstruction,
  buildClaimInstruction,
  buildDistributeInstruction,
  buildRefundInstruction,
  buildRegisterLeaderInstruction,
  buildWithdrawProceedsInstruction,
  buildWithdrawUnsoldInstruction,
  BUYER_RECORD_ACCOUNT_SIZE,
  findBuyerRecordAddress,
  findLeaderRecordAddress,
} from '@fbt/presale-client';
import { readSvmAccount } from './support/index';
import { expectRejected, SOL, U64_MAX, withAccount } from './support/attack-helpers';
import { buy, createFundedKeypair, send } from './support/harness';
import {
  claim,
  createAtCompletionSale,
  END,
  fbtOf,
  readPresale,
  sellerParams,
  setNow,
  stranger,
  withdrawProceeds,
  type Sale,
} from './support/distribution';
import {
  AT_COMPLETION,
  buyers,
  describeSaleAttacks,
  endAndFinalize,
  ESCROW,
  VESTING,
  type SaleAttack,
} from './support/sale-attacks';

const I64_MAX = 2n ** 63n - 1n;

/** A failed escrow sale (1 SOL of a 5 SOL minimum) and its buyer. */
function failed(s: Sale): Keypair {
  const [buyer] = buyers(s, SOL) as [Keypair];
  endAndFinalize(s);
  return buyer;
}

/** A succeeded sale (6 SOL bought, above the escrow terms' 5 SOL minimum) and its buyer. */
function succeeded(s: Sale): Keypair {
  const [buyer] = buyers(s, 6n * SOL) as [Keypair];
  endAndFinalize(s);
  return buyer;
}

const recordOf = (s: Sale, buyer: PublicKey) =>
  findBuyerRecordAddress(s.fixture.programId, s.fixture.presale, buyer)[0];

/** A leader on the sale with one 6 SOL buy through its code, finalized (succeeded). */
function leaderSucceeded(s: Sale): { wallet: Keypair; record: PublicKey } {
  const wallet = createFundedKeypair(s.svm, 1n);
  const register = buildRegisterLeaderInstruction({
    ...sellerParams(s),
    code: 'twice',
    leaderWallet: wallet.publicKey,
  });
  expect(send(s, [register], [s.fixture.seller]).error).toBe('');
  const [record] = findLeaderRecordAddress(s.fixture.programId, s.fixture.presale, 'twice');
  const buyer = createFundedKeypair(s.svm, 20n);
  expect(buy(s, buyer, 6n * SOL, { leaderRecord: record }).error).toBe('');
  endAndFinalize(s);
  return { wallet, record };
}

const attacks: readonly SaleAttack[] = [
  {
    name: 'a refund naming the presale as the buyer record too',
    terms: ESCROW,
    expected: 'DuplicateAccount',
    run: (s) => {
      const buyer = failed(s);
      const ix = buildRefundInstruction({ ...s.fixture, buyer: buyer.publicKey });
      return send(s, [withAccount(ix, 1, { pubkey: s.fixture.presale })], [buyer]);
    },
  },
  {
    name: 'a refund paying the escrow back into itself (the presale as the buyer)',
    terms: ESCROW,
    expected: 'DuplicateAccount',
    run: (s) => {
      const buyer = failed(s);
      const ix = buildRefundInstruction({ ...s.fixture, buyer: buyer.publicKey });
      return send(s, [withAccount(ix, 2, { pubkey: s.fixture.presale })], [buyer]);
    },
  },
  {
    name: 'a refund to the buyer passed read-only',
    terms: ESCROW,
    expected: 'NotWritable',
    run: (s) => {
      const buyer = failed(s);
      const ix = buildRefundInstruction({ ...s.fixture, buyer: buyer.publicKey });
      const payer = stranger(s);
      return send(s, [withAccount(ix, 2, { isWritable: false })], [payer]);
    },
  },
  {
    name: 'a refunded record kept alive (its rent sent back) and refunded again',
    terms: ESCROW,
    expected: 'InvalidBuyerRecord',
    run: (s) => {
      const buyer = failed(s);
      const ix = buildRefundInstruction({ ...s.fixture, buyer: buyer.publicKey });
      const revive = SystemProgram.transfer({
        fromPubkey: buyer.publicKey,
        toPubkey: recordOf(s, buyer.publicKey),
        lamports: Number(s.svm.minimumBalanceForRentExemption(BigInt(BUYER_RECORD_ACCOUNT_SIZE))),
      });
      // The record survives the transaction zeroed: no kind, no buyer, nothing to refund.
      expect(send(s, [ix, revive], [buyer]).error).toBe('');
      expect(readSvmAccount(s.svm, recordOf(s, buyer.publicKey))?.data.every((b) => b === 0)).toBe(
        true,
      );
      return send(s, [ix], [buyer]);
    },
  },
  {
    name: 'proceeds withdrawn with the presale signing as the seller (escrow as destination)',
    terms: ESCROW,
    expected: 'DuplicateAccount',
    run: (s) => {
      succeeded(s);
      const ix = buildWithdrawProceedsInstruction({
        ...sellerParams(s),
        seller: s.fixture.presale,
      });
      return send(s, [ix], [stranger(s), s.fixture.presaleKeypair]);
    },
  },
  {
    name: 'the proceeds withdrawn twice in one transaction',
    terms: ESCROW,
    expected: 'NothingToWithdraw',
    run: (s) => {
      succeeded(s);
      const ix = buildWithdrawProceedsInstruction(sellerParams(s));
      return send(s, [ix, ix], [s.fixture.seller]);
    },
  },
  {
    name: 'the proceeds withdrawn with a buyer record appended',
    terms: ESCROW,
    expected: 'WrongAccountCount',
    run: (s) => {
      const buyer = succeeded(s);
      const ix = buildWithdrawProceedsInstruction(sellerParams(s));
      ix.keys.push({ pubkey: recordOf(s, buyer.publicKey), isSigner: false, isWritable: true });
      return send(s, [ix], [s.fixture.seller]);
    },
  },
  {
    name: 'proceeds of a sale with no minimum raise (its SOL already paid)',
    terms: AT_COMPLETION,
    expected: 'NoEscrow',
    run: (s) => {
      succeeded(s);
      return withdrawProceeds(s);
    },
  },
  {
    name: 'an escrowed commission claimed twice in one transaction',
    terms: ESCROW,
    expected: 'NothingToClaim',
    run: (s) => {
      const leader = leaderSucceeded(s);
      const ix = buildClaimCommissionInstruction({
        programId: s.fixture.programId,
        leaderWallet: leader.wallet.publicKey,
        leaderRecord: leader.record,
        presale: s.fixture.presale,
      });
      return send(s, [ix, ix], [leader.wallet]);
    },
  },
  {
    name: 'a commission claimed with the presale signing as the leader wallet',
    terms: ESCROW,
    expected: 'DuplicateAccount',
    run: (s) => {
      const leader = leaderSucceeded(s);
      const ix = buildClaimCommissionInstruction({
        programId: s.fixture.programId,
        leaderWallet: s.fixture.presale,
        leaderRecord: leader.record,
        presale: s.fixture.presale,
      });
      return send(s, [ix], [stranger(s), s.fixture.presaleKeypair]);
    },
  },
  {
    name: 'a refund of a sale with no minimum raise',
    terms: AT_COMPLETION,
    expected: 'NoEscrow',
    run: (s) => {
      const buyer = succeeded(s);
      return send(s, [buildRefundInstruction({ ...s.fixture, buyer: buyer.publicKey })], [buyer]);
    },
  },
  {
    name: 'a claim naming the vault as the buyer’s token account',
    terms: AT_COMPLETION,
    expected: 'DuplicateAccount',
    run: (s) => {
      const buyer = succeeded(s);
      return claim(s, buyer, s.fixture.tempTokenAccount);
    },
  },
  {
    name: 'a claim twice in one transaction',
    terms: AT_COMPLETION,
    expected: 'NothingDue',
    run: (s) => {
      const buyer = succeeded(s);
      const ix = buildClaimInstruction({ ...s.fixture, buyer: buyer.publicKey });
      return send(s, [ix, ix], [buyer]);
    },
  },
  {
    name: 'a claim of a failed sale',
    terms: ESCROW,
    expected: 'SaleFailed',
    run: (s) => claim(s, failed(s)),
  },
  {
    name: 'a distribution of a failed sale',
    terms: ESCROW,
    expected: 'SaleFailed',
    run: (s) => {
      const buyer = failed(s);
      const ix = buildDistributeInstruction({ ...s.fixture, buyers: [{ buyer: buyer.publicKey }] });
      return send(s, [ix], [stranger(s)]);
    },
  },
  {
    name: 'a distribution naming the presale as a buyer record',
    terms: AT_COMPLETION,
    expected: 'InvalidBuyerRecord',
    run: (s) => {
      const buyer = succeeded(s);
      const ix = buildDistributeInstruction({
        ...s.fixture,
        buyers: [{ buyer: buyer.publicKey, buyerRecord: s.fixture.presale }],
      });
      return send(s, [ix], [stranger(s)]);
    },
  },
  {
    name: 'a distribution naming the vault as a buyer record',
    terms: AT_COMPLETION,
    expected: 'InvalidBuyerRecord',
    run: (s) => {
      const buyer = succeeded(s);
      const ix = buildDistributeInstruction({
        ...s.fixture,
        buyers: [{ buyer: buyer.publicKey, buyerRecord: s.fixture.tempTokenAccount }],
      });
      return send(s, [ix], [stranger(s)]);
    },
  },
  {
    name: 'a distribution naming a record as its own token account',
    terms: AT_COMPLETION,
    expected: 'InvalidTokenAccount',
    run: (s) => {
      const buyer = succeeded(s);
      const record = recordOf(s, buyer.publicKey);
      const ix = buildDistributeInstruction({
        ...s.fixture,
        buyers: [{ buyer: buyer.publicKey, buyerTokenAccount: record }],
      });
      return send(s, [ix], [stranger(s)]);
    },
  },
  {
    name: 'a distribution naming the presale as a buyer’s token account',
    terms: AT_COMPLETION,
    expected: 'InvalidTokenAccount',
    run: (s) => {
      const buyer = succeeded(s);
      const ix = buildDistributeInstruction({
        ...s.fixture,
        buyers: [{ buyer: buyer.publicKey, buyerTokenAccount: s.fixture.presale }],
      });
      return send(s, [ix], [stranger(s)]);
    },
  },
  {
    name: 'unsold FBT withdrawn into the vault itself',
    terms: AT_COMPLETION,
    expected: 'DuplicateAccount',
    run: (s) => {
      succeeded(s);
      const ix = buildWithdrawUnsoldInstruction({
        ...sellerParams(s),
        tempTokenAccount: s.fixture.tempTokenAccount,
        mint: s.fixture.mint,
        destinationTokenAccount: s.fixture.tempTokenAccount,
      });
      return send(s, [ix], [s.fixture.seller]);
    },
  },
  {
    name: 'a buy at the window’s exact end (now = end)',
    terms: ESCROW,
    expected: 'SaleEnded',
    run: (s) => {
      setNow(s, END);
      return buy(s, createFundedKeypair(s.svm, 5n), SOL);
    },
  },
  {
    name: 'a buy of u64::MAX lamports',
    terms: ESCROW,
    expected: 'ExceedsTotalMaximum',
    run: (s) => buy(s, createFundedKeypair(s.svm, 5n), U64_MAX),
  },
  {
    name: 'a claim one second before the cliff (25% already delivered)',
    terms: VESTING,
    expected: 'NothingDue',
    run: (s) => {
      const buyer = succeeded(s);
      expect(claim(s, buyer).error).toBe('');
      setNow(s, END + 999n);
      return claim(s, buyer);
    },
  },
  {
    name: 'a claim with the clock moved before the completion (elapsed counts as 0)',
    terms: VESTING,
    expected: 'NothingDue',
    run: (s) => {
      const buyer = succeeded(s);
      expect(claim(s, buyer).error).toBe('');
      setNow(s, -I64_MAX);
      return claim(s, buyer);
    },
  },
  {
    name: 'a second claim at the end of time (i64::MAX: everything went in the first)',
    terms: VESTING,
    expected: 'NothingDue',
    run: (s) => {
      const buyer = succeeded(s);
      setNow(s, I64_MAX);
      expect(claim(s, buyer).error).toBe('');
      const bought = readPresale(s).tokensDelivered;
      expect(fbtOf(s, buyer.publicKey)).toBe(bought);
      expect(readPresale(s).tokensOwed).toBe(0n);
      return claim(s, buyer);
    },
  },
];

describeSaleAttacks(attacks, (version) => {
  it('leaves the escrow holding exactly its rent once proceeds and commission are paid', () => {
    const s = createAtCompletionSale(version, ESCROW);
    const leader = leaderSucceeded(s);
    const claimIx = buildClaimCommissionInstruction({
      programId: s.fixture.programId,
      leaderWallet: leader.wallet.publicKey,
      leaderRecord: leader.record,
      presale: s.fixture.presale,
    });
    expect(send(s, [claimIx], [leader.wallet]).error).toBe('');
    expect(withdrawProceeds(s).error).toBe('');
    const account = readSvmAccount(s.svm, s.fixture.presale);
    const rent = s.svm.minimumBalanceForRentExemption(BigInt(account?.data.length ?? 0));
    expect(account?.lamports).toBe(rent);
    expect(readPresale(s)).toMatchObject({
      escrowLamports: 0n,
      proceedsWithdrawn: (6n * SOL * 9n) / 10n,
    });
    // Nothing is left to pay, whichever way it is asked for.
    expectRejected(send(s, [claimIx], [leader.wallet]), 'NothingToClaim');
    expectRejected(withdrawProceeds(s), 'NothingToWithdraw');
  });
});
