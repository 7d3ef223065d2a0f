import { AddressLookupTableAccount } from '@solana/web3.js';
import type { AccountView } from './chain-types';
import type { DecodedTransaction } from './wire-transaction';

/** The address lookup table program, which owns every table. */
export const ADDRESS_LOOKUP_TABLE_PROGRAM = 'AddressLookupTab1e1111111111111111111111111';

/** The addresses stored in the table at `address`, or null when it is not a lookup table. */
function tableAddresses(
  readAccount: (address: string) => AccountView | null,
  address: string,
): string[] | null {
  const account = readAccount(address);
  if (account === null || account.owner !== ADDRESS_LOOKUP_TABLE_PROGRAM) return null;
  try {
    return AddressLookupTableAccount.deserialize(account.data).addresses.map((key) =>
      key.toBase58(),
    );
  } catch {
    return null;
  }
}

/**
 * `tx` with the addresses its lookup tables give, read from the bank as it is before the
 * transaction runs (as the runtime loads them): appended to `accountKeys` after the message's
 * own keys, every table's writable ones first, then every table's read-only ones, and listed in
 * `loadedAddresses`. A legacy transaction, or one whose table or index does not resolve (the
 * runtime refuses it without running it), comes back as it is.
 */
export function withLoadedAddresses(
  readAccount: (address: string) => AccountView | null,
  tx: DecodedTransaction,
): DecodedTransaction {
  if (tx.addressTableLookups.length === 0) return tx;
  const tables = tx.addressTableLookups.map((lookup) =>
    tableAddresses(readAccount, lookup.accountKey),
  );
  const pick = (which: 'writableIndexes' | 'readonlyIndexes'): string[] | null => {
    const picked: string[] = [];
    for (const [i, lookup] of tx.addressTableLookups.entries()) {
      for (const index of lookup[which]) {
        const address = tables[i]?.[index];
        if (address === undefined) return null;
        picked.push(address);
      }
    }
    return picked;
  };
  const writable = pick('writableIndexes');
  const readonly = pick('readonlyIndexes');
  if (writable === null || readonly === null) return tx;
  return {
    ...tx,
    accountKeys: [...tx.accountKeys, ...writable, ...readonly],
    writable: [...tx.writable, ...writable.map(() => true), ...readonly.map(() => false)],
    loadedAddresses: { writable, readonly },
  };
}
