import {
  ASSOCIATED_TOKEN_PROGRAM_ID as SPL_ASSOCIATED_TOKEN_PROGRAM_ID,
  TOKEN_2022_PROGRAM_ID as SPL_TOKEN_2022_PROGRAM_ID,
  TOKEN_PROGRAM_ID as SPL_TOKEN_PROGRAM_ID,
  createAssociatedTokenAccountIdempotentInstruction,
  getAssociatedTokenAddressSync,
} from '@solana/spl-token';
import { Keypair, PublicKey, SystemProgram } from '@solana/web3.js';
import { describe, expect, it } from 'vitest';
import {
  buildCreateAssociatedTokenAccountIdempotentInstruction,
  findAssociatedTokenAddress,
} from './associated-token';
import {
  ASSOCIATED_TOKEN_PROGRAM_ID,
  TOKEN_2022_PROGRAM_ID,
  TOKEN_PROGRAM_ID,
  isTokenProgram,
} from './token-programs';

const key = (seed: number): PublicKey =>
  new PublicKey(Uint8Array.from({ length: 32 }, (_, i) => (seed * 29 + i * 7) % 256));
const mint = key(1);
const payer = key(2);
/** A wallet (on the curve) and a program-derived owner (off the curve). */
const wallet = Keypair.fromSeed(Uint8Array.from({ length: 32 }, (_, i) => i + 3)).publicKey;
const [pdaOwner] = PublicKey.findProgramAddressSync([new TextEncoder().encode('vault')], key(4));

const programs = [
  ['SPL Token', TOKEN_PROGRAM_ID],
  ['Token-2022', TOKEN_2022_PROGRAM_ID],
] as const;

describe('the token program ids', () => {
  it("are @solana/spl-token's", () => {
    expect(TOKEN_PROGRAM_ID.equals(SPL_TOKEN_PROGRAM_ID)).toBe(true);
    expect(TOKEN_2022_PROGRAM_ID.equals(SPL_TOKEN_2022_PROGRAM_ID)).toBe(true);
    expect(ASSOCIATED_TOKEN_PROGRAM_ID.equals(SPL_ASSOCIATED_TOKEN_PROGRAM_ID)).toBe(true);
  });

  it('count SPL Token and Token-2022 as token programs, nothing else', () => {
    expect(isTokenProgram(TOKEN_PROGRAM_ID)).toBe(true);
    expect(isTokenProgram(TOKEN_2022_PROGRAM_ID)).toBe(true);
    expect(isTokenProgram(ASSOCIATED_TOKEN_PROGRAM_ID)).toBe(false);
    expect(isTokenProgram(SystemProgram.programId)).toBe(false);
  });
});

describe.each(programs)('findAssociatedTokenAddress under %s', (_name, tokenProgram) => {
  it.each([
    ['a wallet', wallet],
    ['a program-derived owner', pdaOwner],
  ])("is the library's address for %s", (_owner, owner) => {
    expect(findAssociatedTokenAddress({ owner, mint, tokenProgram }).toBase58()).toBe(
      getAssociatedTokenAddressSync(mint, owner, true, tokenProgram).toBase58(),
    );
  });

  it("differs from the other token program's account of the same owner and mint", () => {
    const other = tokenProgram.equals(TOKEN_PROGRAM_ID) ? TOKEN_2022_PROGRAM_ID : TOKEN_PROGRAM_ID;
    expect(
      findAssociatedTokenAddress({ owner: wallet, mint, tokenProgram }).equals(
        findAssociatedTokenAddress({ owner: wallet, mint, tokenProgram: other }),
      ),
    ).toBe(false);
  });
});

describe.each(programs)(
  'buildCreateAssociatedTokenAccountIdempotentInstruction under %s',
  (_name, tokenProgram) => {
    it("is the library's instruction, byte for byte", () => {
      const ours = buildCreateAssociatedTokenAccountIdempotentInstruction({
        payer,
        owner: wallet,
        mint,
        tokenProgram,
      });
      const theirs = createAssociatedTokenAccountIdempotentInstruction(
        payer,
        getAssociatedTokenAddressSync(mint, wallet, true, tokenProgram),
        wallet,
        mint,
        tokenProgram,
      );
      expect(ours.programId.toBase58()).toBe(theirs.programId.toBase58());
      const metas = (ix: typeof ours) =>
        ix.keys.map((meta) => [meta.pubkey.toBase58(), meta.isSigner, meta.isWritable]);
      expect(metas(ours)).toEqual(metas(theirs));
      expect(ours.data.toString('hex')).toBe(theirs.data.toString('hex'));
      expect(ours.data.toString('hex')).toBe('01');
    });
  },
);

describe('a program that is no token program', () => {
  it('is refused by name, with the two programs it could be', () => {
    const notToken = SystemProgram.programId;
    const message = `${notToken.toBase58()} is not a token program: expected SPL Token (${TOKEN_PROGRAM_ID.toBase58()}) or Token-2022 (${TOKEN_2022_PROGRAM_ID.toBase58()})`;
    expect(() =>
      findAssociatedTokenAddress({ owner: wallet, mint, tokenProgram: notToken }),
    ).toThrow(message);
    expect(() =>
      buildCreateAssociatedTokenAccountIdempotentInstruction({
        payer,
        owner: wallet,
        mint,
        tokenProgram: notToken,
      }),
    ).toThrow(message);
  });
});
