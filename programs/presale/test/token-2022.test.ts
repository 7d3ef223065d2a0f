/**
 * A Token-2022 FBT as the operator makes it: a mint carrying its name, symbol and logo
 * (MetadataPointer to itself + TokenMetadata) is sold like any other; the vault may be the
 * authority's associated token account (which carries ImmutableOwner), and a buyer's associated
 * token account is Token-2022's. The metadata stays readable where wallets read it.
 */
import { describe, expect, it } from 'vitest';
import { computeTokenAmount } from '@fbt/domain';
import {
  buildBuyInstructions,
  buildCreatePresaleAccountInstruction,
  buildInitializeInstruction,
  decodePresaleAccount,
  findAssociatedTokenAddress,
  findAuthorityAddress,
  PRESALE_ACCOUNT_SIZE,
  TOKEN_2022_PROGRAM_ID,
} from '@fbt/presale-client';
import { Keypair } from '@solana/web3.js';
import {
  createTestAssociatedTokenAccount,
  createTestMint,
  readMetadataPointer,
  readSvmAccount,
  readSvmTokenAmount,
  readTokenMetadata,
} from './support/index';
import { SOL } from './support/attack-helpers';
import {
  buy,
  createChain,
  createFundedKeypair,
  createPresale,
  send,
  SBPF_VERSIONS,
} from './support/harness';

const METADATA = {
  name: 'Frustrated Beast Token',
  symbol: 'FBT',
  uri: 'https://fbt.test/token/fbt.json',
};

describe.each(SBPF_VERSIONS)('a Token-2022 FBT with metadata (sBPF %s)', (version) => {
  it('is initialized and sold, and still names itself to wallets afterwards', () => {
    const chain = createPresale(version, { tokenProgram: 'token-2022', metadata: METADATA });
    const { svm, fixture } = chain;
    const mintAccount = readSvmAccount(svm, fixture.mint);
    expect(mintAccount?.owner).toBe(TOKEN_2022_PROGRAM_ID.toBase58());
    expect(readMetadataPointer(mintAccount?.data ?? new Uint8Array())).toBe(
      fixture.mint.toBase58(),
    );
    const buyer = createFundedKeypair(svm, 10n);
    expect(buy(chain, buyer, SOL).error).toBe('');
    const ata = findAssociatedTokenAddress({
      owner: buyer.publicKey,
      mint: fixture.mint,
      tokenProgram: TOKEN_2022_PROGRAM_ID,
    });
    expect(readSvmTokenAmount(svm, ata)).toBe(computeTokenAmount(SOL, fixture.tokenPrice, 6));
    const state = decodePresaleAccount(
      readSvmAccount(svm, fixture.presale)?.data ?? new Uint8Array(),
    );
    expect(state.tokensSold).toBe(computeTokenAmount(SOL, fixture.tokenPrice, 6));
    expect(readTokenMetadata(readSvmAccount(svm, fixture.mint)?.data ?? new Uint8Array())).toEqual({
      updateAuthority: fixture.seller.publicKey.toBase58(),
      mint: fixture.mint.toBase58(),
      ...METADATA,
      additionalMetadata: [],
    });
  });

  it('accepts the authority’s associated token account (ImmutableOwner) as the vault', () => {
    const chain = createChain(version);
    const { svm, programId } = chain;
    const seller = createFundedKeypair(svm, 10n);
    const mint = createTestMint(svm, seller, 6, { tokenProgram: 'token-2022', metadata: METADATA });
    const presale = Keypair.generate();
    const [authority] = findAuthorityAddress(programId, presale.publicKey);
    const vault = createTestAssociatedTokenAccount(svm, {
      payer: seller,
      mint,
      owner: authority,
      tokenProgram: TOKEN_2022_PROGRAM_ID,
      mintAuthority: seller,
      amount: 10n ** 12n,
    });
    expect(readSvmAccount(svm, vault)?.data.length).toBe(170);
    const initialize = send(
      chain,
      [
        buildCreatePresaleAccountInstruction({
          programId,
          payer: seller.publicKey,
          presale: presale.publicKey,
          lamports: svm.minimumBalanceForRentExemption(BigInt(PRESALE_ACCOUNT_SIZE)),
        }),
        buildInitializeInstruction({
          programId,
          seller: seller.publicKey,
          presale: presale.publicKey,
          tempTokenAccount: vault,
          mint,
          tokenProgram: TOKEN_2022_PROGRAM_ID,
          tokenPrice: 50_000n,
          minUserBuyable: SOL / 10n,
          maxUserBuyable: 10n * SOL,
          maxTotalBuyable: 100n * SOL,
        }),
      ],
      [seller, presale],
    );
    expect(initialize.error).toBe('');
    const buyer = createFundedKeypair(svm, 10n);
    const purchase = buildBuyInstructions({
      programId,
      presale: presale.publicKey,
      buyer: buyer.publicKey,
      seller: seller.publicKey,
      tempTokenAccount: vault,
      mint,
      tokenProgram: TOKEN_2022_PROGRAM_ID,
      lamports: SOL,
      createBuyerTokenAccount: true,
    });
    expect(send(chain, purchase, [buyer]).error).toBe('');
    expect(readSvmTokenAmount(svm, vault)).toBe(10n ** 12n - 20_000_000_000n);
  });
});
