import type { Community, Leader, LeaderClaim, LeaderLedger, NewLeaderBuy } from '@fbt/domain';
import { isAddress, isSignature, isValidLeaderCode } from '@fbt/domain';
import { AdapterError } from './adapter-error';

/**
 * The checks every leader ledger applies before and after touching its engine, so the SQLite
 * and PostgreSQL stores refuse the same input with the same codes (their contract suite runs
 * on both).
 */

/** The ledger's reads, as each store builds them. */
export type LedgerReads = Pick<
  LeaderLedger,
  | 'findLeader'
  | 'findBuy'
  | 'getLeaderSummary'
  | 'listRecentBuys'
  | 'getLeaderboard'
  | 'getOperatorCount'
  | 'getStats'
  | 'getReconcileCursor'
  | 'findClaim'
  | 'getClaimTotals'
  | 'getSchemaVersion'
>;

/** The ledger's writes, as each store builds them. */
export type LedgerWrites = Pick<
  LeaderLedger,
  'indexLeader' | 'recordBuy' | 'setOperatorCount' | 'advanceReconcileCursor' | 'recordClaim'
>;

/** A page size the ledger serves: a whole number from 1 to 1000. */
export function assertLedgerLimit(limit: number): void {
  if (!Number.isInteger(limit) || limit < 1 || limit > 1000) {
    throw new AdapterError('LEDGER__INVALID_LIMIT', { limit });
  }
}

/** The leader of an on-chain record, as it may be indexed: a valid code, wallet and record. */
export function assertLeaderInput({
  code,
  wallet,
  record,
}: {
  code: string;
  wallet: string;
  record: string;
}): void {
  if (!isValidLeaderCode(code)) throw new AdapterError('LEDGER__INVALID_LEADER_CODE', { code });
  if (!isAddress(wallet)) throw new AdapterError('LEDGER__INVALID_WALLET', { wallet });
  if (!isAddress(record)) throw new AdapterError('LEDGER__INVALID_RECORD', { record });
}

/**
 * What indexing a leader left in the store: the leader, paid through `record` (a concurrent
 * indexing of the same code may have written it first; the record is the same PDA).
 */
export function indexedLeader(stored: Leader | null, code: string): Leader {
  if (stored === null) throw new AdapterError('LEDGER__WRITE_FAILED', { code });
  return stored;
}

/**
 * A buy that may be recorded: a transaction signature, the record paid, and amounts that are
 * not negative.
 */
export function assertBuyInput(
  buy: Pick<NewLeaderBuy, 'signature' | 'lamports' | 'commissionLamports' | 'record'>,
): void {
  if (!isSignature(buy.signature)) {
    throw new AdapterError('LEDGER__INVALID_SIGNATURE', { signature: buy.signature });
  }
  if (!isAddress(buy.record))
    throw new AdapterError('LEDGER__INVALID_RECORD', { record: buy.record });
  if (buy.lamports < 0n || buy.commissionLamports < 0n) {
    throw new AdapterError('LEDGER__INVALID_AMOUNT', { lamports: buy.lamports });
  }
}

/** An operator-set community count: a whole number, not negative. */
export function assertOperatorCount(community: Community, count: number): void {
  if (!Number.isSafeInteger(count) || count < 0) {
    throw new AdapterError('LEDGER__INVALID_COUNT', { community, count });
  }
}

/** A reconciler cursor that may be stored: a scope address, a signature and a slot. */
export function assertCursorInput(
  scope: string,
  cursor: { readonly signature: string; readonly slot: number },
): void {
  if (!isAddress(scope)) throw new AdapterError('LEDGER__INVALID_SCOPE', { scope });
  if (!isSignature(cursor.signature)) {
    throw new AdapterError('LEDGER__INVALID_SIGNATURE', { signature: cursor.signature });
  }
  if (!Number.isSafeInteger(cursor.slot) || cursor.slot < 0) {
    throw new AdapterError('LEDGER__INVALID_SLOT', { slot: cursor.slot });
  }
}

/** A claim that may be recorded: a signature, the paid wallet and record, lamports above 0. */
export function assertClaimInput(
  claim: Pick<LeaderClaim, 'signature' | 'wallet' | 'record' | 'lamports'>,
): void {
  if (!isSignature(claim.signature)) {
    throw new AdapterError('LEDGER__INVALID_SIGNATURE', { signature: claim.signature });
  }
  if (!isAddress(claim.wallet))
    throw new AdapterError('LEDGER__INVALID_WALLET', { wallet: claim.wallet });
  if (!isAddress(claim.record))
    throw new AdapterError('LEDGER__INVALID_RECORD', { record: claim.record });
  if (claim.lamports <= 0n) {
    throw new AdapterError('LEDGER__INVALID_AMOUNT', { lamports: claim.lamports });
  }
}
