import { encodeBase58 } from '@fbt/domain';
import type { PublicKey } from '@solana/web3.js';
import {
  AddressLookupTableAccount,
  AddressLookupTableProgram,
  type Connection,
} from '@solana/web3.js';

/** Addresses one lookup table may hold (the lookup table program's limit). */
export const LOOKUP_TABLE_CAPACITY = 256;
/** Bytes of a lookup table before its addresses (its state and authority). */
export const LOOKUP_TABLE_META_BYTES = 56;
/**
 * Slots a deactivated table stays in use: it may be closed once its deactivation slot has left
 * the SlotHashes sysvar (the 512 slots before the current one).
 */
export const TABLE_COOLDOWN_SLOTS = 513;
/** A table's deactivation slot while it is active. */
const ACTIVE = 2n ** 64n - 1n;
/** Byte of the authority's option tag (1: set), the authority's 32 bytes right after it. */
const AUTHORITY_TAG_OFFSET = 21;

/**
 * A buyer lookup table: an address lookup table the keeper's key owns, whose first address is
 * the presale it serves (the marker by which a restarted keeper finds it on chain) and the rest
 * pairs of (buyer record, buyer's associated FBT account), the two accounts Distribute names
 * for each buyer.
 */
export interface BuyerTable {
  readonly address: PublicKey;
  /** Its first address: the presale it holds the buyers of. */
  readonly presale: PublicKey;
  readonly addresses: readonly PublicKey[];
  /** The slot of its last extension: addresses appended then are usable from the next slot. */
  readonly lastExtendedSlot: number;
  /** Index of the first address appended in {@link lastExtendedSlot}. */
  readonly lastExtendedSlotStartIndex: number;
  /** Null while active; the slot it was deactivated in. */
  readonly deactivatedAt: bigint | null;
  /** Lamports it holds (its rent, returned when it is closed). */
  readonly lamports: bigint;
}

/** The table's bytes as a {@link BuyerTable}, or null when it holds no address. */
export function decodeBuyerTable(
  address: PublicKey,
  data: Uint8Array,
  lamports: number,
): BuyerTable | null {
  const state = AddressLookupTableAccount.deserialize(data);
  const marker = state.addresses[0];
  if (marker === undefined) return null;
  return {
    address,
    presale: marker,
    addresses: state.addresses,
    lastExtendedSlot: state.lastExtendedSlot,
    lastExtendedSlotStartIndex: state.lastExtendedSlotStartIndex,
    deactivatedAt: state.deactivationSlot === ACTIVE ? null : state.deactivationSlot,
    lamports: BigInt(lamports),
  };
}

/**
 * Every lookup table `authority` owns (one `getProgramAccounts` of the lookup table program,
 * filtered on the authority and, given `presale`, on the first address), sorted by address. The
 * chain is the state: a keeper restarted, or another instance taking over with the same key,
 * finds the tables built so far and goes on filling them.
 */
export async function listBuyerTables(
  connection: Connection,
  authority: PublicKey,
  presale?: PublicKey,
): Promise<BuyerTable[]> {
  const owner = Uint8Array.of(1, ...authority.toBytes());
  const accounts = await connection.getProgramAccounts(AddressLookupTableProgram.programId, {
    commitment: 'confirmed',
    filters: [
      { memcmp: { offset: AUTHORITY_TAG_OFFSET, bytes: encodeBase58(owner) } },
      ...(presale === undefined
        ? []
        : [{ memcmp: { offset: LOOKUP_TABLE_META_BYTES, bytes: presale.toBase58() } }]),
    ],
  });
  const tables: BuyerTable[] = [];
  for (const { pubkey, account } of accounts) {
    try {
      const table = decodeBuyerTable(pubkey, new Uint8Array(account.data), account.lamports);
      if (table !== null) tables.push(table);
    } catch {
      continue;
    }
  }
  const key = (table: BuyerTable) => table.address.toBase58();
  return tables.sort((a, b) => (key(a) < key(b) ? -1 : key(a) > key(b) ? 1 : 0));
}

/**
 * What a transaction in `slot` may load from `table`: nothing once it is deactivated, and only
 * the addresses appended before its last extension's slot while that slot is not over (the
 * runtime's rule: an address is usable from the slot after the one that appended it).
 */
export function usableLookupTable(
  table: BuyerTable,
  slot: number,
): AddressLookupTableAccount | null {
  if (table.deactivatedAt !== null) return null;
  const usable =
    slot > table.lastExtendedSlot
      ? table.addresses
      : table.addresses.slice(0, table.lastExtendedSlotStartIndex);
  if (usable.length <= 1) return null;
  return new AddressLookupTableAccount({
    key: table.address,
    state: {
      deactivationSlot: ACTIVE,
      lastExtendedSlot: table.lastExtendedSlot,
      lastExtendedSlotStartIndex: table.lastExtendedSlotStartIndex,
      authority: undefined,
      addresses: [...usable],
    },
  });
}

/** The presale's buyer tables usable in `slot` (see {@link usableLookupTable}). */
export function usableBuyerTables(
  tables: readonly BuyerTable[],
  slot: number,
): AddressLookupTableAccount[] {
  return tables.flatMap((table) => usableLookupTable(table, slot) ?? []);
}

/** Waits until the cluster's confirmed slot is past `slot` (polling every `pollMs`). */
export async function waitForSlotAfter(
  connection: Connection,
  slot: number,
  options: { readonly pollMs?: number; readonly timeoutMs?: number } = {},
): Promise<number> {
  const deadline = Date.now() + (options.timeoutMs ?? 30_000);
  for (;;) {
    const current = await connection.getSlot('confirmed');
    if (current > slot) return current;
    if (Date.now() > deadline) {
      throw new Error(`the cluster did not pass slot ${slot} in time (at ${current})`);
    }
    await new Promise((resolve) => setTimeout(resolve, options.pollMs ?? 100));
  }
}

/** Bytes of a table holding `addresses` (its rent is the rent-exempt minimum of this size). */
export function lookupTableBytes(addresses: number): number {
  return LOOKUP_TABLE_META_BYTES + 32 * addresses;
}
