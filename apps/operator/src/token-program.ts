/**
 * The operator's view of the two token programs, on `@solana-program/token-2022` (the
 * ecosystem's Token-2022 client, whose base instructions and decoders serve SPL Token too when
 * told its program address): reading a mint (its program, decimals, authorities and
 * metadata) and a token account's amount, and turning the library's Kit instructions into the
 * web3.js instructions the rest of the operator sends.
 */
import { address, createNoopSigner, type Address, type Instruction } from '@solana/kit';
import { getMintDecoder, getTokenDecoder, type Extension } from '@solana-program/token-2022';
import { isTokenProgram, TOKEN_2022_PROGRAM_ID } from '@fbt/presale-client';
import { PublicKey, TransactionInstruction } from '@solana/web3.js';
import type { Connection } from '@solana/web3.js';
import { OperatorError } from './operator-error';

/** A Kit address of a web3.js key. */
export const kitAddress = (key: PublicKey): Address => address(key.toBase58());

/** A signer slot for the library's builders: the operator signs with web3.js afterwards. */
export const kitSigner = (key: PublicKey) => createNoopSigner(kitAddress(key));

/** The library's program-address option for a token program. */
export const onProgram = (program: PublicKey) => ({ programAddress: kitAddress(program) });

/** A Kit instruction (the library's) as a web3.js instruction, roles kept. */
export function toWeb3Instruction(instruction: Instruction): TransactionInstruction {
  return new TransactionInstruction({
    programId: new PublicKey(instruction.programAddress),
    keys: (instruction.accounts ?? []).map((meta) => ({
      pubkey: new PublicKey(meta.address),
      // AccountRole: bit 0 = writable, bit 1 = signer.
      isWritable: (meta.role & 1) === 1,
      isSigner: (meta.role & 2) === 2,
    })),
    data: Buffer.from(instruction.data ?? new Uint8Array()),
  });
}

/** The TokenMetadata a Token-2022 mint carries (what wallets and explorers show). */
export interface MintMetadata {
  /** null once the update authority is given up: the metadata is fixed for good. */
  readonly updateAuthority: PublicKey | null;
  readonly name: string;
  readonly symbol: string;
  readonly uri: string;
  readonly additionalMetadata: ReadonlyMap<string, string>;
}

/** A mint as the chain holds it. */
export interface MintInfo {
  readonly mint: PublicKey;
  /** SPL Token or Token-2022: the mint account's owner. */
  readonly tokenProgram: PublicKey;
  readonly decimals: number;
  readonly supply: bigint;
  readonly mintAuthority: PublicKey | null;
  readonly freezeAuthority: PublicKey | null;
  /** Token-2022 extensions by kind (`MetadataPointer`, `TokenMetadata`, ...). */
  readonly extensions: readonly Extension[];
  /** Where its MetadataPointer says the metadata lives, or null without one. */
  readonly metadataAddress: PublicKey | null;
  /** Its TokenMetadata, or null without one. */
  readonly metadata: MintMetadata | null;
  /** Bytes and lamports of the mint account. */
  readonly size: number;
  readonly lamports: number;
}

const optionalKey = (option: { __option: 'Some'; value: Address } | { __option: 'None' }) =>
  option.__option === 'Some' ? new PublicKey(option.value) : null;

/**
 * Reads and decodes a mint of either token program. A missing account, or one owned by
 * neither program, is an OperatorError naming it.
 */
export async function readMint(connection: Connection, mint: PublicKey): Promise<MintInfo> {
  const info = await connection.getAccountInfo(mint, 'confirmed');
  if (info === null)
    throw new OperatorError(`mint ${mint.toBase58()} does not exist on this cluster`);
  if (!isTokenProgram(info.owner)) {
    throw new OperatorError(
      `${mint.toBase58()} is owned by ${info.owner.toBase58()}: not a mint of SPL Token or Token-2022`,
    );
  }
  const decoded = getMintDecoder().decode(info.data);
  const extensions = decoded.extensions.__option === 'Some' ? decoded.extensions.value : [];
  let metadataAddress: PublicKey | null = null;
  let metadata: MintMetadata | null = null;
  for (const extension of extensions) {
    if (extension.__kind === 'MetadataPointer') {
      metadataAddress = optionalKey(extension.metadataAddress);
    } else if (extension.__kind === 'TokenMetadata') {
      metadata = {
        updateAuthority: optionalKey(extension.updateAuthority),
        name: extension.name,
        symbol: extension.symbol,
        uri: extension.uri,
        additionalMetadata: extension.additionalMetadata,
      };
    }
  }
  return {
    mint,
    tokenProgram: info.owner.equals(TOKEN_2022_PROGRAM_ID) ? TOKEN_2022_PROGRAM_ID : info.owner,
    decimals: decoded.decimals,
    supply: decoded.supply,
    mintAuthority: optionalKey(decoded.mintAuthority),
    freezeAuthority: optionalKey(decoded.freezeAuthority),
    extensions,
    metadataAddress,
    metadata,
    size: info.data.length,
    lamports: info.lamports,
  };
}

/** A token account's amount, or null when it does not exist. */
export async function readTokenAccountAmount(
  connection: Connection,
  account: PublicKey,
): Promise<bigint | null> {
  const info = await connection.getAccountInfo(account, 'confirmed');
  if (info === null) return null;
  if (!isTokenProgram(info.owner)) {
    throw new OperatorError(`${account.toBase58()} is not a token account`);
  }
  return getTokenDecoder().decode(info.data).amount;
}

/** A token account's amount, or 0 when it does not exist. */
export async function readTokenAmount(connection: Connection, account: PublicKey): Promise<bigint> {
  return (await readTokenAccountAmount(connection, account)) ?? 0n;
}
