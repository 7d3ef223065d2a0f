import { FBT_DECIMALS, FBT_SUPPLY } from '@fbt/domain';
import {
  AuthorityType,
  createAssociatedTokenAccountIdempotentInstruction,
  createInitializeMint2Instruction,
  createMintToInstruction,
  createSetAuthorityInstruction,
  getAssociatedTokenAddressSync,
  MINT_SIZE,
  TOKEN_PROGRAM_ID,
} from '@solana/spl-token';
import { Keypair, SystemProgram } from '@solana/web3.js';
import type { Connection, PublicKey } from '@solana/web3.js';
import { sendInstructions } from './send';

/** Result of {@link createFbtMint}. */
export interface CreatedMint {
  mint: PublicKey;
  /** The payer's associated token account holding the whole supply. */
  treasury: PublicKey;
  signature: string;
}

/**
 * Creates the FBT mint (6 decimals), mints the whole supply (100,000,000 FBT by default) to the
 * payer's associated token account and, unless `keepMintAuthority`, revokes the mint authority so
 * the supply is fixed for good.
 */
export async function createFbtMint(options: {
  connection: Connection;
  payer: Keypair;
  decimals?: number;
  /** Whole tokens. */
  supply?: bigint;
  keepMintAuthority?: boolean;
  mintKeypair?: Keypair;
}): Promise<CreatedMint> {
  const { connection, payer } = options;
  const decimals = options.decimals ?? FBT_DECIMALS;
  const supply = (options.supply ?? FBT_SUPPLY) * 10n ** BigInt(decimals);
  const mint = options.mintKeypair ?? Keypair.generate();
  const treasury = getAssociatedTokenAddressSync(mint.publicKey, payer.publicKey);
  const instructions = [
    SystemProgram.createAccount({
      fromPubkey: payer.publicKey,
      newAccountPubkey: mint.publicKey,
      lamports: await connection.getMinimumBalanceForRentExemption(MINT_SIZE),
      space: MINT_SIZE,
      programId: TOKEN_PROGRAM_ID,
    }),
    createInitializeMint2Instruction(mint.publicKey, decimals, payer.publicKey, null),
    createAssociatedTokenAccountIdempotentInstruction(
      payer.publicKey,
      treasury,
      payer.publicKey,
      mint.publicKey,
    ),
    createMintToInstruction(mint.publicKey, treasury, payer.publicKey, supply),
  ];
  if (options.keepMintAuthority !== true) {
    instructions.push(
      createSetAuthorityInstruction(
        mint.publicKey,
        payer.publicKey,
        AuthorityType.MintTokens,
        null,
      ),
    );
  }
  const signature = await sendInstructions(connection, 'create-mint', instructions, [payer, mint]);
  return { mint: mint.publicKey, treasury, signature };
}
