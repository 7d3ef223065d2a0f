import { describe, expect, it } from 'vitest';
import { GOAL_TARGETS, computeGoalRows, sanitizeCount } from './index';

describe('goals', () => {
  it('has three rows: 1000, 5000, 10000', () => {
    expect(GOAL_TARGETS).toEqual([1000, 5000, 10000]);
    const rows = computeGoalRows({ telegram: 10, twitter: 20 });
    expect(rows.map((row) => row.target)).toEqual([1000, 5000, 10000]);
    expect(rows.map((row) => row.cards.map((card) => card.community))).toEqual([
      ['telegram', 'twitter'],
      ['telegram', 'twitter'],
      ['telegram', 'twitter'],
    ]);
  });

  it('dims the third row and hides its value until the count reaches 5000', () => {
    const [first, , third] = computeGoalRows({ telegram: 4999, twitter: 5000 });
    expect(first?.cards[0]).toMatchObject({ value: 4999, dimmed: false });
    expect(first?.cards[0].progress.completed).toBe(true);
    expect(third?.cards[0]).toMatchObject({ value: null, dimmed: true });
    expect(third?.cards[0].progress.fillPercent).toBe(0);
    expect(third?.cards[1]).toMatchObject({ value: 5000, dimmed: false });
    expect(third?.cards[1].progress.fillPercent).toBe(50);
  });

  it('never dims the first two rows', () => {
    const rows = computeGoalRows({ telegram: 0, twitter: 0 });
    expect(rows.slice(0, 2).flatMap((row) => row.cards.map((card) => card.dimmed))).toEqual([
      false,
      false,
      false,
      false,
    ]);
  });

  it.each([
    [-3, 0],
    [Number.NaN, 0],
    [Number.POSITIVE_INFINITY, 0],
    [12.7, 12],
    [1500, 1500],
  ])('treats a count of %s as %s', (count, expected) => {
    expect(sanitizeCount(count)).toBe(expected);
    expect(computeGoalRows({ telegram: count, twitter: 0 })[0]?.cards[0].value).toBe(expected);
  });
});
