import {
  decodeLeaderRecordAccount,
  findLeaderRecordAddress,
  LEADER_CODE_PATTERN,
} from '@fbt/presale-client';
import type { PublicKey } from '@solana/web3.js';
import type { PurchaseConnection } from './purchase-connection';

/**
 * The record a leader-page purchase should name when the site could not vouch for the code
 * (the BFF's leader check was down or did not know the code): the code's PDA read from the
 * chain, named only when it is a leader record the program wrote for this presale, active, and
 * not paying the buyer (the program refuses self-referral). Anything else, including a failed
 * read, answers `undefined`: the purchase then goes ahead as a plain buy, as before.
 */
export async function findActiveLeaderRecord(
  connection: Pick<PurchaseConnection, 'getAccountInfo'>,
  params: {
    readonly programId: PublicKey;
    readonly presale: PublicKey;
    readonly code: string;
    readonly buyer: PublicKey;
  },
): Promise<PublicKey | undefined> {
  if (!LEADER_CODE_PATTERN.test(params.code)) return undefined;
  const [address] = findLeaderRecordAddress(params.programId, params.presale, params.code);
  try {
    const info = await connection.getAccountInfo(address);
    if (info === null || !info.owner.equals(params.programId)) return undefined;
    const record = decodeLeaderRecordAccount(new Uint8Array(info.data));
    const usable =
      record.active &&
      record.code === params.code &&
      record.presale === params.presale.toBase58() &&
      record.wallet !== params.buyer.toBase58();
    return usable ? address : undefined;
  } catch {
    return undefined;
  }
}
