import { Rent } from 'litesvm';
import { describe, expect, it } from 'vitest';
import { computeTokenAmount, LAMPORTS_PER_SOL } from '@fbt/domain';
import {
  buildSetActiveInstruction,
  buildUpdateLimitsInstruction,
  buildWithdrawUnsoldInstruction,
  decodeBuyerRecordAccount,
  decodePresaleAccount,
  findAssociatedTokenAddress,
  findBuyerRecordAddress,
  BUYER_RECORD_ACCOUNT_SIZE,
  PRESALE_ACCOUNT_SIZE,
} from '@fbt/presale-client';
import {
  createTestTokenAccount,
  readSvmAccount,
  readSvmBalance,
  readSvmTokenAmount,
  TOKEN_PROGRAM_NAMES,
} from './support/index';
import {
  buy,
  createFundedKeypair,
  createPresale as createPresaleOn,
  send,
  SBPF_VERSIONS,
} from './support/harness';

const SOL = LAMPORTS_PER_SOL;
const FEE = 5_000n;

/** Every behaviour on both builds, for a mint of each token program. */
const CASES = SBPF_VERSIONS.flatMap((version) =>
  TOKEN_PROGRAM_NAMES.map((tokenProgram) => [version, tokenProgram] as const),
);
/** A Token-2022 associated token account carries ImmutableOwner: 165 + 1 + 4 bytes. */
const ATA_SIZE = { 'spl-token': 165, 'token-2022': 170 } as const;

describe.each(CASES)('presale program (sBPF %s, %s mint)', (version, tokenProgram) => {
  const createPresale = (options: Parameters<typeof createPresaleOn>[1] = {}) =>
    createPresaleOn(version, { tokenProgram, ...options });

  it('initializes: the base state, vault handed to the authority PDA, extras recorded', () => {
    const chain = createPresale();
    const { fixture } = chain;
    const account = readSvmAccount(chain.svm, fixture.presale);
    expect(account?.owner).toBe(fixture.programId.toBase58());
    const state = decodePresaleAccount(account?.data ?? new Uint8Array());
    expect(state).toMatchObject({
      isInitialized: true,
      isActived: true,
      sellerPubkey: fixture.seller.publicKey.toBase58(),
      tempTokenAccountPubkey: fixture.tempTokenAccount.toBase58(),
      tokenPrice: 50_000n,
      minUserBuyable: SOL / 10n,
      maxUserBuyable: 10n * SOL,
      maxTotalBuyable: 100n * SOL,
      currentTotalSold: 0n,
      decimals: 6,
      mint: fixture.mint.toBase58(),
      authority: fixture.authority.toBase58(),
      tokensSold: 0n,
      buyerCount: 0n,
      version: 3,
      saleStart: 0n,
      saleEnd: 0n,
      hasAllowlist: false,
      pendingSeller: null,
      leaderCount: 0n,
      leaderCommission: 0n,
      deliveryMode: 'instant',
      status: 'open',
      minimumRaise: 0n,
      unlockedAtCompletionBps: 10_000,
      tokensOwed: 0n,
      escrowLamports: 0n,
    });
    expect(account?.data.length).toBe(PRESALE_ACCOUNT_SIZE);
    const vault = readSvmAccount(chain.svm, fixture.tempTokenAccount);
    // SPL token account: owner at bytes 32..64 is now the program's authority PDA
    expect(
      Buffer.from(vault?.data.subarray(32, 64) ?? []).equals(fixture.authority.toBuffer()),
    ).toBe(true);
  });

  it('sells FBT: SOL to the seller, exact tokens to the buyer, record and totals updated', () => {
    const chain = createPresale();
    const { svm, fixture } = chain;
    const buyer = createFundedKeypair(svm, 50n);
    const sellerBefore = readSvmBalance(svm, fixture.seller.publicKey);
    const buyerBefore = readSvmBalance(svm, buyer.publicKey);
    const lamports = 1_234_567_891n;

    const first = buy(chain, buyer, lamports);
    expect(first.error).toBe('');

    const expectedTokens = computeTokenAmount(lamports, 50_000n, 6);
    expect(expectedTokens).toBe(24_691_357_820n); // floor(1_234_567_891 * 10^6 / 50_000)
    const ata = findAssociatedTokenAddress({
      owner: buyer.publicKey,
      mint: fixture.mint,
      tokenProgram: fixture.tokenProgram,
    });
    expect(readSvmTokenAmount(svm, ata)).toBe(expectedTokens);
    expect(readSvmAccount(svm, ata)?.owner).toBe(fixture.tokenProgram.toBase58());
    expect(readSvmAccount(svm, ata)?.data.length).toBe(ATA_SIZE[tokenProgram]);
    expect(readSvmBalance(svm, fixture.seller.publicKey) - sellerBefore).toBe(lamports);
    const [recordAddress] = findBuyerRecordAddress(
      fixture.programId,
      fixture.presale,
      buyer.publicKey,
    );
    const recordAccount = readSvmAccount(svm, recordAddress);
    expect(recordAccount?.data.length).toBe(BUYER_RECORD_ACCOUNT_SIZE);
    const rentRecord = svm.minimumBalanceForRentExemption(BigInt(BUYER_RECORD_ACCOUNT_SIZE));
    const rentAta = svm.minimumBalanceForRentExemption(BigInt(ATA_SIZE[tokenProgram]));
    expect(recordAccount?.lamports).toBe(rentRecord);
    expect(buyerBefore - readSvmBalance(svm, buyer.publicKey)).toBe(
      lamports + FEE + rentRecord + rentAta,
    );
    expect(decodeBuyerRecordAccount(recordAccount?.data ?? new Uint8Array())).toMatchObject({
      fbtBuyedAmount: lamports,
      presale: fixture.presale.toBase58(),
      buyer: buyer.publicKey.toBase58(),
      tokensReceived: expectedTokens,
    });

    const second = buy(chain, buyer, SOL);
    expect(second.error).toBe('');
    const state = decodePresaleAccount(
      readSvmAccount(svm, fixture.presale)?.data ?? new Uint8Array(),
    );
    expect(state.currentTotalSold).toBe(lamports + SOL);
    expect(state.tokensSold).toBe(expectedTokens + 20_000_000_000n);
    expect(state.buyerCount).toBe(1n);
    expect(readSvmTokenAmount(svm, ata)).toBe(expectedTokens + 20_000_000_000n);
    expect(readSvmTokenAmount(svm, fixture.tempTokenAccount)).toBe(
      100_000_000_000_000n - state.tokensSold,
    );
  });

  it('computes exact token amounts when lamports x 10^decimals exceeds 64 bits', () => {
    // 20,000 SOL at 9 decimals: 2e13 * 1e9 = 2e22 > 2^64, so the program's 128-bit path runs.
    const chain = createPresale({
      decimals: 9,
      tokenPrice: 50_001n,
      supply: 10n ** 18n,
      limits: {
        minUserBuyable: SOL,
        maxUserBuyable: 30_000n * SOL,
        maxTotalBuyable: 30_000n * SOL,
      },
    });
    const whale = createFundedKeypair(chain.svm, 25_000n);
    const lamports = 20_000n * SOL + 12_345n;
    expect(buy(chain, whale, lamports).error).toBe('');
    const expected = computeTokenAmount(lamports, 50_001n, 9);
    expect(expected).toBe(399_992_000_406_891_862n); // floor(20_000_000_012_345 * 10^9 / 50_001)
    const ata = findAssociatedTokenAddress({
      owner: whale.publicKey,
      mint: chain.fixture.mint,
      tokenProgram: chain.fixture.tokenProgram,
    });
    expect(readSvmTokenAmount(chain.svm, ata)).toBe(expected);
  });

  it('funds a first buyer record exactly on a legacy-rent cluster (3480 lamports/byte-year, threshold 2.0)', () => {
    const chain = createPresale();
    chain.svm.setRent(new Rent(3_480n, 2.0, 50));
    const buyer = createFundedKeypair(chain.svm, 5n);
    expect(buy(chain, buyer, SOL).error).toBe('');
    const [record] = findBuyerRecordAddress(
      chain.fixture.programId,
      chain.fixture.presale,
      buyer.publicKey,
    );
    expect(readSvmAccount(chain.svm, record)?.lamports).toBe(
      (128n + BigInt(BUYER_RECORD_ACCOUNT_SIZE)) * 3_480n * 2n,
    );
  });

  it('pauses and resumes: SetActive toggles isActived', () => {
    const chain = createPresale();
    const { fixture } = chain;
    const params = {
      programId: fixture.programId,
      seller: fixture.seller.publicKey,
      presale: fixture.presale,
    };
    const read = () =>
      decodePresaleAccount(readSvmAccount(chain.svm, fixture.presale)?.data ?? new Uint8Array());
    expect(
      send(chain, [buildSetActiveInstruction({ ...params, active: false })], [fixture.seller])
        .error,
    ).toBe('');
    expect(read().isActived).toBe(false);
    expect(
      send(chain, [buildSetActiveInstruction({ ...params, active: true })], [fixture.seller]).error,
    ).toBe('');
    expect(read().isActived).toBe(true);
  });

  it('updates limits, which the next purchase obeys', () => {
    const chain = createPresale();
    const { svm, fixture } = chain;
    const outcome = send(
      chain,
      [
        buildUpdateLimitsInstruction({
          programId: fixture.programId,
          seller: fixture.seller.publicKey,
          presale: fixture.presale,
          minUserBuyable: SOL,
          maxUserBuyable: 2n * SOL,
          maxTotalBuyable: 50n * SOL,
        }),
      ],
      [fixture.seller],
    );
    expect(outcome.error).toBe('');
    const state = decodePresaleAccount(
      readSvmAccount(svm, fixture.presale)?.data ?? new Uint8Array(),
    );
    expect([state.minUserBuyable, state.maxUserBuyable, state.maxTotalBuyable]).toEqual([
      SOL,
      2n * SOL,
      50n * SOL,
    ]);
    const buyer = createFundedKeypair(svm, 10n);
    expect(buy(chain, buyer, SOL / 2n).presaleError?.name).toBe('BelowMinimum');
    expect(buy(chain, buyer, 2n * SOL).error).toBe('');
  });

  it('withdraws every unsold token to the seller once paused', () => {
    const chain = createPresale();
    const { svm, fixture } = chain;
    const buyer = createFundedKeypair(svm, 10n);
    expect(buy(chain, buyer, SOL).error).toBe('');
    const destination = createTestTokenAccount(svm, {
      payer: fixture.seller,
      mint: fixture.mint,
      owner: fixture.seller.publicKey,
      tokenProgram: fixture.tokenProgram,
    });
    const withdraw = buildWithdrawUnsoldInstruction({
      programId: fixture.programId,
      seller: fixture.seller.publicKey,
      presale: fixture.presale,
      tempTokenAccount: fixture.tempTokenAccount,
      mint: fixture.mint,
      tokenProgram: fixture.tokenProgram,
      destinationTokenAccount: destination,
    });
    expect(send(chain, [withdraw], [fixture.seller]).presaleError?.name).toBe('WithdrawNotAllowed');
    const pause = buildSetActiveInstruction({
      programId: fixture.programId,
      seller: fixture.seller.publicKey,
      presale: fixture.presale,
      active: false,
    });
    expect(send(chain, [pause, withdraw], [fixture.seller]).error).toBe('');
    expect(readSvmTokenAmount(svm, fixture.tempTokenAccount)).toBe(0n);
    expect(readSvmTokenAmount(svm, destination)).toBe(100_000_000_000_000n - 20_000_000_000n);
  });
});
