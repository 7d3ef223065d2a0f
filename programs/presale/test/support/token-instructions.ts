/**
 * The token instructions the tests send to the real SPL Token and Token-2022 programs on
 * litesvm: the base ones both programs share (same data, the program id differs) and the
 * Token-2022 mint extensions the red-team suite needs. Written here, a few bytes each, because
 * `@solana-program/token-2022` (the operator's builder) declares a peer `@solana/kit` 7 this
 * package (on Kit 8) cannot take; the layouts are Token-2022's instruction formats.
 */
import { Buffer } from 'buffer';
import { TransactionInstruction, type AccountMeta, type PublicKey } from '@solana/web3.js';
import { TOKEN_2022_PROGRAM_ID, TOKEN_PROGRAM_ID } from '@fbt/presale-client';

/** The two token programs the presale sells from, by the names the suites print. */
export const TOKEN_PROGRAM_NAMES = ['spl-token', 'token-2022'] as const;
export type TokenProgramName = (typeof TOKEN_PROGRAM_NAMES)[number];

export function tokenProgramId(name: TokenProgramName): PublicKey {
  return name === 'token-2022' ? TOKEN_2022_PROGRAM_ID : TOKEN_PROGRAM_ID;
}

const signer = (pubkey: PublicKey): AccountMeta => ({ pubkey, isSigner: true, isWritable: false });
const writable = (pubkey: PublicKey): AccountMeta => ({
  pubkey,
  isSigner: false,
  isWritable: true,
});
const readonly = (pubkey: PublicKey): AccountMeta => ({
  pubkey,
  isSigner: false,
  isWritable: false,
});

function u64(value: bigint): Buffer {
  const bytes = Buffer.alloc(8);
  bytes.writeBigUInt64LE(value);
  return bytes;
}

/** A u8-prefixed COption<Pubkey> (1 + 32 bytes, or the single byte 0). */
const optionKey = (key: PublicKey | null): Buffer =>
  key === null ? Buffer.from([0]) : Buffer.concat([Buffer.from([1]), key.toBuffer()]);
/** An OptionalNonZeroPubkey (32 bytes, zero for none). */
const nonZeroKey = (key: PublicKey | null): Buffer =>
  key === null ? Buffer.alloc(32) : key.toBuffer();

function ix(programId: PublicKey, keys: AccountMeta[], ...parts: Buffer[]): TransactionInstruction {
  return new TransactionInstruction({ programId, keys, data: Buffer.concat(parts) });
}

/** InitializeMint2 (20): decimals, mint authority, optional freeze authority. */
export function initializeMint2(
  program: PublicKey,
  mint: PublicKey,
  decimals: number,
  mintAuthority: PublicKey,
  freezeAuthority: PublicKey | null = null,
): TransactionInstruction {
  return ix(
    program,
    [writable(mint)],
    Buffer.from([20, decimals]),
    mintAuthority.toBuffer(),
    optionKey(freezeAuthority),
  );
}

/** InitializeAccount3 (18): a token account of `mint` owned by `owner`. */
export function initializeAccount3(
  program: PublicKey,
  account: PublicKey,
  mint: PublicKey,
  owner: PublicKey,
): TransactionInstruction {
  return ix(program, [writable(account), readonly(mint)], Buffer.from([18]), owner.toBuffer());
}

/** MintTo (7): `amount` base units into `destination`. */
export function mintTo(
  program: PublicKey,
  mint: PublicKey,
  destination: PublicKey,
  authority: PublicKey,
  amount: bigint,
): TransactionInstruction {
  return ix(
    program,
    [writable(mint), writable(destination), signer(authority)],
    Buffer.from([7]),
    u64(amount),
  );
}

/** Approve (4): `delegate` may move `amount` from `account`. */
export function approve(
  program: PublicKey,
  account: PublicKey,
  delegate: PublicKey,
  owner: PublicKey,
  amount: bigint,
): TransactionInstruction {
  return ix(
    program,
    [writable(account), readonly(delegate), signer(owner)],
    Buffer.from([4]),
    u64(amount),
  );
}

/** FreezeAccount (10), signed by the mint's freeze authority. */
export function freezeAccount(
  program: PublicKey,
  account: PublicKey,
  mint: PublicKey,
  authority: PublicKey,
): TransactionInstruction {
  return ix(program, [writable(account), readonly(mint), signer(authority)], Buffer.from([10]));
}

/** Token-2022 mint extensions the tests set up, before InitializeMint2, on a fresh mint. */
export const MINT_EXTENSIONS = [
  'metadataPointer',
  'transferFee',
  'transferHook',
  'permanentDelegate',
  'defaultAccountStateFrozen',
  'nonTransferable',
  'pausable',
  'mintCloseAuthority',
  'interestBearing',
] as const;
export type MintExtension = (typeof MINT_EXTENSIONS)[number];

/** Each extension's TLV value length in the mint account (Token-2022's extension sizes). */
const EXTENSION_LENGTH: Readonly<Record<MintExtension, number>> = {
  metadataPointer: 64,
  transferFee: 108,
  transferHook: 64,
  permanentDelegate: 32,
  defaultAccountStateFrozen: 1,
  nonTransferable: 0,
  pausable: 33,
  mintCloseAuthority: 32,
  interestBearing: 52,
};

/** Bytes of a Token-2022 mint with these extensions (82 without any; 166 + 4 + length each). */
export function mintSpace(extensions: readonly MintExtension[]): number {
  if (extensions.length === 0) return 82;
  return extensions.reduce((space, extension) => space + 4 + EXTENSION_LENGTH[extension], 166);
}

/**
 * The instruction that initializes `extension` on the uninitialized Token-2022 `mint`, with
 * `authority` as every authority it names (the hook points at `hookProgram`).
 */
export function initializeMintExtension(
  extension: MintExtension,
  mint: PublicKey,
  authority: PublicKey,
  hookProgram: PublicKey = authority,
): TransactionInstruction {
  const program = TOKEN_2022_PROGRAM_ID;
  const keys = [writable(mint)];
  switch (extension) {
    case 'metadataPointer': // MetadataPointer Initialize: the metadata lives in the mint itself
      return ix(program, keys, Buffer.from([39, 0]), nonZeroKey(authority), mint.toBuffer());
    case 'transferFee': // 1% up to 1,000,000 base units
      return ix(
        program,
        keys,
        Buffer.from([26, 0]),
        optionKey(authority),
        optionKey(authority),
        Buffer.from([100, 0]),
        u64(1_000_000n),
      );
    case 'transferHook':
      return ix(program, keys, Buffer.from([36, 0]), nonZeroKey(authority), hookProgram.toBuffer());
    case 'permanentDelegate':
      return ix(program, keys, Buffer.from([35]), authority.toBuffer());
    case 'defaultAccountStateFrozen': // state 2 = frozen
      return ix(program, keys, Buffer.from([28, 0, 2]));
    case 'nonTransferable':
      return ix(program, keys, Buffer.from([32]));
    case 'pausable':
      return ix(program, keys, Buffer.from([44, 0]), nonZeroKey(authority));
    case 'mintCloseAuthority':
      return ix(program, keys, Buffer.from([25]), optionKey(authority));
    case 'interestBearing': // 5.00% a year
      return ix(program, keys, Buffer.from([33, 0]), nonZeroKey(authority), Buffer.from([244, 1]));
  }
}

const utf8 = new TextEncoder();
const borshString = (text: string): Buffer => {
  const bytes = utf8.encode(text);
  const length = Buffer.alloc(4);
  length.writeUInt32LE(bytes.length);
  return Buffer.concat([length, bytes]);
};

/** The token metadata a Token-2022 mint holds in its TokenMetadata extension. */
export interface TokenMetadataFields {
  readonly name: string;
  readonly symbol: string;
  readonly uri: string;
}

/**
 * Token metadata interface Initialize, on Token-2022 for a mint whose MetadataPointer names
 * itself: the mint authority signs; the mint must already hold the rent of its grown size.
 */
export function initializeTokenMetadata(
  mint: PublicKey,
  updateAuthority: PublicKey,
  mintAuthority: PublicKey,
  fields: TokenMetadataFields,
): TransactionInstruction {
  return ix(
    TOKEN_2022_PROGRAM_ID,
    [writable(mint), readonly(updateAuthority), readonly(mint), signer(mintAuthority)],
    Buffer.from([210, 225, 30, 162, 88, 184, 77, 141]),
    borshString(fields.name),
    borshString(fields.symbol),
    borshString(fields.uri),
  );
}

/** Bytes the TokenMetadata extension of these fields takes (TLV header included). */
export function tokenMetadataSpace(
  fields: TokenMetadataFields,
  additional: readonly (readonly [string, string])[] = [],
): number {
  const text = (value: string) => 4 + utf8.encode(value).length;
  const extra = additional.reduce((sum, [key, value]) => sum + text(key) + text(value), 4);
  return 4 + 32 + 32 + text(fields.name) + text(fields.symbol) + text(fields.uri) + extra;
}
