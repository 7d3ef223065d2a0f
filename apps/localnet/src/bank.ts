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
