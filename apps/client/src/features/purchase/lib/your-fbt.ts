import type { PresaleDelivery, VestingTerms } from '@fbt/domain';
import { unlockedTokensAt } from '@fbt/domain';

/** What a wallet holds on a presale, from its buyer record (FBT in base units). */
export interface BuyerTokens {
  /** Lamports the wallet paid (what a refund returns). */
  readonly paidLamports: bigint;
  /** FBT bought (owed until delivered on an at-completion presale). */
  readonly bought: bigint;
  /** FBT delivered so far (Distribute or Claim). */
  readonly delivered: bigint;
}

/**
 * One step of the vesting schedule: when (unix seconds once the sale completed; before that,
 * seconds after completion) and what is unlocked from then on.
 */
export interface ScheduleStep {
  readonly step: 'completion' | 'cliff' | 'end';
  /** Unix seconds, or null while the sale has not completed (then see `afterSeconds`). */
  readonly at: number | null;
  /** Seconds after completion (0 for completion itself). */
  readonly afterSeconds: number;
  /** Basis points unlocked at that step: null at the cliff, where gradual unlocking starts. */
  readonly unlockedBps: number | null;
}

/** What the "Your FBT" panel shows for the connected wallet. */
export type YourFbtView =
  /** Nothing to show: an instant presale (the FBT came in the buy) or nothing bought. */
  | { readonly kind: 'none' }
  /**
   * Bought, the sale not finalized yet: `sold-out` or `closed` (its window ended) when it is
   * complete and only waits for Finalize.
   */
  | {
      readonly kind: 'waiting';
      /**
       * `below-minimum`: complete (sold out or closed) under its minimum raise, so Finalize will
       * fail it and the buyer takes the SOL back.
       */
      readonly phase: 'open' | 'sold-out' | 'closed' | 'below-minimum';
      readonly tokens: BuyerTokens;
      readonly schedule: readonly ScheduleStep[];
    }
  /** The sale succeeded: FBT delivered, unlocked and claimable now. */
  | {
      readonly kind: 'delivering';
      readonly tokens: BuyerTokens;
      /** Unlocked by now (never less than what was delivered). */
      readonly unlocked: bigint;
      /** Unlocked and not yet delivered: what Claim would move now. */
      readonly claimable: bigint;
      /** Some of the FBT are still locked by the vesting. */
      readonly vesting: boolean;
      readonly schedule: readonly ScheduleStep[];
    }
  /** The sale succeeded and every FBT the wallet bought is in its wallet. */
  | {
      readonly kind: 'done';
      readonly tokens: BuyerTokens;
      readonly schedule: readonly ScheduleStep[];
    }
  /** The sale failed: the wallet takes back what it paid (Refund). */
  | { readonly kind: 'refund'; readonly tokens: BuyerTokens; readonly minimumRaise: bigint };

/** The steps of a vesting from a completion time (`null`: not completed yet). */
export function vestingSchedule(vesting: VestingTerms, completedAt: number | null): ScheduleStep[] {
  const at = (after: number) => (completedAt === null ? null : completedAt + after);
  if (vesting.vestingSeconds === 0) {
    return [{ step: 'completion', at: at(0), afterSeconds: 0, unlockedBps: 10_000 }];
  }
  return [
    {
      step: 'completion',
      at: at(0),
      afterSeconds: 0,
      unlockedBps: vesting.unlockedAtCompletionBps,
    },
    ...(vesting.cliffSeconds === 0
      ? []
      : [
          {
            step: 'cliff' as const,
            at: at(vesting.cliffSeconds),
            afterSeconds: vesting.cliffSeconds,
            unlockedBps: null,
          },
        ]),
    {
      step: 'end',
      at: at(vesting.vestingSeconds),
      afterSeconds: vesting.vestingSeconds,
      unlockedBps: 10_000,
    },
  ];
}

/**
 * The panel's view of a wallet's FBT on a presale at unix time `nowSeconds`: nothing on an
 * instant presale or without a purchase; waiting (and why) until the sale is finalized; the
 * delivered, unlocked and claimable FBT (by the program's vesting arithmetic, `unlockedTokensAt`)
 * once it succeeded; a refund once it failed. A window closed by the page's clock completes the
 * sale before it is finalized (dated at the window's end); complete below its minimum raise,
 * Finalize will fail it.
 */
export function yourFbtView(input: {
  readonly delivery: PresaleDelivery;
  readonly tokens: BuyerTokens | undefined;
  readonly nowSeconds: number;
  /** Unix seconds the window closes (null: none): past it, the sale has completed. */
  readonly saleEnd: number | null;
  /** Lamports the sale has raised (what Finalize weighs against the minimum raise). */
  readonly raised: bigint;
}): YourFbtView {
  const { delivery, tokens } = input;
  if (delivery.mode !== 'at-completion' || tokens === undefined) return { kind: 'none' };
  if (delivery.status === 'failed') {
    return tokens.paidLamports > 0n
      ? { kind: 'refund', tokens, minimumRaise: delivery.minimumRaise }
      : { kind: 'none' };
  }
  if (tokens.bought === 0n) return { kind: 'none' };
  const ended = input.saleEnd !== null && input.nowSeconds >= input.saleEnd;
  // Complete by its window: the program dates the completion at the window's end.
  const completedAt = delivery.completedAt ?? (ended ? input.saleEnd : null);
  const schedule = vestingSchedule(delivery.vesting, completedAt);
  if (delivery.status !== 'succeeded') {
    const complete = delivery.status === 'sold-out' || ended;
    const phase = !complete
      ? 'open'
      : input.raised < delivery.minimumRaise
        ? 'below-minimum'
        : delivery.status === 'sold-out'
          ? 'sold-out'
          : 'closed';
    return { kind: 'waiting', phase, tokens, schedule };
  }
  if (tokens.delivered >= tokens.bought) return { kind: 'done', tokens, schedule };
  const byVesting = unlockedTokensAt(delivery, tokens.bought, input.nowSeconds);
  const unlocked = byVesting > tokens.delivered ? byVesting : tokens.delivered;
  return {
    kind: 'delivering',
    tokens,
    unlocked,
    claimable: unlocked - tokens.delivered,
    vesting: byVesting < tokens.bought,
    schedule,
  };
}
