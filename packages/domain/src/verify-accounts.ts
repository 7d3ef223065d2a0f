import { encodeBase58 } from './base58';

/**
 * Decoders of the accounts a visitor checks to trust a sale: the token mint (SPL Token, or Token-2022
 * with its extensions and on-mint TokenMetadata), a token account (the presale's vault), and the
 * upgradeable loader's program and programdata accounts, whose ELF is cut out of the zero padding
 * the loader allocates for upgrades. Each reads bytes only and answers `null` for bytes that are
 * not the account it reads, never a guess.
 */

export const TOKEN_PROGRAM_ADDRESS = 'TokenkegQfeZyiNwAJbNbGKPFXCWuBvf9Ss623VQ5DA';
export const TOKEN_2022_PROGRAM_ADDRESS = 'TokenzQdBNbLqP5VEhdkAS6EPFLC1PHnBqCXEpPxuEb';
export const UPGRADEABLE_LOADER_ADDRESS = 'BPFLoaderUpgradeab1e11111111111111111111111';
export const SYSTEM_PROGRAM_ADDRESS = '11111111111111111111111111111111';

/** A base mint is 82 bytes; a Token-2022 mint with extensions pads to 165, then its kind byte. */
const MINT_SIZE = 82;
/** A token account's base layout (SPL Token; Token-2022 appends its extensions after it). */
export const TOKEN_ACCOUNT_SIZE = 165;
const ACCOUNT_TYPE_MINT = 1;

/** Token-2022 extension types a visitor should know of (their numbers in the token program). */
export const TOKEN_2022_EXTENSION = {
  transferFeeConfig: 1,
  mintCloseAuthority: 3,
  defaultAccountState: 6,
  nonTransferable: 9,
  permanentDelegate: 12,
  transferHook: 14,
  metadataPointer: 18,
  tokenMetadata: 19,
} as const;

/**
 * Extensions that let someone other than the holder move, freeze, tax or destroy holders'
 * tokens, or make them untradable: a mint carrying one fails the check whatever its authorities.
 */
export const RISKY_TOKEN_2022_EXTENSIONS: readonly number[] = [
  TOKEN_2022_EXTENSION.transferFeeConfig,
  TOKEN_2022_EXTENSION.mintCloseAuthority,
  TOKEN_2022_EXTENSION.defaultAccountState,
  TOKEN_2022_EXTENSION.nonTransferable,
  TOKEN_2022_EXTENSION.permanentDelegate,
  TOKEN_2022_EXTENSION.transferHook,
];

/** The TokenMetadata extension's fields. */
export interface TokenMetadata {
  /** null when the update authority is the zero key (metadata frozen). */
  readonly updateAuthority: string | null;
  readonly name: string;
  readonly symbol: string;
  readonly uri: string;
}

export interface DecodedMint {
  readonly program: 'spl-token' | 'token-2022';
  readonly mintAuthority: string | null;
  readonly freezeAuthority: string | null;
  readonly supply: bigint;
  readonly decimals: number;
  readonly isInitialized: boolean;
  /** Token-2022 extension types present, in account order (empty for SPL Token). */
  readonly extensions: readonly number[];
  /** The on-mint TokenMetadata, or null when the mint carries none. */
  readonly metadata: TokenMetadata | null;
}

const view = (bytes: Uint8Array) => new DataView(bytes.buffer, bytes.byteOffset, bytes.byteLength);
const key = (bytes: Uint8Array, at: number) => encodeBase58(bytes.subarray(at, at + 32));
const isZero = (bytes: Uint8Array) => bytes.every((byte) => byte === 0);

/** A COption<Pubkey> (u32 tag, then 32 bytes): the key, null when absent; undefined when malformed. */
function cOptionKey(bytes: Uint8Array, at: number): string | null | undefined {
  const tag = view(bytes).getUint32(at, true);
  if (tag === 0) return null;
  return tag === 1 ? key(bytes, at + 4) : undefined;
}

/** Reads a u32-length-prefixed UTF-8 string; null when it runs past the end or is not UTF-8. */
function readString(bytes: Uint8Array, at: number): { text: string; end: number } | null {
  if (at + 4 > bytes.length) return null;
  const length = view(bytes).getUint32(at, true);
  const end = at + 4 + length;
  if (end > bytes.length) return null;
  try {
    return {
      text: new TextDecoder('utf-8', { fatal: true }).decode(bytes.subarray(at + 4, end)),
      end,
    };
  } catch {
    return null;
  }
}

/** The TokenMetadata extension's value: update authority, mint, name, symbol, uri (then extras). */
export function decodeTokenMetadata(value: Uint8Array): TokenMetadata | null {
  if (value.length < 64) return null;
  const name = readString(value, 64);
  const symbol = name === null ? null : readString(value, name.end);
  const uri = symbol === null ? null : readString(value, symbol.end);
  if (name === null || symbol === null || uri === null) return null;
  const authority = value.subarray(0, 32);
  return {
    updateAuthority: isZero(authority) ? null : encodeBase58(authority),
    name: name.text,
    symbol: symbol.text,
    uri: uri.text,
  };
}

/** Token-2022 extensions (type, value) after the account-type byte; null when the TLV is malformed. */
export function readTokenExtensions(
  bytes: Uint8Array,
): { type: number; value: Uint8Array }[] | null {
  const entries: { type: number; value: Uint8Array }[] = [];
  let at = TOKEN_ACCOUNT_SIZE + 1;
  while (at + 4 <= bytes.length) {
    const type = view(bytes).getUint16(at, true);
    const length = view(bytes).getUint16(at + 2, true);
    if (type === 0) break; // uninitialized space: the rest is padding
    if (at + 4 + length > bytes.length) return null;
    entries.push({ type, value: bytes.subarray(at + 4, at + 4 + length) });
    at += 4 + length;
  }
  return entries;
}

/** Decodes a mint owned by `owner` (SPL Token or Token-2022); null for anything else. */
export function decodeMint(bytes: Uint8Array, owner: string): DecodedMint | null {
  const program =
    owner === TOKEN_PROGRAM_ADDRESS
      ? 'spl-token'
      : owner === TOKEN_2022_PROGRAM_ADDRESS
        ? 'token-2022'
        : null;
  if (program === null || bytes.length < MINT_SIZE) return null;
  const mintAuthority = cOptionKey(bytes, 0);
  const freezeAuthority = cOptionKey(bytes, 46);
  if (mintAuthority === undefined || freezeAuthority === undefined) return null;
  const base = {
    program,
    mintAuthority,
    freezeAuthority,
    supply: view(bytes).getBigUint64(36, true),
    decimals: bytes[44] ?? 0,
    isInitialized: bytes[45] === 1,
  } as const;
  if (bytes.length === MINT_SIZE) return { ...base, extensions: [], metadata: null };
  if (program === 'spl-token' || bytes.length <= TOKEN_ACCOUNT_SIZE) return null;
  if (bytes[TOKEN_ACCOUNT_SIZE] !== ACCOUNT_TYPE_MINT) return null;
  const entries = readTokenExtensions(bytes);
  if (entries === null) return null;
  const metadataEntry = entries.find((entry) => entry.type === TOKEN_2022_EXTENSION.tokenMetadata);
  return {
    ...base,
    extensions: entries.map((entry) => entry.type),
    metadata: metadataEntry === undefined ? null : decodeTokenMetadata(metadataEntry.value),
  };
}

export interface DecodedTokenAccount {
  readonly mint: string;
  readonly owner: string;
  readonly amount: bigint;
  readonly delegate: string | null;
  readonly closeAuthority: string | null;
  /** The account's state byte: frozen accounts can neither send nor receive. */
  readonly state: TokenAccountState;
}

export type TokenAccountState = 'uninitialized' | 'initialized' | 'frozen';
const TOKEN_ACCOUNT_STATES: readonly TokenAccountState[] = [
  'uninitialized',
  'initialized',
  'frozen',
];
const TOKEN_ACCOUNT_STATE_OFFSET = 108;

/** Decodes an SPL Token or Token-2022 token account (the first 165 bytes); null otherwise. */
export function decodeTokenAccount(bytes: Uint8Array, owner: string): DecodedTokenAccount | null {
  if (owner !== TOKEN_PROGRAM_ADDRESS && owner !== TOKEN_2022_PROGRAM_ADDRESS) return null;
  if (bytes.length < TOKEN_ACCOUNT_SIZE) return null;
  if (bytes.length > TOKEN_ACCOUNT_SIZE && bytes[TOKEN_ACCOUNT_SIZE] !== 2) return null;
  const delegate = cOptionKey(bytes, 72);
  const closeAuthority = cOptionKey(bytes, 129);
  const state = TOKEN_ACCOUNT_STATES[bytes[TOKEN_ACCOUNT_STATE_OFFSET] ?? -1];
  if (delegate === undefined || closeAuthority === undefined || state === undefined) return null;
  return {
    mint: key(bytes, 0),
    owner: key(bytes, 32),
    amount: view(bytes).getBigUint64(64, true),
    delegate,
    closeAuthority,
    state,
  };
}

/** An upgradeable program account's programdata address; null for other bytes. */
export function decodeLoaderProgram(bytes: Uint8Array): string | null {
  if (bytes.length !== 36 || view(bytes).getUint32(0, true) !== 2) return null;
  return key(bytes, 4);
}

/** Where the program's bytes start in a programdata account (tag, slot, optional authority). */
export const PROGRAMDATA_HEADER_SIZE = 45;

export interface DecodedProgramData {
  /** Slot of the last deploy or upgrade. */
  readonly slot: bigint;
  /** null: no one can upgrade the program (immutable). */
  readonly upgradeAuthority: string | null;
  /** Everything after the header: the ELF, then zeros up to the space reserved for upgrades. */
  readonly programBytes: Uint8Array;
}

/** Decodes a programdata account; null for other bytes. */
export function decodeProgramData(bytes: Uint8Array): DecodedProgramData | null {
  if (bytes.length < PROGRAMDATA_HEADER_SIZE || view(bytes).getUint32(0, true) !== 3) return null;
  const option = bytes[12];
  if (option !== 0 && option !== 1) return null;
  return {
    slot: view(bytes).getBigUint64(4, true),
    upgradeAuthority: option === 1 ? key(bytes, 13) : null,
    programBytes: bytes.subarray(PROGRAMDATA_HEADER_SIZE),
  };
}

/**
 * The ELF's own bytes within `bytes` (a programdata account's program bytes, zero-padded to the
 * space reserved): its length is the furthest file offset its headers describe, the end of the
 * section header table, of every segment's file image and of every section holding file bytes.
 * That is the whole file a linker writes, so the digest of the cut equals the digest of the `.so`
 * that was deployed, whatever zeros follow it. Null when the bytes are not a 64-bit ELF or its
 * headers point past them.
 */
export function elfFileBytes(bytes: Uint8Array): Uint8Array | null {
  if (bytes.length < 64 || bytes[0] !== 0x7f || bytes[1] !== 0x45 || bytes[2] !== 0x4c) return null;
  if (bytes[3] !== 0x46 || bytes[4] !== 2 || bytes[5] !== 1) return null;
  const data = view(bytes);
  const at = (offset: number) => Number(data.getBigUint64(offset, true));
  const phoff = at(0x20);
  const shoff = at(0x28);
  const phentsize = data.getUint16(0x36, true);
  const phnum = data.getUint16(0x38, true);
  const shentsize = data.getUint16(0x3a, true);
  const shnum = data.getUint16(0x3c, true);
  let end = Math.max(64, phoff + phnum * phentsize, shoff + shnum * shentsize);
  if (end > bytes.length) return null;
  for (let i = 0; i < phnum; i++) {
    const header = phoff + i * phentsize;
    end = Math.max(end, at(header + 8) + at(header + 32));
  }
  for (let i = 0; i < shnum; i++) {
    const header = shoff + i * shentsize;
    const noBits = data.getUint32(header + 4, true) === 8;
    if (!noBits) end = Math.max(end, at(header + 24) + at(header + 32));
  }
  return end > bytes.length ? null : bytes.subarray(0, end);
}
