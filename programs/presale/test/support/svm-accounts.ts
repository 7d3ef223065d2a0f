import { address, lamports } from '@solana/kit';
import { PublicKey } from '@solana/web3.js';
import type { LiteSVM } from 'litesvm';
import type { AccountInfoSource } from '@fbt/presale-client';

/** Raw account as litesvm stores it, or null when absent. */
export function readSvmAccount(
  svm: LiteSVM,
  key: PublicKey,
): { readonly data: Uint8Array; readonly lamports: bigint; readonly owner: string } | null {
  const account = svm.getAccount(address(key.toBase58()));
  if (!account.exists) return null;
  return { data: account.data, lamports: account.lamports, owner: account.programAddress };
}

/** Lamport balance (0 when the account does not exist). */
export function readSvmBalance(svm: LiteSVM, key: PublicKey): bigint {
  return svm.getBalance(address(key.toBase58())) ?? 0n;
}

/** SPL token account amount (bytes 64..72), or null when the account does not exist. */
export function readSvmTokenAmount(svm: LiteSVM, key: PublicKey): bigint | null {
  const account = readSvmAccount(svm, key);
  if (!account) return null;
  return new DataView(
    account.data.buffer,
    account.data.byteOffset,
    account.data.byteLength,
  ).getBigUint64(64, true);
}

/** Writes an account directly into litesvm state (for crafted-state tests only). */
export function writeSvmAccount(
  svm: LiteSVM,
  key: PublicKey,
  account: { readonly data: Uint8Array; readonly owner: PublicKey; readonly lamports?: bigint },
): void {
  svm.setAccount({
    address: address(key.toBase58()),
    data: account.data,
    executable: false,
    lamports: lamports(
      account.lamports ?? svm.minimumBalanceForRentExemption(BigInt(account.data.length)),
    ),
    programAddress: address(account.owner.toBase58()),
    space: BigInt(account.data.length),
  });
}

/** An {@link AccountInfoSource} reading straight from a litesvm chain (no RPC in between). */
export function createSvmAccountSource(svm: LiteSVM): AccountInfoSource {
  return {
    getAccountInfo: (key) => {
      const account = readSvmAccount(svm, key);
      return Promise.resolve(
        account ? { data: account.data, owner: new PublicKey(account.owner) } : null,
      );
    },
  };
}
