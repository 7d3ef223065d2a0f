import {
  createInitializeMint2Instruction,
  createMintToInstruction,
  MINT_SIZE,
  unpackAccount,
} from '@solana/spl-token';
import { Keypair, PublicKey, SystemProgram, type TransactionInstruction } from '@solana/web3.js';
import { LiteSVM } from 'litesvm';
import { beforeEach, describe, expect, it } from 'vitest';
import {
  buildCreateAssociatedTokenAccountIdempotentInstruction,
  findAssociatedTokenAddress,
  TOKEN_2022_PROGRAM_ID,
  TOKEN_PROGRAM_ID,
} from '@fbt/presale-client';
import { createFundedKeypair, readSvmAccount, sendLegacyTransaction } from './support/index';

/**
 * The client's associated-token helpers (what the site, the purchase flow and the BFF use in
 * place of @solana/spl-token) against the real SPL Token, Token-2022 and Associated Token
 * Account programs that litesvm ships. The library reads the accounts back.
 */

/** Token-2022 gives an associated account its ImmutableOwner extension: 165 + 1 + 4 bytes. */
const ACCOUNT_SIZES = new Map([
  [TOKEN_PROGRAM_ID.toBase58(), 165],
  [TOKEN_2022_PROGRAM_ID.toBase58(), 170],
]);

describe.each([
  ['SPL Token', TOKEN_PROGRAM_ID, TOKEN_2022_PROGRAM_ID],
  ['Token-2022', TOKEN_2022_PROGRAM_ID, TOKEN_PROGRAM_ID],
])('the Associated Token Account program, for a mint of %s', (_name, tokenProgram, other) => {
  let svm: LiteSVM;
  let payer: Keypair;
  let mint: PublicKey;

  const sendOk = (instructions: TransactionInstruction[], signers: Keypair[]) => {
    const outcome = sendLegacyTransaction(svm, instructions, signers);
    if (!outcome.ok)
      throw new Error(`transaction failed: ${outcome.error}\n${outcome.logs.join('\n')}`);
  };

  /** The token account at `key` as the library decodes it for `tokenProgram`. */
  const tokenAccount = (key: PublicKey) => {
    const found = readSvmAccount(svm, key);
    if (found === null) throw new Error(`no account at ${key.toBase58()}`);
    const info = {
      data: Buffer.from(found.data),
      owner: new PublicKey(found.owner),
      lamports: 0,
      executable: false,
    };
    return unpackAccount(key, info, tokenProgram);
  };

  const create = (owner: PublicKey, program = tokenProgram) =>
    buildCreateAssociatedTokenAccountIdempotentInstruction({
      payer: payer.publicKey,
      owner,
      mint,
      tokenProgram: program,
    });

  beforeEach(() => {
    svm = new LiteSVM();
    payer = createFundedKeypair(svm, 10n);
    const mintKeypair = Keypair.generate();
    sendOk(
      [
        SystemProgram.createAccount({
          fromPubkey: payer.publicKey,
          newAccountPubkey: mintKeypair.publicKey,
          lamports: Number(svm.minimumBalanceForRentExemption(BigInt(MINT_SIZE))),
          space: MINT_SIZE,
          programId: tokenProgram,
        }),
        createInitializeMint2Instruction(
          mintKeypair.publicKey,
          6,
          payer.publicKey,
          null,
          tokenProgram,
        ),
      ],
      [payer, mintKeypair],
    );
    mint = mintKeypair.publicKey;
  });

  it('creates the account at the address the client derives, owned by the token program, for that owner and mint', () => {
    const owner = Keypair.generate().publicKey;
    const address = findAssociatedTokenAddress({ owner, mint, tokenProgram });
    expect(readSvmAccount(svm, address)).toBeNull();
    sendOk([create(owner)], [payer]);
    const created = readSvmAccount(svm, address);
    expect(created?.owner).toBe(tokenProgram.toBase58());
    expect(created?.data.length).toBe(ACCOUNT_SIZES.get(tokenProgram.toBase58()));
    const decoded = tokenAccount(address);
    expect(decoded.mint.toBase58()).toBe(mint.toBase58());
    expect(decoded.owner.toBase58()).toBe(owner.toBase58());
    expect(decoded.amount).toBe(0n);
    expect(decoded.isInitialized).toBe(true);
  });

  it('succeeds again without change once the account exists and holds tokens', () => {
    const owner = Keypair.generate().publicKey;
    const address = findAssociatedTokenAddress({ owner, mint, tokenProgram });
    sendOk([create(owner)], [payer]);
    sendOk(
      [createMintToInstruction(mint, address, payer.publicKey, 1_234_567n, [], tokenProgram)],
      [payer],
    );
    const before = readSvmAccount(svm, address)?.data;
    sendOk([create(owner)], [payer]);
    expect(readSvmAccount(svm, address)?.data).toEqual(before);
    expect(tokenAccount(address).amount).toBe(1_234_567n);
  });

  it('creates the account of a program-derived owner (off the curve)', () => {
    const [owner] = PublicKey.findProgramAddressSync(
      [new TextEncoder().encode('vault')],
      Keypair.generate().publicKey,
    );
    expect(PublicKey.isOnCurve(owner.toBytes())).toBe(false);
    sendOk([create(owner)], [payer]);
    const address = findAssociatedTokenAddress({ owner, mint, tokenProgram });
    expect(tokenAccount(address).owner.toBase58()).toBe(owner.toBase58());
  });

  it("is refused when it names the other token program: the mint is not that program's", () => {
    const owner = Keypair.generate().publicKey;
    const outcome = sendLegacyTransaction(svm, [create(owner, other)], [payer]);
    expect(outcome.ok).toBe(false);
    expect(
      readSvmAccount(svm, findAssociatedTokenAddress({ owner, mint, tokenProgram })),
    ).toBeNull();
    expect(
      readSvmAccount(svm, findAssociatedTokenAddress({ owner, mint, tokenProgram: other })),
    ).toBeNull();
  });
});
