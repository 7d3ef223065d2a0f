import bs58 from 'bs58';
import { VersionedMessage } from '@solana/web3.js';
import { encodeAccount, parseDataSlice, parseEncoding, uiTokenAmount } from './account-encoding';
import type { Chain, TokenBalance, TransactionRecord } from './chain';
import type { DecodedTransaction } from './wire-transaction';
import { invalidParams, RPC_ERROR, RpcError } from './rpc-error';
import { LAMPORTS_PER_SIGNATURE } from './wire-transaction';

/** Version string reported by getVersion (the agave line litesvm 1.5 is built from). */
export const SOLANA_CORE_VERSION = '4.3.0';
const FEATURE_SET = 4_140_108_451;
const SLOTS_PER_EPOCH = 432_000;
const MAX_SIGNATURE_STATUSES = 256;
const MAX_MULTIPLE_ACCOUNTS = 100;
const MAX_SIGNATURES_LIMIT = 1_000;

export type RpcHandler = (params: unknown[]) => unknown;

function isRecord(value: unknown): value is Record<string, unknown> {
  return typeof value === 'object' && value !== null && !Array.isArray(value);
}

function configAt(params: unknown[], index: number): Record<string, unknown> {
  const value = params[index];
  if (value === undefined || value === null) return {};
  if (!isRecord(value))
    throw invalidParams(`parameter ${index + 1} must be a configuration object`);
  return value;
}

function pubkeyAt(params: unknown[], index: number, name: string): string {
  const value = params[index];
  if (typeof value !== 'string')
    throw invalidParams(`${name} (parameter ${index + 1}) must be a base58 string`);
  let bytes: Uint8Array;
  try {
    bytes = bs58.decode(value);
  } catch {
    throw invalidParams(`${name} is not valid base58: ${JSON.stringify(value)}`);
  }
  if (bytes.length !== 32)
    throw invalidParams(`${name} must decode to 32 bytes, got ${bytes.length}`);
  return value;
}

function signatureOf(value: unknown, name: string): string {
  if (typeof value !== 'string') throw invalidParams(`${name} must be a base58 string`);
  let bytes: Uint8Array;
  try {
    bytes = bs58.decode(value);
  } catch {
    throw invalidParams(`${name} is not valid base58: ${JSON.stringify(value)}`);
  }
  if (bytes.length !== 64)
    throw invalidParams(`${name} must decode to 64 bytes, got ${bytes.length}`);
  return value;
}

function nonNegativeInteger(value: unknown, name: string): bigint {
  if (typeof value === 'number' && Number.isSafeInteger(value) && value >= 0) return BigInt(value);
  if (typeof value === 'string' && /^\d+$/.test(value)) return BigInt(value);
  if (typeof value === 'number' && Number.isInteger(value) && value > 0) {
    throw invalidParams(
      `${name} ${value} is above 2^53 and lost precision in JSON; send it as a decimal string`,
    );
  }
  throw invalidParams(`${name} must be a non-negative integer`);
}

function decodeWire(value: unknown, encoding: unknown): Uint8Array {
  if (typeof value !== 'string' || value.length === 0)
    throw invalidParams('transaction must be a non-empty encoded string');
  const enc = encoding ?? 'base58';
  if (enc === 'base64') {
    if (!/^[A-Za-z0-9+/]*={0,2}$/.test(value))
      throw invalidParams('transaction is not valid base64');
    return Buffer.from(value, 'base64');
  }
  if (enc === 'base58') {
    try {
      return bs58.decode(value);
    } catch {
      throw invalidParams('transaction is not valid base58');
    }
  }
  throw invalidParams(
    `unsupported transaction encoding ${JSON.stringify(enc)}: use base58 or base64`,
  );
}

function tokenBalanceJson(balance: TokenBalance) {
  return {
    accountIndex: balance.accountIndex,
    mint: balance.mint,
    owner: balance.owner,
    programId: balance.programId,
    uiTokenAmount: uiTokenAmount(balance.amount, balance.decimals),
  };
}

function statusOf(chain: Chain, record: TransactionRecord) {
  const depth = chain.slot() - record.slot;
  const finalized = depth >= chain.finalizationSlots;
  return {
    slot: record.slot,
    confirmations: finalized ? null : depth,
    err: record.err,
    status: record.err === null ? { Ok: null } : { Err: record.err },
    confirmationStatus: finalized ? 'finalized' : 'confirmed',
  };
}

function returnDataJson(returnData: TransactionRecord['returnData']) {
  return returnData === null
    ? null
    : {
        programId: returnData.programId,
        data: [Buffer.from(returnData.data).toString('base64'), 'base64'],
      };
}

function innerJson(inner: TransactionRecord['innerInstructions']) {
  return inner.map((group) => ({
    index: group.index,
    instructions: group.instructions.map((ix) => ({
      programIdIndex: ix.programIdIndex,
      accounts: ix.accounts,
      data: bs58.encode(ix.data),
      stackHeight: ix.stackHeight,
    })),
  }));
}

const MEMO_PROGRAM_IDS = new Set([
  'MemoSq4gqABAXKb96qnH8TysNcWxMyWCqXgDLGmfcHr',
  'Memo1UhkJRfHyvLMcVucJwxXeuD728EqVDDwQDxFMNo',
]);

/**
 * One instruction in jsonParsed form: memos parsed as agave does, everything else "partially
 * decoded" (program id, account addresses, base58 data), which web3.js accepts for any program.
 */
function parsedInstruction(
  tx: DecodedTransaction,
  ix: { programIdIndex: number; accounts: number[]; data: Uint8Array },
  stackHeight: number | null,
) {
  const programId = tx.accountKeys[ix.programIdIndex] ?? '';
  if (MEMO_PROGRAM_IDS.has(programId)) {
    return {
      parsed: new TextDecoder().decode(ix.data),
      program: 'spl-memo',
      programId,
      stackHeight,
    };
  }
  return {
    programId,
    accounts: ix.accounts.map((index) => tx.accountKeys[index] ?? ''),
    data: bs58.encode(ix.data),
    stackHeight,
  };
}

function parsedMessage(tx: DecodedTransaction) {
  const signers = tx.header.numRequiredSignatures;
  return {
    accountKeys: tx.accountKeys.map((pubkey, i) => ({
      pubkey,
      signer: i < signers,
      writable: tx.writable[i] === true,
      source: 'transaction',
    })),
    recentBlockhash: tx.recentBlockhash,
    instructions: tx.instructions.map((ix) => parsedInstruction(tx, ix, null)),
    ...(tx.version === 0 ? { addressTableLookups: tx.addressTableLookups } : {}),
  };
}

function parsedInnerJson(tx: DecodedTransaction, inner: TransactionRecord['innerInstructions']) {
  return inner.map((group) => ({
    index: group.index,
    instructions: group.instructions.map((ix) => parsedInstruction(tx, ix, ix.stackHeight)),
  }));
}

/** getProgramAccounts filters: `{ dataSize }` and `{ memcmp: { offset, bytes, encoding? } }`. */
function parseFilters(value: unknown): ((data: Uint8Array) => boolean)[] {
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

/** Builds every JSON-RPC method over a chain. Handlers throw RpcError for bad input. */
export function createRpcMethods(chain: Chain): Record<string, RpcHandler> {
  const context = () => ({ apiVersion: SOLANA_CORE_VERSION, slot: chain.slot() });
  const decimalsOf = (mint: string): number | null => {
    const account = chain.getAccount(mint);
    return account !== null && account.data.length >= 45 ? (account.data[44] ?? null) : null;
  };
  const accountJson = (
    addr: string,
    config: Record<string, unknown>,
    fallback: 'base64' | 'base58' = 'base64',
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

  const methods: Record<string, RpcHandler> = {
    getVersion: () => ({ 'solana-core': SOLANA_CORE_VERSION, 'feature-set': FEATURE_SET }),
    getHealth: () => 'ok',
    getGenesisHash: () => chain.genesisHash,
    getSlot: () => chain.slot(),
    getBlockHeight: () => chain.slot(),
    getTransactionCount: () => chain.transactionCount(),
    getEpochInfo: () => {
      const slot = chain.slot();
      return {
        absoluteSlot: slot,
        blockHeight: slot,
        epoch: Math.floor(slot / SLOTS_PER_EPOCH),
        slotIndex: slot % SLOTS_PER_EPOCH,
        slotsInEpoch: SLOTS_PER_EPOCH,
        transactionCount: chain.transactionCount(),
      };
    },
    getLatestBlockhash: () => ({ context: context(), value: chain.latestBlockhash() }),
    isBlockhashValid: (params) => {
      const hash = params[0];
      if (typeof hash !== 'string') throw invalidParams('blockhash must be a base58 string');
      return { context: context(), value: chain.isBlockhashValid(hash) };
    },
    getFeeForMessage: (params) => {
      const text = params[0];
      if (typeof text !== 'string') throw invalidParams('message must be a base64 string');
      let message;
      try {
        message = VersionedMessage.deserialize(Buffer.from(text, 'base64'));
      } catch (error) {
        throw invalidParams(`failed to deserialize message: ${(error as Error).message}`);
      }
      const valid = chain.isBlockhashValid(message.recentBlockhash);
      return {
        context: context(),
        value: valid
          ? Number(LAMPORTS_PER_SIGNATURE * BigInt(message.header.numRequiredSignatures))
          : null,
      };
    },
    getRecentPrioritizationFees: (params) => {
      const list = params[0] ?? [];
      if (!Array.isArray(list))
        throw invalidParams('addresses must be an array of base58 public keys');
      if (list.length > 128) throw invalidParams('too many addresses (max 128)');
      const addresses = list.map((_value, i) => pubkeyAt(list, i, `addresses[${i}]`));
      return chain.prioritizationFees(addresses);
    },
    getMinimumBalanceForRentExemption: (params) => {
      const size = nonNegativeInteger(params[0], 'data length');
      if (size > 10_485_760n) throw invalidParams('data length exceeds the 10 MiB account limit');
      return chain.minimumBalanceForRentExemption(Number(size));
    },
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
    getTokenAccountBalance: (params) => {
      const addr = pubkeyAt(params, 0, 'token account address');
      const account = chain.getAccount(addr);
      const parsed =
        account === null ? null : encodeAccount(account, 'jsonParsed', null, decimalsOf).data;
      const info =
        isRecord(parsed) && isRecord(parsed.parsed) && parsed.parsed.type === 'account'
          ? (parsed.parsed.info as Record<string, unknown>)
          : null;
      if (info === null) throw invalidParams('Invalid param: not a Token account');
      return { context: context(), value: info.tokenAmount };
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
    getTokenSupply: (params) => {
      const addr = pubkeyAt(params, 0, 'mint address');
      const account = chain.getAccount(addr);
      const parsed =
        account === null ? null : encodeAccount(account, 'jsonParsed', null, decimalsOf).data;
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
          : [
              'TokenkegQfeZyiNwAJbNbGKPFXCWuBvf9Ss623VQ5DA',
              'TokenzQdBNbLqP5VEhdkAS6EPFLC1PHnBqCXEpPxuEb',
            ];
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
    sendTransaction: (params) => {
      const config = configAt(params, 1);
      const wire = decodeWire(params[0], config.encoding);
      return chain.send(wire, { skipPreflight: config.skipPreflight === true });
    },
    simulateTransaction: (params) => {
      const config = configAt(params, 1);
      const wire = decodeWire(params[0], config.encoding);
      const sigVerify = config.sigVerify === true;
      const replaceRecentBlockhash = config.replaceRecentBlockhash === true;
      if (sigVerify && replaceRecentBlockhash)
        throw invalidParams('sigVerify may not be used with replaceRecentBlockhash');
      const result = chain.simulate(wire, { sigVerify, replaceRecentBlockhash });
      let accounts: unknown = null;
      if (isRecord(config.accounts)) {
        const list = config.accounts.addresses;
        if (!Array.isArray(list)) throw invalidParams('accounts.addresses must be an array');
        const encoding = parseEncoding(config.accounts.encoding, 'base64');
        accounts = list.map((_value, i) => {
          const addr = pubkeyAt(list, i, `accounts.addresses[${i}]`);
          const post = result.postAccounts.get(addr);
          const view =
            post !== undefined
              ? {
                  address: addr,
                  lamports: post.lamports,
                  owner: post.programAddress,
                  executable: post.executable,
                  data: Uint8Array.from(post.data),
                }
              : chain.getAccount(addr);
          return view === null ? null : encodeAccount(view, encoding, null, decimalsOf);
        });
      }
      return {
        context: context(),
        value: {
          err: result.err,
          logs: result.logs,
          accounts,
          unitsConsumed: result.unitsConsumed,
          returnData: returnDataJson(result.returnData),
          innerInstructions:
            config.innerInstructions === true ? innerJson(result.innerInstructions) : null,
          ...(result.replacementBlockhash !== undefined
            ? { replacementBlockhash: result.replacementBlockhash }
            : {}),
        },
      };
    },
    getSignatureStatuses: (params) => {
      const list = params[0];
      if (!Array.isArray(list))
        throw invalidParams('signatures must be an array of base58 strings');
      if (list.length > MAX_SIGNATURE_STATUSES)
        throw invalidParams(`Too many inputs provided; max ${MAX_SIGNATURE_STATUSES}`);
      const search = configAt(params, 1).searchTransactionHistory === true;
      const value = list.map((sig, i) => {
        const record = chain.getRecord(signatureOf(sig, `signatures[${i}]`));
        if (record === undefined || (!search && !chain.isRecent(record))) return null;
        return statusOf(chain, record);
      });
      return { context: context(), value };
    },
    getTransaction: (params) => {
      const signature = signatureOf(params[0], 'signature');
      const config = typeof params[1] === 'string' ? { encoding: params[1] } : configAt(params, 1);
      const encoding = config.encoding ?? 'json';
      if (
        encoding !== 'json' &&
        encoding !== 'jsonParsed' &&
        encoding !== 'base64' &&
        encoding !== 'base58'
      ) {
        throw invalidParams(
          `unsupported encoding ${JSON.stringify(encoding)} for getTransaction: use json, jsonParsed, base64 or base58`,
        );
      }
      const record = chain.getRecord(signature);
      if (record === undefined) return null;
      const tx = record.decoded;
      const maxVersion = config.maxSupportedTransactionVersion;
      if (
        tx.version !== 'legacy' &&
        (maxVersion === undefined || maxVersion === null || Number(maxVersion) < tx.version)
      ) {
        throw new RpcError(
          RPC_ERROR.UNSUPPORTED_TRANSACTION_VERSION,
          `Transaction version (${tx.version}) is not supported by the requesting client. Please try the request again with the following configuration parameter: "maxSupportedTransactionVersion": ${tx.version}`,
        );
      }
      const parsed = encoding === 'jsonParsed';
      const transaction = parsed
        ? { signatures: tx.signatures, message: parsedMessage(tx) }
        : encoding === 'json'
          ? {
              signatures: tx.signatures,
              message: {
                accountKeys: tx.accountKeys,
                header: tx.header,
                recentBlockhash: tx.recentBlockhash,
                instructions: tx.instructions.map((ix) => ({
                  programIdIndex: ix.programIdIndex,
                  accounts: ix.accounts,
                  data: bs58.encode(ix.data),
                  stackHeight: null,
                })),
                ...(tx.version === 0 ? { addressTableLookups: tx.addressTableLookups } : {}),
              },
            }
          : encoding === 'base64'
            ? [Buffer.from(tx.wire).toString('base64'), 'base64']
            : [bs58.encode(tx.wire), 'base58'];
      return {
        slot: record.slot,
        blockTime: record.blockTime,
        transaction,
        meta: {
          err: record.err,
          status: record.err === null ? { Ok: null } : { Err: record.err },
          fee: record.fee,
          preBalances: record.preBalances,
          postBalances: record.postBalances,
          innerInstructions: parsed
            ? parsedInnerJson(tx, record.innerInstructions)
            : innerJson(record.innerInstructions),
          logMessages: record.logs,
          preTokenBalances: record.preTokenBalances.map(tokenBalanceJson),
          postTokenBalances: record.postTokenBalances.map(tokenBalanceJson),
          rewards: [],
          loadedAddresses: { writable: [], readonly: [] },
          computeUnitsConsumed: record.computeUnitsConsumed,
          ...(record.returnData !== null ? { returnData: returnDataJson(record.returnData) } : {}),
        },
        ...(maxVersion !== undefined && maxVersion !== null ? { version: tx.version } : {}),
      };
    },
    getSignaturesForAddress: (params) => {
      const addr = pubkeyAt(params, 0, 'account address');
      const config = configAt(params, 1);
      const limit =
        config.limit === undefined || config.limit === null
          ? MAX_SIGNATURES_LIMIT
          : Number(nonNegativeInteger(config.limit, 'limit'));
      if (limit < 1 || limit > MAX_SIGNATURES_LIMIT)
        throw invalidParams(`limit must be between 1 and ${MAX_SIGNATURES_LIMIT}`);
      const before =
        config.before === undefined || config.before === null
          ? null
          : signatureOf(config.before, 'before');
      const until =
        config.until === undefined || config.until === null
          ? null
          : signatureOf(config.until, 'until');
      let list = chain.signaturesForAddress(addr);
      if (before !== null) {
        const at = list.findIndex((record) => record.signature === before);
        list = at === -1 ? [] : list.slice(at + 1);
      }
      if (until !== null) {
        const at = list.findIndex((record) => record.signature === until);
        if (at !== -1) list = list.slice(0, at);
      }
      return list.slice(0, limit).map((record) => {
        const status = statusOf(chain, record);
        return {
          signature: record.signature,
          slot: record.slot,
          err: record.err,
          memo: record.memo,
          blockTime: record.blockTime,
          confirmationStatus: status.confirmationStatus,
        };
      });
    },
    requestAirdrop: (params) => {
      const to = pubkeyAt(params, 0, 'recipient address');
      const amount = nonNegativeInteger(params[1], 'lamports');
      if (amount === 0n) throw invalidParams('lamports must be greater than 0');
      return chain.airdrop(to, amount);
    },
  };
  return methods;
}
