import type { LeaderLedger, LeaderRecordReader, TransactionVerifier } from '@fbt/domain';
import { indexLeaderBuy, leaderPurchaseIn } from './leader-buys';
import { walkSignatures, type SignatureVerdict } from './signature-walk';

/** Options of {@link indexBuys}. */
export interface BuyIndexOptions {
  readonly ledger: LeaderLedger;
  readonly chain: TransactionVerifier;
  readonly leaderRecords: Pick<LeaderRecordReader, 'readLeaderRecordAt'>;
  readonly leaderPresale: string;
}

/**
 * The buys pass: walks the leader presale's signatures past its cursor and indexes every
 * leader buy among them by itself, no report needed: a successful BuyWith on the leader
 * presale naming a leader record of it, whose code and wallet are the record's and whose
 * commission is what the program paid into it. A purchase through no record earns nothing
 * and is passed over. Returns how many signatures it examined and buys it recorded.
 */
export async function indexBuys(
  options: BuyIndexOptions,
  pageSize: number,
): Promise<{ examined: number; recorded: number }> {
  const { ledger, chain, leaderPresale } = options;
  let recorded = 0;
  const index = async (signature: string): Promise<SignatureVerdict> => {
    const observed = await chain.observeTransaction(signature);
    if (observed.status !== 'found') return 'blocked';
    const purchase = leaderPurchaseIn(observed, leaderPresale);
    const named = purchase?.leaderRecord ?? null;
    if (purchase === undefined || named === null) return 'settled';
    const record = await options.leaderRecords.readLeaderRecordAt(named);
    if (record === null || record.presale !== leaderPresale) return 'settled';
    const claim = {
      signature,
      wallet: purchase.buyer,
      leaderCode: record.code,
      lamports: purchase.lamports,
    };
    const outcome = await indexLeaderBuy(
      ledger,
      leaderPresale,
      claim,
      observed,
      record,
      'reconciler',
    );
    if (outcome.kind === 'recorded') recorded++;
    return 'settled';
  };
  const examined = await walkSignatures({
    ledger,
    chain,
    scope: leaderPresale,
    pageSize,
    known: async (signature) => (await ledger.findBuy(signature)) !== null,
    index,
  });
  return { examined, recorded };
}
