/** What a progress bar shows: how full, whether the goal is met, how far from it. */
export interface Progress {
  /** Fill, 0 to 100, with 2 decimals of precision; 0 when the goal is 0. */
  readonly fillPercent: number;
  /** True once the current value reaches the goal (a goal of 0 is never completed). */
  readonly completed: boolean;
  /** How far from the goal, never negative. */
  readonly remaining: bigint;
}

/**
 * Progress toward a goal, in exact integer arithmetic (amounts are lamports or member counts).
 * Values below 0 count as 0; the fill is capped at 100%.
 *
 * @example
 * computeProgress(25n, 100n); // { fillPercent: 25, completed: false, remaining: 75n }
 */
export function computeProgress(current: bigint, goal: bigint): Progress {
  const value = current > 0n ? current : 0n;
  if (goal <= 0n) return { fillPercent: 0, completed: false, remaining: 0n };
  const completed = value >= goal;
  const basisPoints = completed ? 10_000n : (value * 10_000n) / goal;
  return {
    fillPercent: Number(basisPoints) / 100,
    completed,
    remaining: completed ? 0n : goal - value,
  };
}
