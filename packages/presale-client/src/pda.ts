import { isValidLeaderCode, LEADER_CODE_MAX_LENGTH, LEADER_CODE_MIN_LENGTH } from '@fbt/domain';
import { PublicKey } from '@solana/web3.js';
import { AUTHORITY_SEED, BUYER_RECORD_SEED_KEY_BYTES, LEADER_RECORD_SEED } from './constants';
import { sha256 } from './sha256';

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

/**
 * A buyer record's seed: the lowercase hex of the first {@link BUYER_RECORD_SEED_KEY_BYTES} bytes
 * of the buyer's key (32 characters).
 */
export function buyerRecordSeed(buyer: PublicKey): string {
  return Array.from(buyer.toBytes().subarray(0, BUYER_RECORD_SEED_KEY_BYTES), (byte) =>
    byte.toString(16).padStart(2, '0'),
  ).join('');
}

/**
 * The account holding one buyer's totals for one presale: the address createAccountWithSeed
 * gives base = the presale's authority PDA, seed = {@link buyerRecordSeed}, owner = the program,
 * i.e. sha256(authority || seed || programId). Only the program can sign as the authority, so
 * only the program creates it, on the buyer's first purchase, at this one address per buyer.
 * The second element is always 0: a record has no bump (it is not a PDA); the tuple keeps the
 * shape of the other finders.
 *
 * @example const [record] = findBuyerRecordAddress(programId, presale, buyer);
 */
export function findBuyerRecordAddress(
  programId: PublicKey,
  presale: PublicKey,
  buyer: PublicKey,
): [PublicKey, number] {
  const [authority] = findAuthorityAddress(programId, presale);
  return [buyerRecordAddress(programId, authority, buyer), 0];
}

/**
 * {@link findBuyerRecordAddress} for a caller that already holds the presale's authority
 * ({@link findAuthorityAddress}): sha256(authority || seed || programId), one hash and no
 * program-address search.
 */
export function buyerRecordAddress(
  programId: PublicKey,
  authority: PublicKey,
  buyer: PublicKey,
): PublicKey {
  return new PublicKey(
    sha256(authority.toBytes(), encoder.encode(buyerRecordSeed(buyer)), programId.toBytes()),
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
