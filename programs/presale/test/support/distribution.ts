/**
 * At-completion presales on litesvm for the distribution suites: a presale with delivery terms
 * and a window, the chain's clock, the five new instructions sent as their client builds them,
 * and the account reads the suites assert on.
 */
import { getAssociatedTokenAddressSync } from '@solana/spl-token';
import type { Keypair, PublicKey } from '@solana/web3.js';
import {
  buildClaimInstruction,
  buildDistributeInstruction,
  buildFinalizeInstruction,
  buildRefundInstruction,
  buildSetWindowInstruction,
  buildWithdrawProceedsInstruction,
  buildWithdrawUnsoldInstruction,
  decodeBuyerRecordAccount,
  decodePresaleAccount,
  findBuyerRecordAddress,
  type BuyerRecordAccount,
  type DeliveryTarget,
  type DeliveryTerms,
  type PresaleAccount,
} from '@fbt/presale-client';
import { createPresale, send, type ShippedVersion } from './harness';
import type { PresaleFixtureOptions } from './presale-fixture';
import type { TransactionOutcome } from './send';
import { readSvmAccount, readSvmTokenAmount } from './svm-accounts';
import {
  createFundedKeypair,
  createPresaleFixture,
  createTestTokenAccount,
} from './presale-fixture';

export type Sale = ReturnType<typeof createPresale>;

/** The sale's window in these suites: open at START, ending at END (unix seconds). */
export const START = 1_800_000_000n;
export const END = START + 86_400n;

/** Sets the chain's unix time (litesvm starts at 0). */
export function setNow(s: Sale, unix: bigint): void {
  const clock = s.svm.getClock();
  clock.unixTimestamp = unix;
  s.svm.setClock(clock);
}

/**
 * An initialized presale with `terms`, its window [START, END) set by the seller (unless
 * `window` is false), and the chain's clock at START.
 */
export function createAtCompletionSale(
  version: ShippedVersion,
  terms: DeliveryTerms,
  options: Partial<PresaleFixtureOptions> & { readonly window?: boolean } = {},
): Sale {
  const s = createPresale(version, { ...options, terms });
  setNow(s, START);
  if (options.window !== false) {
    const outcome = send(
      s,
      [buildSetWindowInstruction({ ...sellerParams(s), start: START, end: END })],
      [s.fixture.seller],
    );
    if (!outcome.ok) throw new Error(`set window failed: ${outcome.error}`);
  }
  return s;
}

/** Another at-completion presale with `terms` on the same chain, open for a day from now. */
export function createOtherSale(s: Sale, terms: DeliveryTerms): Sale {
  const other: Sale = { ...s, fixture: createPresaleFixture({ ...s, terms }) };
  const end = s.svm.getClock().unixTimestamp + 86_400n;
  const window = buildSetWindowInstruction({ ...sellerParams(other), start: 0n, end });
  const outcome = send(other, [window], [other.fixture.seller]);
  if (!outcome.ok) throw new Error(`set window failed: ${outcome.error}`);
  return other;
}

export const sellerParams = (s: Sale) => ({
  programId: s.fixture.programId,
  seller: s.fixture.seller.publicKey,
  presale: s.fixture.presale,
});

const vault = (s: Sale) => ({
  programId: s.fixture.programId,
  presale: s.fixture.presale,
  tempTokenAccount: s.fixture.tempTokenAccount,
  mint: s.fixture.mint,
});

/** Finalize, sent and paid by `payer` (anyone). */
export function finalize(s: Sale, payer: Keypair): TransactionOutcome {
  return send(s, [buildFinalizeInstruction(vault(s))], [payer]);
}

/** Distribute to `buyers` (their associated token accounts unless named), paid by `payer`. */
export function distribute(
  s: Sale,
  payer: Keypair,
  buyers: readonly DeliveryTarget[],
): TransactionOutcome {
  return send(s, [buildDistributeInstruction({ ...vault(s), buyers })], [payer]);
}

/** The buyer's own Claim. */
export function claim(s: Sale, buyer: Keypair, buyerTokenAccount?: PublicKey): TransactionOutcome {
  const ix = buildClaimInstruction({
    ...vault(s),
    buyer: buyer.publicKey,
    ...(buyerTokenAccount ? { buyerTokenAccount } : {}),
  });
  return send(s, [ix], [buyer]);
}

/** Refund of `buyer`'s record, sent and paid by `payer` (anyone). */
export function refund(s: Sale, payer: Keypair, buyer: PublicKey): TransactionOutcome {
  return send(s, [buildRefundInstruction({ ...vault(s), buyer })], [payer]);
}

/** The seller's WithdrawProceeds; the fee is paid by `payer` when given, else by the seller. */
export function withdrawProceeds(s: Sale, payer?: Keypair): TransactionOutcome {
  const signers = payer ? [payer, s.fixture.seller] : [s.fixture.seller];
  return send(s, [buildWithdrawProceedsInstruction(sellerParams(s))], signers);
}

/** The seller's WithdrawUnsold into a fresh FBT account of the seller; returns it too. */
export function withdrawUnsold(s: Sale): { outcome: TransactionOutcome; destination: PublicKey } {
  const destination = createTestTokenAccount(s.svm, {
    payer: s.fixture.seller,
    mint: s.fixture.mint,
    owner: s.fixture.seller.publicKey,
  });
  const ix = buildWithdrawUnsoldInstruction({
    ...sellerParams(s),
    tempTokenAccount: s.fixture.tempTokenAccount,
    mint: s.fixture.mint,
    destinationTokenAccount: destination,
  });
  return { outcome: send(s, [ix], [s.fixture.seller]), destination };
}

/** The presale account as the client decodes it. */
export function readPresale(s: Sale): PresaleAccount {
  const account = readSvmAccount(s.svm, s.fixture.presale);
  if (!account) throw new Error('no presale account');
  return decodePresaleAccount(account.data);
}

/** A buyer's record, or null once closed (refunded) or never created. */
export function readRecord(s: Sale, buyer: PublicKey): BuyerRecordAccount | null {
  const [address] = findBuyerRecordAddress(s.fixture.programId, s.fixture.presale, buyer);
  const account = readSvmAccount(s.svm, address);
  return account === null ? null : decodeBuyerRecordAccount(account.data);
}

/** FBT in the buyer's associated token account (0 when it does not exist). */
export function fbtOf(s: Sale, buyer: PublicKey): bigint {
  return readSvmTokenAmount(s.svm, getAssociatedTokenAddressSync(s.fixture.mint, buyer)) ?? 0n;
}

/** FBT in the presale's vault. */
export function vaultBalance(s: Sale): bigint {
  return readSvmTokenAmount(s.svm, s.fixture.tempTokenAccount) ?? 0n;
}

/** A funded wallet with no role in the sale (a keeper, an attacker). */
export const stranger = (s: Sale): Keypair => createFundedKeypair(s.svm, 10n);
