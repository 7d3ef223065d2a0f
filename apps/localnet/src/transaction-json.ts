import bs58 from 'bs58';
import { uiTokenAmount } from './account-encoding';
import type { InnerInstructions, ReturnData, TokenBalance, TransactionRecord } from './chain-types';
import { staticKeyCount } from './wire-transaction';
import type { DecodedTransaction } from './wire-transaction';

/** The encodings getTransaction can answer in. */
export type TransactionEncoding = 'json' | 'jsonParsed' | 'base64' | 'base58';

const MEMO_PROGRAM_IDS = new Set([
  'MemoSq4gqABAXKb96qnH8TysNcWxMyWCqXgDLGmfcHr',
  'Memo1UhkJRfHyvLMcVucJwxXeuD728EqVDDwQDxFMNo',
]);

function tokenBalanceJson(balance: TokenBalance) {
  return {
    accountIndex: balance.accountIndex,
    mint: balance.mint,
    owner: balance.owner,
    programId: balance.programId,
    uiTokenAmount: uiTokenAmount(balance.amount, balance.decimals),
  };
}

/** Return data as RPC writes it: `{ programId, data: [base64, "base64"] }`, or null. */
export function returnDataJson(returnData: ReturnData) {
  return returnData === null
    ? null
    : {
        programId: returnData.programId,
        data: [Buffer.from(returnData.data).toString('base64'), 'base64'],
      };
}

/** Inner instructions in the `json` encoding: account indexes and base58 data. */
export function innerJson(inner: InnerInstructions) {
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
  const own = staticKeyCount(tx);
  return {
    accountKeys: tx.accountKeys.map((pubkey, i) => ({
      pubkey,
      signer: i < signers,
      writable: tx.writable[i] === true,
      source: i < own ? 'transaction' : 'lookupTable',
    })),
    recentBlockhash: tx.recentBlockhash,
    instructions: tx.instructions.map((ix) => parsedInstruction(tx, ix, null)),
    ...(tx.version === 0 ? { addressTableLookups: tx.addressTableLookups } : {}),
  };
}

function parsedInnerJson(tx: DecodedTransaction, inner: InnerInstructions) {
  return inner.map((group) => ({
    index: group.index,
    instructions: group.instructions.map((ix) => parsedInstruction(tx, ix, ix.stackHeight)),
  }));
}

function rawMessage(tx: DecodedTransaction) {
  return {
    // The message's own keys; the loaded ones are the meta's `loadedAddresses`.
    accountKeys: tx.accountKeys.slice(0, staticKeyCount(tx)),
    header: tx.header,
    recentBlockhash: tx.recentBlockhash,
    instructions: tx.instructions.map((ix) => ({
      programIdIndex: ix.programIdIndex,
      accounts: ix.accounts,
      data: bs58.encode(ix.data),
      stackHeight: null,
    })),
    ...(tx.version === 0 ? { addressTableLookups: tx.addressTableLookups } : {}),
  };
}

function transactionBody(tx: DecodedTransaction, encoding: TransactionEncoding) {
  if (encoding === 'jsonParsed') return { signatures: tx.signatures, message: parsedMessage(tx) };
  if (encoding === 'json') return { signatures: tx.signatures, message: rawMessage(tx) };
  if (encoding === 'base64') return [Buffer.from(tx.wire).toString('base64'), 'base64'];
  return [bs58.encode(tx.wire), 'base58'];
}

/**
 * A signature's status as getSignatureStatuses reports it: `confirmed` with a confirmation
 * count until `finalizationSlots` have passed, then `finalized` with none.
 */
export function signatureStatusJson(
  record: TransactionRecord,
  currentSlot: number,
  finalizationSlots: number,
) {
  const depth = currentSlot - record.slot;
  const finalized = depth >= finalizationSlots;
  return {
    slot: record.slot,
    confirmations: finalized ? null : depth,
    err: record.err,
    status: record.err === null ? { Ok: null } : { Err: record.err },
    confirmationStatus: finalized ? 'finalized' : 'confirmed',
  };
}

/**
 * getTransaction's answer for a recorded transaction. `withVersion` is whether the client sent
 * maxSupportedTransactionVersion: only then does the answer carry `version`, as agave does.
 */
export function confirmedTransactionJson(
  record: TransactionRecord,
  encoding: TransactionEncoding,
  withVersion: boolean,
) {
  const tx = record.decoded;
  return {
    slot: record.slot,
    blockTime: record.blockTime,
    transaction: transactionBody(tx, encoding),
    meta: {
      err: record.err,
      status: record.err === null ? { Ok: null } : { Err: record.err },
      fee: record.fee,
      preBalances: record.preBalances,
      postBalances: record.postBalances,
      innerInstructions:
        encoding === 'jsonParsed'
          ? parsedInnerJson(tx, record.innerInstructions)
          : innerJson(record.innerInstructions),
      logMessages: record.logs,
      preTokenBalances: record.preTokenBalances.map(tokenBalanceJson),
      postTokenBalances: record.postTokenBalances.map(tokenBalanceJson),
      rewards: [],
      loadedAddresses: tx.loadedAddresses,
      computeUnitsConsumed: record.computeUnitsConsumed,
      ...(record.returnData !== null ? { returnData: returnDataJson(record.returnData) } : {}),
    },
    ...(withVersion ? { version: tx.version } : {}),
  };
}
