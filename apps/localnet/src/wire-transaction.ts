import { VersionedTransaction } from '@solana/web3.js';
import bs58 from 'bs58';

/** One top-level instruction of a decoded transaction, accounts as indexes into `accountKeys`. */
export interface WireInstruction {
  programIdIndex: number;
  accounts: number[];
  data: Uint8Array;
}

/** The parts of a wire transaction the server needs for checks, metadata and indexes. */
export interface DecodedTransaction {
  /** First signature, base58 (the transaction id). */
  signature: string;
  signatures: string[];
  version: 'legacy' | number;
  header: {
    numRequiredSignatures: number;
    numReadonlySignedAccounts: number;
    numReadonlyUnsignedAccounts: number;
  };
  /**
   * The message's own keys, then (once resolved against the bank, see `withLoadedAddresses`) the
   * addresses it loads from lookup tables, writable ones first: the order instruction indexes,
   * balances and token balances use.
   */
  accountKeys: string[];
  writable: boolean[];
  /** Addresses loaded from lookup tables; empty for a legacy transaction or until resolved. */
  loadedAddresses: { writable: string[]; readonly: string[] };
  recentBlockhash: string;
  instructions: WireInstruction[];
  addressTableLookups: {
    accountKey: string;
    writableIndexes: number[];
    readonlyIndexes: number[];
  }[];
  /** Wire bytes with exactly `numRequiredSignatures` signatures (missing ones zero-filled). */
  wire: Uint8Array;
  /** True when any required signature is missing or all zero. */
  hasEmptySignature: boolean;
}

/**
 * Parses a serialized legacy or v0 transaction. Throws on malformed bytes; the caller turns that
 * into an "invalid params" RPC error.
 */
export function decodeWireTransaction(bytes: Uint8Array): DecodedTransaction {
  let tx = VersionedTransaction.deserialize(bytes);
  const message = tx.message;
  const required = message.header.numRequiredSignatures;
  if (tx.signatures.length !== required) {
    // web3.js simulateTransaction may send a message with no signatures at all.
    tx = new VersionedTransaction(message);
  }
  const hasEmptySignature = tx.signatures.some((sig) => sig.every((byte) => byte === 0));
  const accountKeys = message.staticAccountKeys.map((key) => key.toBase58());
  const signatures = tx.signatures.map((sig) => bs58.encode(sig));
  return {
    signature: signatures[0] ?? '1111111111111111111111111111111111111111111111111111111111111111',
    signatures,
    version: message.version,
    header: { ...message.header },
    accountKeys,
    writable: accountKeys.map((_key, i) => message.isAccountWritable(i)),
    recentBlockhash: message.recentBlockhash,
    instructions: message.compiledInstructions.map((ix) => ({
      programIdIndex: ix.programIdIndex,
      accounts: [...ix.accountKeyIndexes],
      data: ix.data,
    })),
    addressTableLookups: message.addressTableLookups.map((lookup) => ({
      accountKey: lookup.accountKey.toBase58(),
      writableIndexes: [...lookup.writableIndexes],
      readonlyIndexes: [...lookup.readonlyIndexes],
    })),
    loadedAddresses: { writable: [], readonly: [] },
    wire: tx.serialize(),
    hasEmptySignature,
  };
}

/** How many of `tx.accountKeys` the message itself holds (the rest came from lookup tables). */
export function staticKeyCount(tx: DecodedTransaction): number {
  return (
    tx.accountKeys.length - tx.loadedAddresses.writable.length - tx.loadedAddresses.readonly.length
  );
}

/** The largest transaction a cluster takes, in bytes (one network packet). */
export const MAX_TRANSACTION_BYTES = 1_232;

const COMPUTE_BUDGET_PROGRAM = 'ComputeBudget111111111111111111111111111111';
const DEFAULT_UNITS_PER_INSTRUCTION = 200_000n;
const MAX_COMPUTE_UNITS = 1_400_000n;

/** Base fee per signature, as on mainnet. */
export const LAMPORTS_PER_SIGNATURE = 5_000n;

/**
 * Fee the runtime charges: 5,000 lamports per signature plus the prioritization fee
 * (compute-unit price in micro-lamports x compute-unit limit, rounded up).
 */
export function computeTransactionFee(tx: DecodedTransaction): bigint {
  let unitPrice = 0n;
  let unitLimit: bigint | null = null;
  let otherInstructions = 0n;
  for (const ix of tx.instructions) {
    const program = tx.accountKeys[ix.programIdIndex];
    if (program !== COMPUTE_BUDGET_PROGRAM) {
      otherInstructions += 1n;
      continue;
    }
    const view = new DataView(ix.data.buffer, ix.data.byteOffset, ix.data.byteLength);
    if (ix.data[0] === 2 && ix.data.length >= 5) unitLimit = BigInt(view.getUint32(1, true));
    if (ix.data[0] === 3 && ix.data.length >= 9) unitPrice = view.getBigUint64(1, true);
  }
  const limit = unitLimit ?? otherInstructions * DEFAULT_UNITS_PER_INSTRUCTION;
  const cappedLimit = limit > MAX_COMPUTE_UNITS ? MAX_COMPUTE_UNITS : limit;
  const priority = (unitPrice * cappedLimit + 999_999n) / 1_000_000n;
  return LAMPORTS_PER_SIGNATURE * BigInt(tx.header.numRequiredSignatures) + priority;
}

/** The compute-unit price (micro-lamports) a transaction sets, 0 when it sets none. */
export function computeUnitPriceOf(tx: DecodedTransaction): bigint {
  for (const ix of tx.instructions) {
    if (tx.accountKeys[ix.programIdIndex] !== COMPUTE_BUDGET_PROGRAM) continue;
    if (ix.data[0] === 3 && ix.data.length >= 9) {
      return new DataView(ix.data.buffer, ix.data.byteOffset, ix.data.byteLength).getBigUint64(
        1,
        true,
      );
    }
  }
  return 0n;
}

const MEMO_PROGRAMS = new Set([
  'MemoSq4gqABAXKb96qnH8TysNcWxMyWCqXgDLGmfcHr',
  'Memo1UhkJRfHyvLMcVucJwxXeuD728EqVDDwQDxFMNo',
]);

/** The memo field of getSignaturesForAddress: `[len] text` per memo instruction, `; `-joined. */
export function extractMemo(tx: DecodedTransaction): string | null {
  const memos: string[] = [];
  for (const ix of tx.instructions) {
    const program = tx.accountKeys[ix.programIdIndex];
    if (program === undefined || !MEMO_PROGRAMS.has(program)) continue;
    memos.push(`[${ix.data.length}] ${new TextDecoder().decode(ix.data)}`);
  }
  return memos.length > 0 ? memos.join('; ') : null;
}
