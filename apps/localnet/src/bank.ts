import { address } from '@solana/kit';
import type { EncodedAccount } from '@solana/kit';
import { LiteSVM } from 'litesvm';
import type { AccountView } from './chain-types';

const SLOTS_PER_EPOCH = 432_000;

/**
 * The litesvm instance holding every account. Our own blockhash rules (150-block validity)
 * replace litesvm's "latest hash only" check, and duplicate signatures are caught by our index,
 * so litesvm keeps no history of its own.
 */
export function createBank(): LiteSVM {
  return new LiteSVM().withBlockhashCheck(false).withTransactionHistory(0n);
}

/** Copies an account out of the runtime, so later transactions cannot change what we hold. */
export function accountView(account: EncodedAccount): AccountView {
  return {
    address: account.address,
    lamports: account.lamports,
    owner: account.programAddress,
    executable: account.executable,
    data: Uint8Array.from(account.data),
  };
}

/** The account at `addr`, or null when it does not exist. */
export function readAccount(svm: LiteSVM, addr: string): AccountView | null {
  const account = svm.getAccount(address(addr));
  return account.exists ? accountView(account) : null;
}

/** Every account owned by `owner`. */
export function readProgramAccounts(svm: LiteSVM, owner: string): AccountView[] {
  return svm.getProgramAccounts(address(owner)).map(accountView);
}

/** Sets the Clock sysvar, so programs see the slot, epoch and time the RPC reports. */
export function setBankClock(svm: LiteSVM, slot: number, unixSeconds: number): void {
  const clock = svm.getClock();
  clock.slot = BigInt(slot);
  clock.epoch = BigInt(Math.floor(slot / SLOTS_PER_EPOCH));
  clock.unixTimestamp = BigInt(unixSeconds);
  svm.setClock(clock);
}

/** Slots the SlotHashes sysvar lists, as a bank keeps them. */
const SLOT_HASHES_ENTRIES = 512;

/**
 * Keeps the SlotHashes sysvar at the (up to) 512 slots before the current one, newest first,
 * each with the hash `hashOf` gives it: what a bank holds while it executes a slot. The address
 * lookup table program reads it (a table is derived from a recent slot, which must be listed).
 * Returns the update to call before running anything in `slot`; it rewrites the sysvar only when
 * the slot changed since the last call.
 */
export function createSlotHashesKeeper(
  svm: LiteSVM,
  hashOf: (slot: number) => string,
): (slot: number) => void {
  let syncedAt = -1;
  let hashes = new Map<number, string>();
  return (slot) => {
    if (slot === syncedAt) return;
    const next = new Map<number, string>();
    for (let s = slot - 1; s >= Math.max(0, slot - SLOT_HASHES_ENTRIES); s--) {
      next.set(s, hashes.get(s) ?? hashOf(s));
    }
    svm.setSlotHashes([...next].map(([s, hash]) => ({ slot: BigInt(s), hash })));
    hashes = next;
    syncedAt = slot;
  };
}
