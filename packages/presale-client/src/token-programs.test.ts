import { PublicKey, SystemProgram } from '@solana/web3.js';
import { describe, expect, it } from 'vitest';
import { buildBuyInstructions } from './instructions';
import { buyLookupTableAddresses } from './lookup-table';
import {
  buildCreateAssociatedTokenAccountIdempotentInstruction,
  findAssociatedTokenAddress,
} from './associated-token';
import {
  ASSOCIATED_TOKEN_PROGRAM_ID,
  fetchMintTokenProgram,
  isTokenProgram,
  MintTokenProgramError,
  TOKEN_2022_PROGRAM_ID,
  TOKEN_PROGRAM_ID,
} from './token-programs';

const key = (seed: number): PublicKey =>
  new PublicKey(Uint8Array.from({ length: 32 }, (_, i) => (seed * 37 + i) % 256));

describe('associated token accounts per token program', () => {
  it('derives the address the Associated Token Account program uses under each program', () => {
    // Reference addresses for owner key(1) and mint key(2), as the SPL reference client derives them.
    expect(
      findAssociatedTokenAddress({
        owner: key(1),
        mint: key(2),
        tokenProgram: TOKEN_PROGRAM_ID,
      }).toBase58(),
    ).toBe('FmJpKG1277vdgEc4TT2sfb3hX5VVr7Qo2DKKsAL2XgdF');
    expect(
      findAssociatedTokenAddress({
        owner: key(1),
        mint: key(2),
        tokenProgram: TOKEN_2022_PROGRAM_ID,
      }).toBase58(),
    ).toBe('ACaPvgR6N5vaitSxTZQ6E98nhhURe66SLwwFBBW1BYLd');
  });

  it('builds CreateIdempotent with the mint’s token program as its last account', () => {
    const ix = buildCreateAssociatedTokenAccountIdempotentInstruction({
      payer: key(3),
      owner: key(1),
      mint: key(2),
      tokenProgram: TOKEN_2022_PROGRAM_ID,
    });
    expect(ix.programId.equals(ASSOCIATED_TOKEN_PROGRAM_ID)).toBe(true);
    expect([...ix.data]).toEqual([1]);
    expect(ix.keys.map((k) => [k.pubkey.toBase58(), k.isSigner, k.isWritable])).toEqual([
      [key(3).toBase58(), true, true],
      ['ACaPvgR6N5vaitSxTZQ6E98nhhURe66SLwwFBBW1BYLd', false, true],
      [key(1).toBase58(), false, false],
      [key(2).toBase58(), false, false],
      [SystemProgram.programId.toBase58(), false, false],
      [TOKEN_2022_PROGRAM_ID.toBase58(), false, false],
    ]);
  });

  it('a Token-2022 purchase names Token-2022 and the buyer’s Token-2022 account everywhere', () => {
    const [createAta, buyWith] = buildBuyInstructions({
      programId: key(4),
      presale: key(5),
      buyer: key(1),
      seller: key(6),
      tempTokenAccount: key(7),
      mint: key(2),
      tokenProgram: TOKEN_2022_PROGRAM_ID,
      lamports: 1n,
      createBuyerTokenAccount: true,
    });
    expect(createAta?.keys[5]?.pubkey.equals(TOKEN_2022_PROGRAM_ID)).toBe(true);
    expect(buyWith?.keys[4]?.pubkey.toBase58()).toBe(
      'ACaPvgR6N5vaitSxTZQ6E98nhhURe66SLwwFBBW1BYLd',
    );
    expect(buyWith?.keys[8]?.pubkey.equals(TOKEN_2022_PROGRAM_ID)).toBe(true);
  });

  it('a lookup table holds the token program of each presale’s mint, each once', () => {
    const sale = { programId: key(4), seller: key(6), mint: key(2) };
    const table = buyLookupTableAddresses([
      { ...sale, presale: key(5), tempTokenAccount: key(7), tokenProgram: TOKEN_2022_PROGRAM_ID },
      { ...sale, presale: key(8), tempTokenAccount: key(9) },
      { ...sale, presale: key(10), tempTokenAccount: key(11), tokenProgram: TOKEN_2022_PROGRAM_ID },
    ]).map((k) => k.toBase58());
    expect(table.filter((k) => isTokenProgram(new PublicKey(k)))).toEqual([
      TOKEN_2022_PROGRAM_ID.toBase58(),
      TOKEN_PROGRAM_ID.toBase58(),
    ]);
  });
});

describe('fetchMintTokenProgram', () => {
  const source = (owner: PublicKey | null) => ({
    getAccountInfo: () =>
      Promise.resolve(owner === null ? null : { data: new Uint8Array(82), owner }),
  });

  it('is the owner of the mint account when that is a token program', async () => {
    await expect(fetchMintTokenProgram(source(TOKEN_2022_PROGRAM_ID), key(2))).resolves.toEqual(
      TOKEN_2022_PROGRAM_ID,
    );
    await expect(fetchMintTokenProgram(source(TOKEN_PROGRAM_ID), key(2))).resolves.toEqual(
      TOKEN_PROGRAM_ID,
    );
  });

  it('names a missing mint and one owned by another program', async () => {
    await expect(fetchMintTokenProgram(source(null), key(2))).rejects.toThrow(
      `mint ${key(2).toBase58()} does not exist`,
    );
    await expect(fetchMintTokenProgram(source(key(9)), key(2))).rejects.toBeInstanceOf(
      MintTokenProgramError,
    );
  });
});
