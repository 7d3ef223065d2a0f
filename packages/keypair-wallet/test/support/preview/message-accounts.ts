import { encodeBase58 } from '@fbt/domain';
import {
  readCompactU16,
  readWireTransactionLayout,
  TransactionSigningError,
} from '../../../src/sign-wire-transaction';

/** One of the accounts a message names in its own key list. */
export interface MessageAccount {
  readonly address: string;
  readonly writable: boolean;
}

/**
 * The accounts a legacy or v0 wire transaction lists in its message, with whether the message
 * lets the transaction write them (from the header's read-only counts). A v0 message's
 * address-table accounts are not listed: reading them needs the tables from the chain.
 */
export function readMessageAccounts(transaction: Uint8Array): MessageAccount[] {
  const { messageOffset } = readWireTransactionLayout(transaction);
  let cursor = messageOffset + ((transaction[messageOffset] ?? 0) & 0x80 ? 1 : 0);
  const signers = transaction[cursor] ?? 0;
  const readonlySigners = transaction[cursor + 1] ?? 0;
  const readonlyOthers = transaction[cursor + 2] ?? 0;
  cursor += 3;
  const count = readCompactU16(transaction, cursor);
  cursor += count.size;
  if (readonlySigners > signers || readonlyOthers > count.value - signers) {
    throw new TransactionSigningError('Read-only counts exceed the message keys');
  }
  return Array.from({ length: count.value }, (_, i) => ({
    address: encodeBase58(transaction.subarray(cursor + i * 32, cursor + (i + 1) * 32)),
    writable: i < signers ? i < signers - readonlySigners : i < count.value - readonlyOthers,
  }));
}
