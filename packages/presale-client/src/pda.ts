import { isValidLeaderCode, LEADER_CODE_MAX_LENGTH, LEADER_CODE_MIN_LENGTH } from '@fbt/domain';
import { PublicKey } from '@solana/web3.js';
import { AUTHORITY_SEED, BUYER_RECORD_SEED, LEADER_RECORD_SEED } from './constants';

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

/** Throws a RangeError naming the problem when `code` is not a leader code the program accepts. */
export function assertLeaderCode(code: string): void {
  if (!isValidLeaderCode(code)) {
    throw new RangeError(
      `leader code must be ${LEADER_CODE_MIN_LENGTH} to ${LEADER_CODE_MAX_LENGTH} characters of A-Z, a-z, 0-9, _ or -, got ${JSON.stringify(code)}`,
    );
  }
}

/**
 * The PDA of a leader code on a presale (its wallet, totals and claimable commission).
 *
 * @example const [record] = findLeaderRecordAddress(programId, presale, 'beast42');
 */
export function findLeaderRecordAddress(
  programId: PublicKey,
  presale: PublicKey,
  code: string,
): [PublicKey, number] {
  assertLeaderCode(code);
  return PublicKey.findProgramAddressSync(
    [encoder.encode(LEADER_RECORD_SEED), presale.toBytes(), encoder.encode(code)],
    programId,
  );
}
