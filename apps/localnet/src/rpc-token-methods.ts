import bs58 from 'bs58';
import {
  encodeAccount,
  mintDecimalsReader,
  parseDataSlice,
  parseEncoding,
  uiTokenAmount,
} from './account-encoding';
import type { Chain } from './chain-types';
import { responseContext } from './rpc-context';
import type { RpcMethodGroup } from './rpc-context';
import { invalidParams } from './rpc-error';
import { configAt, isRecord, pubkeyAt } from './rpc-params';

const TOKEN_PROGRAMS = [
  'TokenkegQfeZyiNwAJbNbGKPFXCWuBvf9Ss623VQ5DA',
  'TokenzQdBNbLqP5VEhdkAS6EPFLC1PHnBqCXEpPxuEb',
];

/** What the token reads need from the chain. */
export type TokenChain = Pick<Chain, 'slot' | 'getAccount' | 'getProgramAccounts'>;

/**
 * SPL token reads: getTokenAccountBalance, getTokenSupply and getTokenAccountsByOwner, over
 * both token programs, answered from the same parsing as jsonParsed account data.
 */
export function createTokenMethods(chain: TokenChain): RpcMethodGroup {
  const context = () => responseContext(chain.slot());
  const decimalsOf = mintDecimalsReader(chain);
  const parsedData = (addr: string): unknown => {
    const account = chain.getAccount(addr);
    return account === null ? null : encodeAccount(account, 'jsonParsed', null, decimalsOf).data;
  };

  return {
    getTokenAccountBalance: (params) => {
      const addr = pubkeyAt(params, 0, 'token account address');
      const parsed = parsedData(addr);
      const info =
        isRecord(parsed) && isRecord(parsed.parsed) && parsed.parsed.type === 'account'
          ? (parsed.parsed.info as Record<string, unknown>)
          : null;
      if (info === null) throw invalidParams('Invalid param: not a Token account');
      return { context: context(), value: info.tokenAmount };
    },
    getTokenSupply: (params) => {
      const addr = pubkeyAt(params, 0, 'mint address');
      const parsed = parsedData(addr);
      const info =
        isRecord(parsed) && isRecord(parsed.parsed) && parsed.parsed.type === 'mint'
          ? (parsed.parsed.info as { supply: string; decimals: number })
          : null;
      if (info === null) throw invalidParams('Invalid param: not a Token mint');
      return { context: context(), value: uiTokenAmount(BigInt(info.supply), info.decimals) };
    },
    getTokenAccountsByOwner: (params) => {
      const owner = pubkeyAt(params, 0, 'owner address');
      const filter = params[1];
      if (!isRecord(filter) || (filter.mint === undefined) === (filter.programId === undefined)) {
        throw invalidParams('second parameter must be { mint } or { programId }');
      }
      const mint = filter.mint !== undefined ? pubkeyAt([filter.mint], 0, 'mint') : null;
      const programs =
        filter.programId !== undefined
          ? [pubkeyAt([filter.programId], 0, 'programId')]
          : TOKEN_PROGRAMS;
      const config = configAt(params, 2);
      const encoding = parseEncoding(config.encoding, 'base64');
      const slice = parseDataSlice(config.dataSlice);
      const value = programs
        .flatMap((program) => chain.getProgramAccounts(program))
        .filter((account) => {
          if (account.data.length < 165 || (account.data.length > 165 && account.data[165] !== 2))
            return false;
          if (bs58.encode(account.data.subarray(32, 64)) !== owner) return false;
          return mint === null || bs58.encode(account.data.subarray(0, 32)) === mint;
        })
        .map((account) => ({
          pubkey: account.address,
          account: encodeAccount(account, encoding, slice, decimalsOf),
        }));
      return { context: context(), value };
    },
  };
}
