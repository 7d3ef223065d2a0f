import { PublicKey } from '@solana/web3.js';
import { AUTHORITY_SEED, BUYER_RECORD_SEED } from './constants';

const encoder = new TextEncoder();

/**
 * The PDA that owns a presale's temp token account and signs token transfers out of it.
 *
 * @example const [authority, bump] = findAuthorityAddress(programId, presale);
 */
export function findAuthorityAddress(
  programId: PublicKey,
  presale: PublicKey,
): [PublicKey, number] {
  return PublicKey.findProgramAddressSync(
    [encoder.encode(AUTHORITY_SEED), presale.toBytes()],
    programId,
  );
}

/** The PDA holding one buyer's totals for one presale. */
export function findBuyerRecordAddress(
  programId: PublicKey,
  presale: PublicKey,
  buyer: PublicKey,
): [PublicKey, number] {
  return PublicKey.findProgramAddressSync(
    [encoder.encode(BUYER_RECORD_SEED), presale.toBytes(), buyer.toBytes()],
    programId,
  );
}
