import {
  distributionPhase,
  type DistributionPhase,
  type DistributionResponse,
  type PresaleVariant,
} from '@fbt/domain';
import { nextRound, saleCompletion, type DistributionPresale } from '@fbt/distribution';

/** Where one presale's delivery stands, as the keeper last saw it (see `DistributionResponse`). */
export interface DistributionStatus {
  readonly variant: PresaleVariant;
  readonly address: string;
  readonly deliveryMode: DistributionPresale['deliveryMode'];
  readonly status: DistributionPresale['status'];
  readonly phase: DistributionPhase;
  readonly completedAt: bigint;
  readonly buyers: bigint;
  readonly buyersServed: bigint;
  readonly buyersDelivered: bigint;
  readonly buyersUnreachable: bigint;
  readonly buyersRefunded: bigint;
  readonly raised: bigint;
  readonly minimumRaise: bigint;
  readonly escrow: bigint;
  readonly refunded: bigint;
  readonly proceedsWithdrawn: bigint;
  readonly tokensOwed: bigint;
  readonly tokensDelivered: bigint;
  readonly vesting: {
    readonly unlockedAtCompletionBps: number;
    readonly cliffSeconds: number;
    readonly vestingSeconds: number;
  } | null;
  readonly nextRoundAt: bigint | null;
  readonly keeperActive: boolean;
}

/** What the keeper counted of the buyers in its last look at the records. */
export interface BuyerCounts {
  /** Buyers holding every FBT unlocked at the current round. */
  readonly served: bigint;
  /** Due buyers whose FBT account cannot take FBT (left to their Claim). */
  readonly unreachable: bigint;
}

/**
 * The status of a presale read at the cluster's time `now`: the chain's figures, the phase, and
 * the buyers served (from `counts` when the keeper read the records for the current round;
 * otherwise the program's own count of buyers holding every FBT, a lower bound during a
 * vesting). `roundSeconds` spaces the vesting's rounds.
 */
export function toDistributionStatus(input: {
  readonly variant: PresaleVariant;
  readonly presale: DistributionPresale;
  readonly now: bigint;
  readonly counts: BuyerCounts | null;
  readonly roundSeconds: bigint;
  readonly keeperActive: boolean;
}): DistributionStatus {
  const { presale, now } = input;
  const buyers = presale.buyerCount - presale.buyersRefunded;
  const allDelivered = presale.status === 'succeeded' && presale.buyersDelivered >= buyers;
  const served = allDelivered ? buyers : (input.counts?.served ?? presale.buyersDelivered);
  const unreachable = allDelivered ? 0n : (input.counts?.unreachable ?? 0n);
  const vests = presale.vestingSeconds > 0;
  const fullyUnlocked = !vests || now >= presale.completedAt + BigInt(presale.vestingSeconds);
  const phase = distributionPhase({
    deliveryMode: presale.deliveryMode,
    status: presale.status,
    complete: saleCompletion(presale, now).complete,
    buyers,
    buyersServed: served,
    buyersUnreachable: unreachable,
    fullyUnlocked: fullyUnlocked || allDelivered,
  });
  return {
    variant: input.variant,
    address: presale.address.toBase58(),
    deliveryMode: presale.deliveryMode,
    status: presale.status,
    phase,
    completedAt: presale.completedAt,
    buyers,
    buyersServed: served,
    buyersDelivered: presale.buyersDelivered,
    buyersUnreachable: unreachable,
    buyersRefunded: presale.buyersRefunded,
    raised: presale.currentTotalSold,
    minimumRaise: presale.minimumRaise,
    escrow: presale.escrowLamports,
    refunded: presale.refundedLamports,
    proceedsWithdrawn: presale.proceedsWithdrawn,
    tokensOwed: presale.tokensOwed,
    tokensDelivered: presale.tokensDelivered,
    vesting: vests
      ? {
          unlockedAtCompletionBps: presale.unlockedAtCompletionBps,
          cliffSeconds: presale.cliffSeconds,
          vestingSeconds: presale.vestingSeconds,
        }
      : null,
    nextRoundAt: vests && phase !== 'done' ? nextRound(presale, now, input.roundSeconds) : null,
    keeperActive: input.keeperActive,
  };
}

/**
 * True for a phase nothing on chain moves the presale out of, nor changes its figures: instant,
 * done with nobody left to a Claim, failed with every buyer refunded (until then a Refund, the
 * keeper's or a buyer's own, changes the refunded counts the report shows).
 */
export function isSettled(
  status: Pick<DistributionStatus, 'phase' | 'buyersUnreachable' | 'buyers'>,
): boolean {
  return (
    status.phase === 'instant' ||
    (status.phase === 'failed' && status.buyers === 0n) ||
    (status.phase === 'done' && status.buyersUnreachable === 0n)
  );
}

/** The wire answer (`distribution:<variant>` and its route) of a status. */
export function distributionJson(
  status: DistributionStatus,
  meta: { readonly fetchedAt: number; readonly stale: boolean },
): DistributionResponse {
  const number = (value: bigint) => Number(value);
  return {
    variant: status.variant,
    address: status.address,
    deliveryMode: status.deliveryMode,
    status: status.status,
    phase: status.phase,
    completedAt: status.completedAt === 0n ? null : number(status.completedAt),
    buyers: number(status.buyers),
    buyersServed: number(status.buyersServed),
    buyersDelivered: number(status.buyersDelivered),
    buyersUnreachable: number(status.buyersUnreachable),
    buyersRefunded: number(status.buyersRefunded),
    raisedLamports: status.raised.toString(),
    minimumRaiseLamports: status.minimumRaise.toString(),
    escrowLamports: status.escrow.toString(),
    refundedLamports: status.refunded.toString(),
    proceedsWithdrawnLamports: status.proceedsWithdrawn.toString(),
    tokensOwed: status.tokensOwed.toString(),
    tokensDelivered: status.tokensDelivered.toString(),
    vesting: status.vesting,
    nextRoundAt: status.nextRoundAt === null ? null : number(status.nextRoundAt),
    keeperActive: status.keeperActive,
    fetchedAt: new Date(meta.fetchedAt).toISOString(),
    stale: meta.stale,
  };
}
