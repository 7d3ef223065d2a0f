import { encodeBase58 } from '@fbt/domain';
import {
  ACCOUNT_KIND,
  BUYER_RECORD_ACCOUNT_SIZE,
  BUYER_RECORD_OFFSETS,
  decodeBuyerRecordAccount,
} from '@fbt/presale-client';
import { PublicKey, type Connection } from '@solana/web3.js';

/** One buyer of a presale, from its buyer record. FBT amounts in base units. */
export interface BuyerRecordEntry {
  readonly record: PublicKey;
  readonly buyer: PublicKey;
  /** FBT bought (`tokensReceived`: owed until delivered, at completion). */
  readonly bought: bigint;
  /** FBT Distribute and Claim delivered so far. */
  readonly delivered: bigint;
}

/**
 * Every buyer record of `presale`, read with one `getProgramAccounts` at 'confirmed' filtered on
 * the record's size, kind and presale bytes (the chain is the state: what is delivered is what
 * each record says), sorted by buyer address so passes and batches come out the same each time.
 * Accounts that do not decode as a record of this presale are left out.
 */
export async function listBuyerRecords(
  connection: Connection,
  programId: PublicKey,
  presale: PublicKey,
): Promise<BuyerRecordEntry[]> {
  const accounts = await connection.getProgramAccounts(programId, {
    commitment: 'confirmed',
    filters: [
      { dataSize: BUYER_RECORD_ACCOUNT_SIZE },
      {
        memcmp: {
          offset: BUYER_RECORD_OFFSETS.kind,
          bytes: encodeBase58(Uint8Array.of(ACCOUNT_KIND.buyerRecord)),
        },
      },
      { memcmp: { offset: BUYER_RECORD_OFFSETS.presale, bytes: presale.toBase58() } },
    ],
  });
  const entries: BuyerRecordEntry[] = [];
  for (const { pubkey, account } of accounts) {
    let decoded;
    try {
      decoded = decodeBuyerRecordAccount(new Uint8Array(account.data));
    } catch {
      continue;
    }
    if (decoded.presale !== presale.toBase58()) continue;
    entries.push({
      record: pubkey,
      buyer: new PublicKey(decoded.buyer),
      bought: decoded.tokensReceived,
      delivered: decoded.tokensDelivered,
    });
  }
  const key = (entry: BuyerRecordEntry) => entry.buyer.toBase58();
  return entries.sort((a, b) => (key(a) < key(b) ? -1 : key(a) > key(b) ? 1 : 0));
}
