import type {
  LeaderLedger,
  ObservedTransaction,
  OnChainLeaderRecord,
  TransactionVerifier,
} from '@fbt/domain';
import { computeLeaderCommission } from '@fbt/domain';
import type { LeaderRecordSet } from './leader-record-set';
import { walkSignatures, type SignatureVerdict } from './signature-walk';

/** Options of {@link indexClaims}. */
export interface ClaimIndexOptions {
  readonly ledger: LeaderLedger;
  readonly chain: TransactionVerifier;
  /** The leader presale's records as already read; null when they could not be. */
  readonly knownRecords: () => Promise<LeaderRecordSet | null>;
}

/**
 * The commission `record` paid out in `observed` through ClaimCommission signed by its wallet:
 * what left the record, plus the commission of any leader buy into it in the same transaction;
 * 0 when the transaction failed or holds no such claim.
 */
export function claimedIn(
  record: OnChainLeaderRecord,
  observed: Extract<ObservedTransaction, { status: 'found' }>,
): bigint {
  if (observed.error !== null) return 0n;
  const claims = (observed.claims ?? []).filter(
    (claim) => claim.leaderRecord === record.address && claim.leaderWallet === record.wallet,
  );
  const delta = observed.lamportDeltas?.[record.address];
  if (claims.length === 0 || delta === undefined) return 0n;
  const boughtIn = observed.buys
    .filter((buy) => buy.leaderRecord === record.address)
    .reduce((sum, buy) => sum + computeLeaderCommission(buy.lamports), 0n);
  const paid = boughtIn - delta;
  return paid > 0n ? paid : 0n;
}

/**
 * The claims pass: for each leader record of the leader presale whose on-chain `claimed` is
 * more than the ledger's claims of its code, walks the record's signatures past a cursor of its
 * own (scope: the record address) and records each successful ClaimCommission signed by the
 * record's wallet, with what left the record. The records are the ones already read (a claim
 * shows in them once they are read again, or at once where the chain pushes the record): a
 * record whose claims all are in the ledger costs no chain read. Returns how many signatures it
 * examined and claims it recorded.
 */
export async function indexClaims(
  options: ClaimIndexOptions,
  pageSize: number,
): Promise<{ examined: number; claims: number }> {
  const { ledger, chain } = options;
  let examined = 0;
  let claims = 0;
  const known = await options.knownRecords();
  if (known === null) throw new Error('reconciler: the leader records could not be read');
  for (const record of known.all) {
    if (record.claimedLamports === 0n) continue;
    const indexed = await ledger.getClaimTotals(record.code);
    if (indexed.lamports >= record.claimedLamports) continue;
    const index = async (signature: string): Promise<SignatureVerdict> => {
      const observed = await chain.observeTransaction(signature);
      if (observed.status !== 'found') return 'blocked';
      const lamports = claimedIn(record, observed);
      if (lamports === 0n) return 'settled';
      await ledger.indexLeader({
        code: record.code,
        wallet: record.wallet,
        record: record.address,
      });
      const { inserted } = await ledger.recordClaim({
        signature,
        leaderCode: record.code,
        wallet: record.wallet,
        record: record.address,
        lamports,
        slot: observed.slot,
        blockTime: observed.blockTime,
      });
      if (inserted) claims++;
      return 'settled';
    };
    examined += await walkSignatures({
      ledger,
      chain,
      scope: record.address,
      pageSize,
      known: async (signature) => (await ledger.findClaim(signature)) !== null,
      index,
    });
  }
  return { examined, claims };
}
