import type {
  LeaderLedger,
  LeaderRecordReader,
  OnChainLeaderRecord,
  TransactionVerifier,
} from '@fbt/domain';
import { indexLeaderBuy, leaderPurchaseIn } from './leader-buys';
import type { LeaderRecordSet } from './leader-record-set';
import { walkSignatures, type SignatureVerdict } from './signature-walk';

/** Options of {@link indexBuys}. */
export interface BuyIndexOptions {
  readonly ledger: LeaderLedger;
  readonly chain: TransactionVerifier;
  readonly leaderRecords: Pick<LeaderRecordReader, 'readLeaderRecordAt'>;
  readonly knownRecords: () => Promise<LeaderRecordSet | null>;
  readonly leaderPresale: string;
}

/**
 * The record at an address a buy names: among the known records (read once per pass, when a
 * buy first needs one), else read from chain once per pass (a record registered since).
 * Code, wallet and presale, what a buy is checked against, never change once registered.
 */
function recordsOfPass(
  options: BuyIndexOptions,
): (address: string) => Promise<OnChainLeaderRecord | null> {
  let known: Promise<LeaderRecordSet | null> | null = null;
  const read = new Map<string, Promise<OnChainLeaderRecord | null>>();
  return async (address) => {
    known ??= options.knownRecords();
    const listed = (await known)?.byAddress(address);
    if (listed !== undefined && listed !== null) return listed;
    let once = read.get(address);
    if (once === undefined) {
      once = options.leaderRecords.readLeaderRecordAt(address);
      read.set(address, once);
    }
    return once;
  };
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
  const recordAt = recordsOfPass(options);
  const index = async (signature: string): Promise<SignatureVerdict> => {
    const observed = await chain.observeTransaction(signature);
    if (observed.status !== 'found') return 'blocked';
    const purchase = leaderPurchaseIn(observed, leaderPresale);
    const named = purchase?.leaderRecord ?? null;
    if (purchase === undefined || named === null) return 'settled';
    const record = await recordAt(named);
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
