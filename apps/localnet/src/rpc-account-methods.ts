import bs58 from 'bs58';
import {
  encodeAccount,
  mintDecimalsReader,
  parseDataSlice,
  parseEncoding,
} from './account-encoding';
import type { Chain } from './chain-types';
import { responseContext } from './rpc-context';
import type { RpcMethodGroup } from './rpc-context';
import { invalidParams } from './rpc-error';
import { configAt, isRecord, nonNegativeInteger, pubkeyAt } from './rpc-params';

const MAX_MULTIPLE_ACCOUNTS = 100;

/** What the account reads need from the chain. */
export type AccountChain = Pick<Chain, 'slot' | 'getAccount' | 'getProgramAccounts'>;

/** getProgramAccounts filters: `{ dataSize }` and `{ memcmp: { offset, bytes, encoding? } }`. */
export function parseFilters(value: unknown): ((data: Uint8Array) => boolean)[] {
  if (value === undefined || value === null) return [];
  if (!Array.isArray(value)) throw invalidParams('filters must be an array');
  if (value.length > 4) throw invalidParams('too many filters provided; max 4');
  return value.map((filter: unknown, i) => {
    if (!isRecord(filter)) throw invalidParams(`filters[${i}] must be an object`);
    if (filter.dataSize !== undefined) {
      const size = Number(nonNegativeInteger(filter.dataSize, `filters[${i}].dataSize`));
      return (data: Uint8Array) => data.length === size;
    }
    if (isRecord(filter.memcmp)) {
      const offset = Number(
        nonNegativeInteger(filter.memcmp.offset, `filters[${i}].memcmp.offset`),
      );
      const text = filter.memcmp.bytes;
      if (typeof text !== 'string')
        throw invalidParams(`filters[${i}].memcmp.bytes must be a string`);
      let bytes: Uint8Array;
      try {
        bytes =
          filter.memcmp.encoding === 'base64' ? Buffer.from(text, 'base64') : bs58.decode(text);
      } catch {
        throw invalidParams(
          `filters[${i}].memcmp.bytes is not valid ${filter.memcmp.encoding === 'base64' ? 'base64' : 'base58'}`,
        );
      }
      if (bytes.length > 128)
        throw invalidParams(`filters[${i}].memcmp.bytes is longer than 128 bytes`);
      return (data: Uint8Array) =>
        data.length >= offset + bytes.length && bytes.every((byte, j) => data[offset + j] === byte);
    }
    throw invalidParams(`filters[${i}] must be { dataSize } or { memcmp }`);
  });
}

/**
 * Account reads: getAccountInfo, getMultipleAccounts, getBalance and getProgramAccounts, in
 * base58, base64 or jsonParsed (SPL token accounts and mints), with data slices and filters.
 */
export function createAccountMethods(chain: AccountChain): RpcMethodGroup {
  const context = () => responseContext(chain.slot());
  const decimalsOf = mintDecimalsReader(chain);
  const accountJson = (
    addr: string,
    config: Record<string, unknown>,
    fallback: 'base64' | 'base58',
  ) => {
    const account = chain.getAccount(addr);
    if (account === null) return null;
    return encodeAccount(
      account,
      parseEncoding(config.encoding, fallback),
      parseDataSlice(config.dataSlice),
      decimalsOf,
    );
  };

  return {
    getAccountInfo: (params) => {
      const addr = pubkeyAt(params, 0, 'account address');
      return { context: context(), value: accountJson(addr, configAt(params, 1), 'base58') };
    },
    getMultipleAccounts: (params) => {
      const list = params[0];
      if (!Array.isArray(list))
        throw invalidParams('addresses must be an array of base58 public keys');
      if (list.length > MAX_MULTIPLE_ACCOUNTS)
        throw invalidParams(`too many accounts provided; max ${MAX_MULTIPLE_ACCOUNTS}`);
      const config = configAt(params, 1);
      const addresses = list.map((_value, i) => pubkeyAt(list, i, `addresses[${i}]`));
      return {
        context: context(),
        value: addresses.map((addr) => accountJson(addr, config, 'base64')),
      };
    },
    getBalance: (params) => {
      const addr = pubkeyAt(params, 0, 'account address');
      return { context: context(), value: chain.getAccount(addr)?.lamports ?? 0n };
    },
    getProgramAccounts: (params) => {
      const program = pubkeyAt(params, 0, 'program address');
      const config = configAt(params, 1);
      const filters = parseFilters(config.filters);
      const encoding = parseEncoding(config.encoding, 'base58');
      const slice = parseDataSlice(config.dataSlice);
      const value = chain
        .getProgramAccounts(program)
        .filter((account) => filters.every((filter) => filter(account.data)))
        .map((account) => ({
          pubkey: account.address,
          account: encodeAccount(account, encoding, slice, decimalsOf),
        }));
      return config.withContext === true ? { context: context(), value } : value;
    },
  };
}
