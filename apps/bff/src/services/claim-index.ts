import type {
  LeaderLedger,
  LeaderRecordReader,
  ObservedTransaction,
  OnChainLeaderRecord,
  SignatureInfo,
  TransactionVerifier,
} from '@fbt/domain';
import { computeLeaderCommission } from '@fbt/domain';

/**
 * The ledger knows every on-chain code it records buys and claims for (code and wallet from
 * the record). A code the ledger has with another wallet keeps its row: the record decides who
 * is paid, the ledger's wallet only served the v1 self-referral check.
 */
export async function registerFromRecord(
  ledger: Pick<LeaderLedger, 'findLeader' | 'registerLeader'>,
  record: OnChainLeaderRecord,
): Promise<void> {
  if ((await ledger.findLeader(record.code)) !== null) return;
  try {
    await ledger.registerLeader({ code: record.code, wallet: record.wallet });
  } catch (error) {
    // Another instance registered it meanwhile; anything else is the ledger's failure.
    if ((await ledger.findLeader(record.code)) === null) throw error;
  }
}

/** Options of {@link createClaimIndex}. */
export interface ClaimIndexOptions {
  readonly ledger: LeaderLedger;
  readonly verifier: TransactionVerifier;
  readonly leaderRecords: LeaderRecordReader;
  readonly leaderPresale: string;
  readonly leadersOnChain: () => Promise<boolean>;
  /** Signatures of `address` newer than `until`, newest first (the reconciler's paging). */
  readonly signaturesAfter: (
    address: string,
    until: string | undefined,
    pageSize: number,
  ) => Promise<SignatureInfo[]>;
}

/** The commission claims of the leader presale's records, indexed from the chain. */
export interface ClaimIndex {
  /** One claims pass; `null` when the leader presale has no leader records (nothing to do). */
  reconcileClaims(pageSize: number): Promise<{ examined: number; claims: number } | null>;
}

/** Creates the {@link ClaimIndex}. */
export function createClaimIndex(options: ClaimIndexOptions): ClaimIndex {
  const { ledger, verifier, signaturesAfter } = options;
  /**
   * Records the ClaimCommission transactions of one leader record found in `observed`: signed
   * by the record's wallet, successful, the amount being what left the record (plus the
   * commission of any leader buy into it in the same transaction). Returns how many it recorded.
   */
  const recordClaimsOf = async (
    record: OnChainLeaderRecord,
    observed: Extract<ObservedTransaction, { status: 'found' }>,
  ): Promise<number> => {
    if (observed.error !== null) return 0;
    const claims = (observed.claims ?? []).filter(
      (claim) => claim.leaderRecord === record.address && claim.leaderWallet === record.wallet,
    );
    if (claims.length === 0) return 0;
    const delta = observed.lamportDeltas?.[record.address];
    if (delta === undefined) return 0;
    const boughtIn = observed.buys
      .filter((buy) => buy.leaderRecord === record.address)
      .reduce((sum, buy) => sum + computeLeaderCommission(buy.lamports), 0n);
    const paid = boughtIn - delta;
    if (paid <= 0n) return 0;
    await registerFromRecord(ledger, record);
    const { inserted } = await ledger.recordClaim({
      signature: observed.signature,
      leaderCode: record.code,
      wallet: record.wallet,
      record: record.address,
      lamports: paid,
      slot: observed.slot,
      blockTime: observed.blockTime,
    });
    return inserted ? 1 : 0;
  };

  /**
   * The claims pass: for each leader record whose on-chain `claimed` is more than the ledger's
   * claims of its code, pages the record's signatures forward from a cursor of its own (scope:
   * the record address) and records the claims found. A record whose claims all are in the
   * ledger costs no read but the one listing every record.
   */
  const reconcileClaims = async (
    pageSize: number,
  ): Promise<{ examined: number; claims: number } | null> => {
    let examined = 0;
    let claims = 0;
    if (!(await options.leadersOnChain())) return null;
    const records = await options.leaderRecords.listLeaderRecords(options.leaderPresale);
    for (const record of records) {
      if (record.claimedLamports === 0n) continue;
      const known = await ledger.getClaimTotals(record.code);
      if (known.lamports >= record.claimedLamports) continue;
      const cursor = await ledger.getReconcileCursor(record.address);
      const oldestFirst = (
        await signaturesAfter(record.address, cursor?.signature, pageSize)
      ).reverse();
      let settledUpTo: SignatureInfo | undefined;
      for (const entry of oldestFirst) {
        if ((await ledger.findClaim(entry.signature)) === null) {
          examined++;
          const observed = await verifier.observeTransaction(entry.signature);
          if (observed.status !== 'found') break;
          claims += await recordClaimsOf(record, observed);
        }
        settledUpTo = entry;
      }
      if (settledUpTo !== undefined) {
        await ledger.advanceReconcileCursor(record.address, settledUpTo);
      }
    }
    return { examined, claims };
  };

  return { reconcileClaims };
}
