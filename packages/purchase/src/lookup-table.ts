import { AddressLookupTableAccount, AddressLookupTableProgram } from '@solana/web3.js';
import type { PublicKey } from '@solana/web3.js';
import type { PurchaseConnection } from './purchase-connection';

/**
 * The address lookup table at `address` as the chain holds it (`confirmed`), ready for
 * `compileToV0Message`; null when there is no usable table there (missing, not the lookup
 * table program's, unreadable, or deactivated), in which case the purchase is a legacy
 * transaction. A failed read throws, like the purchase's other reads.
 */
export async function readLookupTable(
  connection: Pick<PurchaseConnection, 'getAccountInfo'>,
  address: PublicKey,
): Promise<AddressLookupTableAccount | null> {
  const info = await connection.getAccountInfo(address, 'confirmed');
  if (info === null || !info.owner.equals(AddressLookupTableProgram.programId)) return null;
  let table: AddressLookupTableAccount;
  try {
    table = new AddressLookupTableAccount({
      key: address,
      state: AddressLookupTableAccount.deserialize(new Uint8Array(info.data)),
    });
  } catch {
    return null;
  }
  return table.isActive() ? table : null;
}
