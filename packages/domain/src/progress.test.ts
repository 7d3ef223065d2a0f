import { describe, expect, it } from 'vitest';
import { computeProgress } from './index';

describe('progress bar', () => {
  it.each([
    [0n, 100n, 0, false, 100n],
    [25n, 100n, 25, false, 75n],
    [1n, 3n, 33.33, false, 2n],
    [2n, 3n, 66.66, false, 1n],
    [100n, 100n, 100, true, 0n],
    [150n, 100n, 100, true, 0n],
    [-5n, 100n, 0, false, 100n],
    [5n, 0n, 0, false, 0n],
    [12_500_000_000n, 100_000_000_000n, 12.5, false, 87_500_000_000n],
  ])('%s of %s → %s%% completed=%s remaining=%s', (current, goal, fill, completed, remaining) => {
    expect(computeProgress(current, goal)).toEqual({ fillPercent: fill, completed, remaining });
  });
});
