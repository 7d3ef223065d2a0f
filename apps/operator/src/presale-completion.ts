import { formatSol } from '@fbt/domain';
import { saleCompletion } from '@fbt/distribution';
import type { PresaleAccount } from '@fbt/presale-client';
import type { PublicKey } from '@solana/web3.js';
import { OperatorError } from './operator-error';
import { describeSaleTime } from './options/sale-time';

/**
 * Refuses an instant presale for a command of delivery at completion (`finalize`, `distribute`,
 * `withdraw-proceeds`), naming why.
 */
export function requireAtCompletion(presale: PublicKey, state: PresaleAccount): void {
  if (state.deliveryMode !== 'at-completion') {
    throw new OperatorError(
      `presale ${presale.toBase58()} delivers its FBT in each buy (instant): it has no completion, nothing to finalize, distribute or withdraw from escrow`,
    );
  }
}

/**
 * Why a presale is not complete yet, by the cluster's time: what is sold of what, and when its
 * window ends (if it does).
 */
export function notCompleteReason(presale: PublicKey, state: PresaleAccount, now: bigint): string {
  const sold = `${formatSol(state.currentTotalSold)} of ${formatSol(state.maxTotalBuyable)} SOL sold`;
  const end =
    state.saleEnd === 0n
      ? 'its window has no end'
      : `its window ends at ${describeSaleTime(state.saleEnd) ?? ''} (cluster time ${describeSaleTime(now) ?? ''})`;
  return `presale ${presale.toBase58()} is not complete: ${sold} and ${end}; it completes when it sells out or its window ends`;
}

/** The outcome Finalize gave (or would give) a complete sale, for output. */
export function outcomeJson(state: PresaleAccount, now: bigint) {
  const completion = saleCompletion(state, now);
  return {
    status: state.status,
    complete: completion.complete,
    outcome:
      state.status === 'succeeded' || state.status === 'failed'
        ? state.status
        : completion.wouldSucceed
          ? 'succeeded'
          : 'failed',
    raisedLamports: state.currentTotalSold,
    minimumRaiseLamports: state.minimumRaise,
    completedAt: describeSaleTime(state.completedAt),
  };
}
