import type { Commitment, PublicKey } from '@solana/web3.js';
import {
  decodeBuyerRecordAccount,
  decodePresaleAccount,
  type BuyerRecordAccount,
  type PresaleAccount,
} from './layout';
import { decodeLeaderRecordAccount, type LeaderRecordAccount } from './leader-record';
import { findBuyerRecordAddress, findLeaderRecordAddress } from './pda';

/** What the fetchers need from a connection (a web3.js `Connection` satisfies it). */
export interface AccountInfoSource {
  getAccountInfo(
    address: PublicKey,
    commitment?: Commitment,
  ): Promise<{ readonly data: Uint8Array; readonly owner: PublicKey } | null>;
}

/** Thrown when an account exists but is not owned by the presale program. */
export class PresaleAccountOwnerError extends Error {
  constructor(address: PublicKey, owner: PublicKey) {
    super(`account ${address.toBase58()} is owned by ${owner.toBase58()}, not the presale program`);
    this.name = 'PresaleAccountOwnerError';
  }
}

/**
 * Fetches and decodes a presale account at 'confirmed' (a buy shows once the cluster confirms
 * it, without waiting for finality). A missing
 * account is `null`, not an exception.
 */
export async function fetchPresaleAccount(
  connection: AccountInfoSource,
  programId: PublicKey,
  presale: PublicKey,
  commitment: Commitment = 'confirmed',
): Promise<PresaleAccount | null> {
  const info = await connection.getAccountInfo(presale, commitment);
  if (info === null) return null;
  if (!info.owner.equals(programId)) throw new PresaleAccountOwnerError(presale, info.owner);
  return decodePresaleAccount(info.data);
}

/** Fetches a buyer's record for a presale; `null` before the buyer's first purchase. */
export async function fetchBuyerRecord(
  connection: AccountInfoSource,
  programId: PublicKey,
  presale: PublicKey,
  buyer: PublicKey,
  commitment: Commitment = 'confirmed',
): Promise<BuyerRecordAccount | null> {
  const [address] = findBuyerRecordAddress(programId, presale, buyer);
  const info = await connection.getAccountInfo(address, commitment);
  if (info === null) return null;
  if (!info.owner.equals(programId)) throw new PresaleAccountOwnerError(address, info.owner);
  return decodeBuyerRecordAccount(info.data);
}

/** Fetches a leader record by code; `null` when the code is not registered on this presale. */
export async function fetchLeaderRecord(
  connection: AccountInfoSource,
  programId: PublicKey,
  presale: PublicKey,
  code: string,
  commitment: Commitment = 'confirmed',
): Promise<LeaderRecordAccount | null> {
  const [address] = findLeaderRecordAddress(programId, presale, code);
  const info = await connection.getAccountInfo(address, commitment);
  if (info === null) return null;
  if (!info.owner.equals(programId)) throw new PresaleAccountOwnerError(address, info.owner);
  return decodeLeaderRecordAccount(info.data);
}
