/**
 * What a buyer can do to their own accounts against the delivery, and what a buyer can do to
 * the sale's outcome: an FBT account handed to someone else (SetAuthority), closed in the
 * delivery's own transaction, a Token-2022 account that requires memos or carries a CPI guard;
 * a vault with a CPI guard; a sale sold out just short of its minimum raise; the seller's
 * WithdrawUnsold in the middle of a vesting. One buyer's account can only ever fail the
 * Distribute that names it (the keeper leaves such buyers to their own Claim), never take or
 * lock anyone's FBT, and a sold-out sale always reaches its minimum raise.
 */
import {
  AuthorityType,
  createCloseAccountInstruction,
  createDisableRequiredMemoTransfersInstruction,
  createEnableCpiGuardInstruction,
  createEnableRequiredMemoTransfersInstruction,
  createReallocateInstruction,
  createSetAuthorityInstruction,
  ExtensionType,
  getAccountLen,
} from '@solana/spl-token';
import { Keypair, SystemProgram, type PublicKey } from '@solana/web3.js';
import { describe, expect, it } from 'vitest';
import {
  buildClaimInstruction,
  buildCreateAssociatedTokenAccountIdempotentInstruction,
  buildCreatePresaleAccountInstruction,
  buildDistributeInstruction,
  buildInitializeInstruction,
  buildUpdateLimitsInstruction,
  findAssociatedTokenAddress,
  findAuthorityAddress,
  PRESALE_ACCOUNT_SIZE,
  TOKEN_2022_PROGRAM_ID,
  type DeliveryTarget,
} from '@fbt/presale-client';
import {
  createTestMint,
  createTestTokenAccount,
  DEFAULT_TEST_LIMITS,
  initializeAccount3,
  mintTo,
  readSvmAccount,
  readSvmTokenAmount,
} from './support/index';
import { expectRejected, SOL } from './support/attack-helpers';
import { buy, createChain, createFundedKeypair, SBPF_VERSIONS, send } from './support/harness';
import {
  createAtCompletionSale,
  END,
  finalize,
  readPresale,
  readRecord,
  sellerParams,
  setNow,
  stranger,
  vaultBalance,
  withdrawUnsold,
  type Sale,
} from './support/distribution';
import { AT_COMPLETION, buyers, endAndFinalize, ESCROW, VESTING } from './support/sale-attacks';

const vault = (s: Sale) => ({
  programId: s.fixture.programId,
  presale: s.fixture.presale,
  tempTokenAccount: s.fixture.tempTokenAccount,
  mint: s.fixture.mint,
  tokenProgram: s.fixture.tokenProgram,
});

/** The buyer's associated FBT account under the sale's token program. */
const ataOf = (s: Sale, owner: PublicKey) =>
  findAssociatedTokenAddress({ owner, mint: s.fixture.mint, tokenProgram: s.fixture.tokenProgram });

const fbt = (s: Sale, account: PublicKey) => readSvmTokenAmount(s.svm, account) ?? 0n;

const distributeIx = (s: Sale, targets: readonly DeliveryTarget[]) =>
  buildDistributeInstruction({ ...vault(s), buyers: targets });

const claimIx = (s: Sale, buyer: Keypair, buyerTokenAccount?: PublicKey) =>
  buildClaimInstruction({
    ...vault(s),
    buyer: buyer.publicKey,
    ...(buyerTokenAccount ? { buyerTokenAccount } : {}),
  });

/** Two buyers of a succeeded sale (1 SOL and 2 SOL). */
function twoBuyers(s: Sale): [Keypair, Keypair] {
  const pair = buyers(s, SOL, 2n * SOL) as [Keypair, Keypair];
  endAndFinalize(s);
  return pair;
}

/** Token-2022 refuses the transfer into an account requiring memos (no memo before it). */
function expectNoMemoRefusal(outcome: ReturnType<typeof send>): void {
  expect(outcome.ok).toBe(false);
  expect(outcome.presaleError).toBeNull();
  expect(outcome.logs.join('\n')).toMatch(/No memo in previous instruction/);
}

describe.each(SBPF_VERSIONS)('security (sBPF %s)', (version) => {
  it('refuses an FBT account its buyer handed to someone else, for the whole Distribute', () => {
    const s = createAtCompletionSale(version, AT_COMPLETION);
    const [victim, griefer] = twoBuyers(s);
    const accomplice = Keypair.generate().publicKey;
    const handOver = createSetAuthorityInstruction(
      ataOf(s, griefer.publicKey),
      griefer.publicKey,
      AuthorityType.AccountOwner,
      accomplice,
    );
    expect(send(s, [handOver], [griefer]).error).toBe('');
    const both = [{ buyer: victim.publicKey }, { buyer: griefer.publicKey }];
    expectRejected(send(s, [distributeIx(s, both)], [stranger(s)]), 'InvalidTokenAccount');
    expectRejected(send(s, [claimIx(s, griefer)], [griefer]), 'InvalidTokenAccount');
    expect(fbt(s, ataOf(s, victim.publicKey))).toBe(0n);
    // Leaving the griefer out delivers everyone else; the griefer claims into a new account.
    expect(send(s, [distributeIx(s, both.slice(0, 1))], [stranger(s)]).error).toBe('');
    const fresh = createTestTokenAccount(s.svm, {
      payer: griefer,
      mint: s.fixture.mint,
      owner: griefer.publicKey,
    });
    expect(send(s, [claimIx(s, griefer, fresh)], [griefer]).error).toBe('');
    expect(readPresale(s)).toMatchObject({ tokensOwed: 0n, buyersDelivered: 2n });
    expect(fbt(s, ataOf(s, accomplice))).toBe(0n);
  });

  it('refuses an FBT account closed in the same transaction; re-created (even pre-funded), it delivers', () => {
    const s = createAtCompletionSale(version, AT_COMPLETION);
    const [, buyer] = twoBuyers(s);
    const ata = ataOf(s, buyer.publicKey);
    const close = createCloseAccountInstruction(ata, buyer.publicKey, buyer.publicKey);
    const target = [{ buyer: buyer.publicKey }];
    expectRejected(send(s, [close, distributeIx(s, target)], [buyer]), 'InvalidTokenAccount');
    expect(send(s, [close], [buyer]).error).toBe('');
    // A griefer parks lamports at the closed address: it is no token account, yet still creatable.
    const griefer = stranger(s);
    const park = SystemProgram.transfer({
      fromPubkey: griefer.publicKey,
      toPubkey: ata,
      lamports: Number(s.svm.minimumBalanceForRentExemption(0n)),
    });
    expect(send(s, [park], [griefer]).error).toBe('');
    expectRejected(send(s, [distributeIx(s, target)], [griefer]), 'InvalidTokenAccount');
    // The keeper (anyone) re-creates it, paying its rent, in the Distribute's transaction.
    const keeper = stranger(s);
    const recreate = buildCreateAssociatedTokenAccountIdempotentInstruction({
      payer: keeper.publicKey,
      owner: buyer.publicKey,
      mint: s.fixture.mint,
      tokenProgram: s.fixture.tokenProgram,
    });
    expect(send(s, [recreate, distributeIx(s, target)], [keeper]).error).toBe('');
    expect(fbt(s, ata)).toBe(readRecord(s, buyer.publicKey)?.tokensReceived);
  });

  it('lets a memo-required Token-2022 account fail only the Distribute that names it', () => {
    const s = createAtCompletionSale(version, AT_COMPLETION, { tokenProgram: 'token-2022' });
    const [victim, griefer] = twoBuyers(s);
    const ata = ataOf(s, griefer.publicKey);
    const requireMemos = [
      createReallocateInstruction(
        ata,
        griefer.publicKey,
        [ExtensionType.MemoTransfer],
        griefer.publicKey,
        [],
        TOKEN_2022_PROGRAM_ID,
      ),
      createEnableRequiredMemoTransfersInstruction(
        ata,
        griefer.publicKey,
        [],
        TOKEN_2022_PROGRAM_ID,
      ),
    ];
    expect(send(s, requireMemos, [griefer]).error).toBe('');
    const both = [{ buyer: victim.publicKey }, { buyer: griefer.publicKey }];
    expectNoMemoRefusal(send(s, [distributeIx(s, both)], [stranger(s)]));
    expectNoMemoRefusal(send(s, [claimIx(s, griefer)], [griefer]));
    expect(readPresale(s).tokensDelivered).toBe(0n);
    expect(send(s, [distributeIx(s, both.slice(0, 1))], [stranger(s)]).error).toBe('');
    const allowMemoless = createDisableRequiredMemoTransfersInstruction(
      ata,
      griefer.publicKey,
      [],
      TOKEN_2022_PROGRAM_ID,
    );
    expect(send(s, [allowMemoless, claimIx(s, griefer)], [griefer]).error).toBe('');
    expect(readPresale(s)).toMatchObject({ tokensOwed: 0n, buyersDelivered: 2n });
  });

  it('delivers into a Token-2022 account with a CPI guard (it guards what leaves, not what comes)', () => {
    const s = createAtCompletionSale(version, AT_COMPLETION, { tokenProgram: 'token-2022' });
    const [buyer] = twoBuyers(s);
    const ata = ataOf(s, buyer.publicKey);
    const guard = [
      createReallocateInstruction(
        ata,
        buyer.publicKey,
        [ExtensionType.CpiGuard],
        buyer.publicKey,
        [],
        TOKEN_2022_PROGRAM_ID,
      ),
      createEnableCpiGuardInstruction(ata, buyer.publicKey, [], TOKEN_2022_PROGRAM_ID),
    ];
    expect(send(s, guard, [buyer]).error).toBe('');
    expect(send(s, [distributeIx(s, [{ buyer: buyer.publicKey }])], [stranger(s)]).error).toBe('');
    expect(fbt(s, ata)).toBe(readRecord(s, buyer.publicKey)?.tokensReceived);
  });

  it('never takes a vault whose CPI guard is on: its owner cannot become the authority', () => {
    const s = createChain(version);
    const seller = createFundedKeypair(s.svm, 10n);
    const mint = createTestMint(s.svm, seller, 9, { tokenProgram: 'token-2022' });
    const presale = Keypair.generate();
    const [authority] = findAuthorityAddress(s.programId, presale.publicKey);
    const guarded = Keypair.generate();
    const space = getAccountLen([ExtensionType.CpiGuard]);
    const create = [
      SystemProgram.createAccount({
        fromPubkey: seller.publicKey,
        newAccountPubkey: guarded.publicKey,
        lamports: Number(s.svm.minimumBalanceForRentExemption(BigInt(space))),
        space,
        programId: TOKEN_2022_PROGRAM_ID,
      }),
      initializeAccount3(TOKEN_2022_PROGRAM_ID, guarded.publicKey, mint, seller.publicKey),
      mintTo(TOKEN_2022_PROGRAM_ID, mint, guarded.publicKey, seller.publicKey, 10n ** 15n),
      createEnableCpiGuardInstruction(
        guarded.publicKey,
        seller.publicKey,
        [],
        TOKEN_2022_PROGRAM_ID,
      ),
    ];
    expect(send(s, create, [seller, guarded]).error).toBe('');
    const initialize = [
      buildCreatePresaleAccountInstruction({
        programId: s.programId,
        payer: seller.publicKey,
        presale: presale.publicKey,
        lamports: s.svm.minimumBalanceForRentExemption(BigInt(PRESALE_ACCOUNT_SIZE)),
      }),
      buildInitializeInstruction({
        programId: s.programId,
        seller: seller.publicKey,
        presale: presale.publicKey,
        tempTokenAccount: guarded.publicKey,
        mint,
        tokenProgram: TOKEN_2022_PROGRAM_ID,
        tokenPrice: 50_000n,
        ...DEFAULT_TEST_LIMITS,
        active: true,
        terms: ESCROW,
      }),
    ];
    // The hand-over inside Initialize, and one sent by the seller directly, are both refused:
    // a guarded account could never pay out through the program, so it never becomes a vault.
    const outcome = send(s, initialize, [seller, presale]);
    // Token-2022's CpiGuardSetAuthorityBlocked (46) inside Initialize, CpiGuardOwnerChangeBlocked
    // (47) sent directly.
    expect({ ok: outcome.ok, code: outcome.customCode }).toEqual({ ok: false, code: 46 });
    expect(outcome.logs.join('\n')).toMatch(/CPI Guard is enabled/);
    const handOver = createSetAuthorityInstruction(
      guarded.publicKey,
      seller.publicKey,
      AuthorityType.AccountOwner,
      authority,
      [],
      TOKEN_2022_PROGRAM_ID,
    );
    const direct = send(s, [handOver], [seller]);
    expect({ ok: direct.ok, code: direct.customCode }).toEqual({ ok: false, code: 47 });
    expect(readSvmAccount(s.svm, presale.publicKey)).toBeNull();
  });

  it('holds a sale sold out just short of its highest minimum raise to a success', () => {
    const limits = { minUserBuyable: SOL, maxUserBuyable: 100n * SOL, maxTotalBuyable: 100n * SOL };
    const highest = limits.maxTotalBuyable - limits.minUserBuyable + 1n;
    const s = createAtCompletionSale(
      version,
      { mode: 'at-completion', minimumRaise: highest },
      { limits },
    );
    buyers(s, 10n * SOL);
    // The attacker leaves less than a minimum purchase unsold: the sale is sold out at once.
    const attacker = createFundedKeypair(s.svm, 200n);
    expect(buy(s, attacker, highest - 10n * SOL).error).toBe('');
    expect(readPresale(s)).toMatchObject({ status: 'sold-out', currentTotalSold: highest });
    expect(finalize(s, attacker).error).toBe('');
    expect(readPresale(s).status).toBe('succeeded');
    // Nor can the seller later raise the minimum purchase past that point.
    const tighter = buildUpdateLimitsInstruction({ ...sellerParams(s), ...limits });
    expectRejected(send(s, [tighter], [s.fixture.seller]), 'SaleCompleted');
  });

  it('refuses limits under which a sale could sell out short of its minimum raise', () => {
    const s = createAtCompletionSale(version, ESCROW);
    const limits = (minUserBuyable: bigint) =>
      send(
        s,
        [
          buildUpdateLimitsInstruction({
            ...sellerParams(s),
            minUserBuyable,
            maxUserBuyable: 100n * SOL,
            maxTotalBuyable: 100n * SOL,
          }),
        ],
        [s.fixture.seller],
      );
    // A 5 SOL minimum raise of 100 SOL: sold out means sold > 100 SOL - minimum purchase, so a
    // minimum purchase above 95 SOL + 1 lamport lets a sold-out sale stop short of 5 SOL.
    expectRejected(limits(95n * SOL + 2n), 'InvalidMinimumRaise');
    expect(limits(95n * SOL + 1n).error).toBe('');
  });

  it('gives the seller mid-vesting exactly what is not owed; every buyer still gets all', () => {
    const s = createAtCompletionSale(version, VESTING);
    const group = buyers(s, 1_234_567_891n, 2_718_281_829n, 3_141_592_653n);
    endAndFinalize(s);
    setNow(s, END + 1_000n + 1_234n);
    const targets = group.map((b) => ({ buyer: b.publicKey }));
    expect(send(s, [distributeIx(s, targets)], [stranger(s)]).error).toBe('');
    const { outcome, destination } = withdrawUnsold(s);
    expect(outcome.error).toBe('');
    expect(vaultBalance(s)).toBe(readPresale(s).tokensOwed);
    expect(readSvmTokenAmount(s.svm, destination)).toBeGreaterThan(0n);
    setNow(s, END + 10_000n);
    expect(send(s, [distributeIx(s, targets)], [stranger(s)]).error).toBe('');
    for (const b of group) {
      expect(fbt(s, ataOf(s, b.publicKey))).toBe(readRecord(s, b.publicKey)?.tokensReceived);
    }
    expect(vaultBalance(s)).toBe(0n);
    expect(readPresale(s)).toMatchObject({ tokensOwed: 0n, buyersDelivered: 3n });
  });
});
