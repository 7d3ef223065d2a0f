import bs58 from 'bs58';
import { encodeAccount, mintDecimalsReader, parseEncoding } from './account-encoding';
import type { AccountView, Chain, SimulationResult } from './chain-types';
import { responseContext } from './rpc-context';
import type { RpcMethodGroup } from './rpc-context';
import { invalidParams, RPC_ERROR, RpcError } from './rpc-error';
import { configAt, isRecord, nonNegativeInteger, pubkeyAt, signatureOf } from './rpc-params';
import {
  confirmedTransactionJson,
  innerJson,
  returnDataJson,
  signatureStatusJson,
} from './transaction-json';
import type { TransactionEncoding } from './transaction-json';

const MAX_SIGNATURE_STATUSES = 256;
const MAX_SIGNATURES_LIMIT = 1_000;

/** What the transaction methods need from the chain. */
export type TransactionChain = Pick<
  Chain,
  | 'slot'
  | 'finalizationSlots'
  | 'getAccount'
  | 'send'
  | 'simulate'
  | 'getRecord'
  | 'isRecent'
  | 'signaturesForAddress'
>;

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

function transactionEncoding(value: unknown): TransactionEncoding {
  const encoding = value ?? 'json';
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
  return encoding;
}

/** An optional signature option (before, until) of getSignaturesForAddress. */
function optionalSignature(value: unknown, name: string): string | null {
  return value === undefined || value === null ? null : signatureOf(value, name);
}

/** Records newest first, cut to those strictly older than `before` and newer than `until`. */
function pageOf<T extends { signature: string }>(
  list: T[],
  before: string | null,
  until: string | null,
): T[] {
  let page = list;
  if (before !== null) {
    const at = page.findIndex((record) => record.signature === before);
    page = at === -1 ? [] : page.slice(at + 1);
  }
  if (until !== null) {
    const at = page.findIndex((record) => record.signature === until);
    if (at !== -1) page = page.slice(0, at);
  }
  return page;
}

/**
 * Transaction methods: sendTransaction and simulateTransaction going in, getSignatureStatuses,
 * getTransaction and getSignaturesForAddress reading the history back.
 */
export function createTransactionMethods(chain: TransactionChain): RpcMethodGroup {
  const context = () => responseContext(chain.slot());
  const decimalsOf = mintDecimalsReader(chain);

  /** simulateTransaction's `accounts`: post-simulation state, or the bank's when untouched. */
  const simulatedAccounts = (config: Record<string, unknown>, result: SimulationResult) => {
    const list = config.addresses;
    if (!Array.isArray(list)) throw invalidParams('accounts.addresses must be an array');
    const encoding = parseEncoding(config.encoding, 'base64');
    return list.map((_value, i) => {
      const addr = pubkeyAt(list, i, `accounts.addresses[${i}]`);
      const post = result.postAccounts.get(addr);
      const view: AccountView | null =
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
  };

  return {
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
      const accounts = isRecord(config.accounts)
        ? simulatedAccounts(config.accounts, result)
        : null;
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
        return signatureStatusJson(record, chain.slot(), chain.finalizationSlots);
      });
      return { context: context(), value };
    },
    getTransaction: (params) => {
      const signature = signatureOf(params[0], 'signature');
      const config = typeof params[1] === 'string' ? { encoding: params[1] } : configAt(params, 1);
      const encoding = transactionEncoding(config.encoding);
      const record = chain.getRecord(signature);
      if (record === undefined) return null;
      const version = record.decoded.version;
      const maxVersion = config.maxSupportedTransactionVersion;
      if (
        version !== 'legacy' &&
        (maxVersion === undefined || maxVersion === null || Number(maxVersion) < version)
      ) {
        throw new RpcError(
          RPC_ERROR.UNSUPPORTED_TRANSACTION_VERSION,
          `Transaction version (${version}) is not supported by the requesting client. Please try the request again with the following configuration parameter: "maxSupportedTransactionVersion": ${version}`,
        );
      }
      return confirmedTransactionJson(
        record,
        encoding,
        maxVersion !== undefined && maxVersion !== null,
      );
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
      const before = optionalSignature(config.before, 'before');
      const until = optionalSignature(config.until, 'until');
      const page = pageOf(chain.signaturesForAddress(addr), before, until);
      return page.slice(0, limit).map((record) => ({
        signature: record.signature,
        slot: record.slot,
        err: record.err,
        memo: record.memo,
        blockTime: record.blockTime,
        confirmationStatus: signatureStatusJson(record, chain.slot(), chain.finalizationSlots)
          .confirmationStatus,
      }));
    },
  };
}
