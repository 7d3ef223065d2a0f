import { FBT_DECIMALS, FBT_SUPPLY } from '@fbt/domain';
import {
  findAssociatedTokenAddress,
  TOKEN_2022_PROGRAM_ID,
  TOKEN_PROGRAM_ID,
} from '@fbt/presale-client';
import {
  AuthorityType,
  extension,
  getCreateAssociatedTokenIdempotentInstruction,
  getInitializeMetadataPointerInstruction,
  getInitializeMint2Instruction,
  getInitializeTokenMetadataInstruction,
  getMintSize,
  getMintToCheckedInstruction,
  getSetAuthorityInstruction,
} from '@solana-program/token-2022';
import { Keypair, SystemProgram } from '@solana/web3.js';
import type { Connection, PublicKey, TransactionInstruction } from '@solana/web3.js';
import { sendInstructions } from './send';
import { kitAddress, kitSigner, onProgram, toWeb3Instruction } from './token-program';

/** The name, symbol and logo URI a Token-2022 FBT carries in its TokenMetadata extension. */
export interface TokenMetadataInput {
  readonly name: string;
  readonly symbol: string;
  readonly uri: string;
}

/** Result of {@link createFbtMint}. */
export interface CreatedMint {
  mint: PublicKey;
  /** SPL Token or Token-2022. */
  tokenProgram: PublicKey;
  /** The payer's associated token account holding the whole supply. */
  treasury: PublicKey;
  signature: string;
}

/** Options of {@link createFbtMint}. */
export interface CreateMintOptions {
  connection: Connection;
  payer: Keypair;
  decimals?: number;
  /** Whole tokens. */
  supply?: bigint;
  keepMintAuthority?: boolean;
  mintKeypair?: Keypair;
  /**
   * Token-2022 with a MetadataPointer to the mint itself and this TokenMetadata (the payer is
   * its update authority); without it, a classic SPL Token mint.
   */
  metadata?: TokenMetadataInput;
  /**
   * A freeze authority to keep. The presale refuses a mint with one, so the operator's commands
   * never set it: only a sale built to show that refusal does.
   */
  freezeAuthority?: PublicKey;
}

/**
 * The mint account's creation and its extensions before InitializeMint2: Token-2022 needs the
 * MetadataPointer set first, and the account funded for the size it will have once the
 * TokenMetadata is written (Token-2022 grows the account itself and takes no lamports).
 */
async function createMintAccount(
  connection: Connection,
  payer: PublicKey,
  mint: PublicKey,
  metadata: TokenMetadataInput | undefined,
): Promise<TransactionInstruction[]> {
  if (metadata === undefined) {
    const space = getMintSize();
    return [
      SystemProgram.createAccount({
        fromPubkey: payer,
        newAccountPubkey: mint,
        lamports: await connection.getMinimumBalanceForRentExemption(space),
        space,
        programId: TOKEN_PROGRAM_ID,
      }),
    ];
  }
  const pointer = extension('MetadataPointer', {
    authority: kitAddress(payer),
    metadataAddress: kitAddress(mint),
  });
  const written = extension('TokenMetadata', {
    updateAuthority: kitAddress(payer),
    mint: kitAddress(mint),
    ...metadata,
    additionalMetadata: new Map(),
  });
  const space = getMintSize([pointer]);
  return [
    SystemProgram.createAccount({
      fromPubkey: payer,
      newAccountPubkey: mint,
      lamports: await connection.getMinimumBalanceForRentExemption(getMintSize([pointer, written])),
      space,
      programId: TOKEN_2022_PROGRAM_ID,
    }),
    toWeb3Instruction(
      getInitializeMetadataPointerInstruction({
        mint: kitAddress(mint),
        authority: kitAddress(payer),
        metadataAddress: kitAddress(mint),
      }),
    ),
  ];
}

/**
 * Creates the FBT mint (6 decimals), mints the whole supply (100,000,000 FBT by default) to the
 * payer's associated token account and, unless `keepMintAuthority`, revokes the mint authority so
 * the supply is fixed for good. With `metadata` it is a Token-2022 mint that names itself (name,
 * symbol, logo URI) to wallets and explorers. No freeze authority unless `freezeAuthority`.
 */
export async function createFbtMint(options: CreateMintOptions): Promise<CreatedMint> {
  const { connection, payer, metadata } = options;
  const decimals = options.decimals ?? FBT_DECIMALS;
  const supply = (options.supply ?? FBT_SUPPLY) * 10n ** BigInt(decimals);
  const mint = options.mintKeypair ?? Keypair.generate();
  const tokenProgram = metadata === undefined ? TOKEN_PROGRAM_ID : TOKEN_2022_PROGRAM_ID;
  const program = onProgram(tokenProgram);
  const treasury = findAssociatedTokenAddress({
    owner: payer.publicKey,
    mint: mint.publicKey,
    tokenProgram: tokenProgram,
  });
  const [payerKey, mintKey] = [kitAddress(payer.publicKey), kitAddress(mint.publicKey)];
  const instructions = [
    ...(await createMintAccount(connection, payer.publicKey, mint.publicKey, metadata)),
    toWeb3Instruction(
      getInitializeMint2Instruction(
        {
          mint: mintKey,
          decimals,
          mintAuthority: payerKey,
          freezeAuthority: options.freezeAuthority ? kitAddress(options.freezeAuthority) : null,
        },
        program,
      ),
    ),
  ];
  if (metadata !== undefined) {
    instructions.push(
      toWeb3Instruction(
        getInitializeTokenMetadataInstruction({
          metadata: mintKey,
          updateAuthority: payerKey,
          mint: mintKey,
          mintAuthority: kitSigner(payer.publicKey),
          ...metadata,
        }),
      ),
    );
  }
  instructions.push(
    toWeb3Instruction(
      getCreateAssociatedTokenIdempotentInstruction({
        payer: kitSigner(payer.publicKey),
        ata: kitAddress(treasury),
        owner: payerKey,
        mint: mintKey,
        tokenProgram: kitAddress(tokenProgram),
      }),
    ),
    toWeb3Instruction(
      getMintToCheckedInstruction(
        {
          mint: mintKey,
          token: kitAddress(treasury),
          mintAuthority: kitSigner(payer.publicKey),
          amount: supply,
          decimals,
        },
        program,
      ),
    ),
  );
  if (options.keepMintAuthority !== true) {
    instructions.push(
      toWeb3Instruction(
        getSetAuthorityInstruction(
          {
            owned: mintKey,
            owner: kitSigner(payer.publicKey),
            authorityType: AuthorityType.MintTokens,
            newAuthority: null,
          },
          program,
        ),
      ),
    );
  }
  const signature = await sendInstructions(connection, 'create-mint', instructions, [payer, mint]);
  return { mint: mint.publicKey, tokenProgram, treasury, signature };
}
