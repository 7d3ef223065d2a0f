import { decodePresaleAccount, type PresaleAccount } from '@fbt/presale-client';
import {
  SYSVAR_CLOCK_PUBKEY,
  type AddressLookupTableAccount,
  type Connection,
  type PublicKey,
} from '@solana/web3.js';
import { DistributionError } from './distribution-error';

/** A presale account as read for its distribution, with its address. */
export interface DistributionPresale extends PresaleAccount {
  readonly address: PublicKey;
}

/**
 * Reads and decodes a presale at 'confirmed': a {@link DistributionError} when it does not
 * exist (`PRESALE_MISSING`) or is not an account of `programId` that decodes as a presale
 * (`PRESALE_NOT_OURS`).
 */
export async function readDistributionPresale(
  connection: Connection,
  programId: PublicKey,
  presale: PublicKey,
): Promise<DistributionPresale> {
  const info = await connection.getAccountInfo(presale, 'confirmed');
  if (info === null) {
    throw new DistributionError(
      'PRESALE_MISSING',
      `presale ${presale.toBase58()} does not exist on this cluster`,
    );
  }
  if (!info.owner.equals(programId)) {
    throw new DistributionError(
      'PRESALE_NOT_OURS',
      `account ${presale.toBase58()} is owned by ${info.owner.toBase58()}, not the presale program ${programId.toBase58()}`,
    );
  }
  try {
    return { ...decodePresaleAccount(new Uint8Array(info.data)), address: presale };
  } catch (error) {
    throw new DistributionError(
      'PRESALE_NOT_OURS',
      `account ${presale.toBase58()} is not a presale: ${(error as Error).message}`,
    );
  }
}

/** Byte offset of `unix_timestamp` in the Clock sysvar (slot, epoch start, epoch, leader epoch). */
const CLOCK_UNIX_TIMESTAMP_OFFSET = 32;

/**
 * The cluster's time as the program sees it: the Clock sysvar's unix timestamp (seconds). The
 * vesting and the sale window are judged by it, never by this machine's clock.
 */
export async function readChainTime(connection: Connection): Promise<bigint> {
  const clock = await connection.getAccountInfo(SYSVAR_CLOCK_PUBKEY, 'confirmed');
  if (clock === null || clock.data.length < CLOCK_UNIX_TIMESTAMP_OFFSET + 8) {
    throw new Error('the cluster did not return its Clock sysvar');
  }
  return Buffer.from(clock.data).readBigInt64LE(CLOCK_UNIX_TIMESTAMP_OFFSET);
}

/**
 * The address lookup table at `address` (the deployment's `lookupTable`), to load the presales'
 * fixed accounts from. Throws when it does not exist.
 */
export async function readLookupTable(
  connection: Connection,
  address: PublicKey,
): Promise<AddressLookupTableAccount> {
  const { value } = await connection.getAddressLookupTable(address, { commitment: 'confirmed' });
  if (value === null) throw new Error(`lookup table ${address.toBase58()} does not exist`);
  return value;
}
