import { computeProgress, type Progress } from './progress';

/** The two communities the goals page tracks. */
export type Community = 'telegram' | 'twitter';

/** Goal targets, one row each, for both communities. */
export const GOAL_TARGETS = [1000, 5000, 10000] as const;

/** The count a community must reach before the last row is revealed. */
export const GOAL_REVEAL_THRESHOLD = 5000;

/** Counts below zero (or not numbers at all) are shown as 0: a bad count never breaks the page. */
export function sanitizeCount(count: number): number {
  return Number.isFinite(count) && count > 0 ? Math.floor(count) : 0;
}

/** One card of the goals page. */
export interface GoalCard {
  readonly community: Community;
  readonly target: number;
  /** The count to show, or `null` while the card is still hidden behind the reveal threshold. */
  readonly value: number | null;
  /** Shown at opacity 0.3. */
  readonly dimmed: boolean;
  readonly progress: Progress;
}

/** One row of the goals page: a Telegram card and a Twitter card with the same target. */
export interface GoalRow {
  readonly target: number;
  readonly cards: readonly [GoalCard, GoalCard];
}

/**
 * The three goal rows (1000, 5000, 10000) for Telegram members and Twitter users. A card of the
 * third row stays dimmed with no value until its community reaches 5000.
 */
export function computeGoalRows(counts: { telegram: number; twitter: number }): GoalRow[] {
  const card = (community: Community, target: number, isLastRow: boolean): GoalCard => {
    const count = sanitizeCount(counts[community]);
    const hidden = isLastRow && count < GOAL_REVEAL_THRESHOLD;
    return {
      community,
      target,
      value: hidden ? null : count,
      dimmed: hidden,
      progress: hidden
        ? computeProgress(0n, BigInt(target))
        : computeProgress(BigInt(count), BigInt(target)),
    };
  };
  return GOAL_TARGETS.map((target, index) => {
    const isLastRow = index === GOAL_TARGETS.length - 1;
    return {
      target,
      cards: [card('telegram', target, isLastRow), card('twitter', target, isLastRow)] as const,
    };
  });
}
