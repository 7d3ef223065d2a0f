import bs58 from 'bs58';
import type { AccountView } from './chain-types';
import { invalidParams, RPC_ERROR, RpcError } from './rpc-error';
import { parseTokenExtensions } from './token-extensions';

/** rentEpoch of every rent-exempt account on current clusters. */
export const RENT_EXEMPT_EPOCH = 18_446_744_073_709_551_615n;
const TOKEN_PROGRAM = 'TokenkegQfeZyiNwAJbNbGKPFXCWuBvf9Ss623VQ5DA';
const TOKEN_2022_PROGRAM = 'TokenzQdBNbLqP5VEhdkAS6EPFLC1PHnBqCXEpPxuEb';
const NATIVE_MINT = 'So11111111111111111111111111111111111111112';

export type AccountEncoding = 'base64' | 'base58' | 'jsonParsed' | 'base64+zstd';

/** Reads the `encoding` option, rejecting anything the server cannot produce. */
export function parseEncoding(value: unknown, fallback: AccountEncoding): AccountEncoding {
  if (value === undefined || value === null) return fallback;
  if (value === 'base64' || value === 'base58' || value === 'jsonParsed') return value;
  if (value === 'base64+zstd')
    throw invalidParams('encoding base64+zstd is not supported by this local chain');
  throw invalidParams(
    `unknown variant \`${JSON.stringify(value)}\`, expected one of \`binary\`, \`base58\`, \`base64\`, \`jsonParsed\`, \`base64+zstd\``,
  );
}

/** A u64 token amount as RPC's UiTokenAmount. */
export function uiTokenAmount(amount: bigint, decimals: number) {
  const text = amount.toString().padStart(decimals + 1, '0');
  const whole = text.slice(0, text.length - decimals);
  const fraction = decimals > 0 ? text.slice(text.length - decimals).replace(/0+$/, '') : '';
  const uiAmountString = fraction.length > 0 ? `${whole}.${fraction}` : whole;
  return { amount: amount.toString(), decimals, uiAmount: Number(uiAmountString), uiAmountString };
}

function readOptionKey(data: Uint8Array, offset: number): string | null {
  const tag = new DataView(data.buffer, data.byteOffset, data.byteLength).getUint32(offset, true);
  return tag === 1 ? bs58.encode(data.subarray(offset + 4, offset + 36)) : null;
}

const TOKEN_STATE = ['uninitialized', 'initialized', 'frozen'] as const;

/**
 * jsonParsed view of an SPL token mint or account, as web3.js's getParsedAccountInfo and
 * getParsedTokenAccountsByOwner expect (a Token-2022 one with its `extensions`, e.g. the
 * mint's tokenMetadata); null when the account is not one of those.
 */
export function parseTokenAccountData(
  account: AccountView,
  lookupDecimals: (mint: string) => number | null,
): Record<string, unknown> | null {
  if (account.owner !== TOKEN_PROGRAM && account.owner !== TOKEN_2022_PROGRAM) return null;
  const data = account.data;
  const view = new DataView(data.buffer, data.byteOffset, data.byteLength);
  const program = account.owner === TOKEN_PROGRAM ? 'spl-token' : 'spl-token-2022';
  const extensions = parseTokenExtensions(data);
  const withExtensions = extensions === null ? {} : { extensions };
  if (data.length === 82 || (data.length > 165 && data[165] === 1)) {
    return {
      program,
      space: data.length,
      parsed: {
        type: 'mint',
        info: {
          mintAuthority: readOptionKey(data, 0),
          supply: view.getBigUint64(36, true).toString(),
          decimals: data[44] ?? 0,
          isInitialized: data[45] === 1,
          freezeAuthority: readOptionKey(data, 46),
          ...withExtensions,
        },
      },
    };
  }
  if (data.length === 165 || (data.length > 165 && data[165] === 2)) {
    const mint = bs58.encode(data.subarray(0, 32));
    const decimals = lookupDecimals(mint) ?? 0;
    const isNative = view.getUint32(109, true) === 1;
    const info: Record<string, unknown> = {
      isNative,
      mint,
      owner: bs58.encode(data.subarray(32, 64)),
      state: TOKEN_STATE[data[108] ?? 0] ?? 'uninitialized',
      tokenAmount: uiTokenAmount(view.getBigUint64(64, true), decimals),
    };
    const delegate = readOptionKey(data, 72);
    if (delegate !== null) {
      info.delegate = delegate;
      info.delegatedAmount = uiTokenAmount(view.getBigUint64(121, true), decimals);
    }
    if (isNative) info.rentExemptReserve = uiTokenAmount(view.getBigUint64(113, true), 9);
    const closeAuthority = readOptionKey(data, 129);
    if (closeAuthority !== null) info.closeAuthority = closeAuthority;
    if (mint === NATIVE_MINT && !isNative) info.isNative = false;
    if (extensions !== null) info.extensions = extensions;
    return { program, space: data.length, parsed: { type: 'account', info } };
  }
  return null;
}

/**
 * A decimals lookup over the bank, for jsonParsed token accounts (whose amounts need their
 * mint's decimals): byte 44 of the mint account, null when the mint is missing or too short.
 */
export function mintDecimalsReader(bank: {
  getAccount(addr: string): AccountView | null;
}): (mint: string) => number | null {
  return (mint) => {
    const account = bank.getAccount(mint);
    return account !== null && account.data.length >= 45 ? (account.data[44] ?? null) : null;
  };
}

export interface DataSlice {
  offset: number;
  length: number;
}

/** Reads the optional `dataSlice` option. */
export function parseDataSlice(value: unknown): DataSlice | null {
  if (value === undefined || value === null) return null;
  if (typeof value !== 'object') throw invalidParams('dataSlice must be an object');
  const { offset, length } = value as Record<string, unknown>;
  if (
    !Number.isSafeInteger(offset) ||
    !Number.isSafeInteger(length) ||
    (offset as number) < 0 ||
    (length as number) < 0
  ) {
    throw invalidParams('dataSlice needs non-negative integer offset and length');
  }
  return { offset: offset as number, length: length as number };
}

/** An account in RPC's UiAccount JSON shape. */
export function encodeAccount(
  account: AccountView,
  encoding: AccountEncoding,
  slice: DataSlice | null,
  lookupDecimals: (mint: string) => number | null,
): Record<string, unknown> {
  const base = {
    executable: account.executable,
    lamports: account.lamports,
    owner: account.owner,
    rentEpoch: RENT_EXEMPT_EPOCH,
    space: account.data.length,
  };
  if (encoding === 'jsonParsed' && slice === null) {
    const parsed = parseTokenAccountData(account, lookupDecimals);
    if (parsed !== null) return { ...base, data: parsed };
  }
  const bytes =
    slice === null
      ? account.data
      : account.data.subarray(slice.offset, slice.offset + slice.length);
  if (encoding === 'base58') {
    if (bytes.length > 128) {
      throw new RpcError(
        RPC_ERROR.INVALID_REQUEST,
        'Encoded binary (base 58) data should be less than 128 bytes, please use Base64 encoding.',
      );
    }
    return { ...base, data: [bs58.encode(bytes), 'base58'] };
  }
  return { ...base, data: [Buffer.from(bytes).toString('base64'), 'base64'] };
}
