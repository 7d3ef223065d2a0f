import { describe, expect, it } from 'vitest';
import {
  characterSchedule,
  eyesSchedule,
  heroSchedule,
  randomPauseMs,
  type FrameStep,
  type RandomSource,
} from './index';

function take(generator: Iterator<FrameStep>, count: number): FrameStep[] {
  return Array.from({ length: count }, () => generator.next().value as FrameStep);
}

function sequence(...values: number[]): RandomSource {
  let i = 0;
  return () => values[i++ % values.length] ?? 0;
}

describe('random pauses', () => {
  it.each([
    [0, 5000],
    [0.5, 10000],
    [0.9999999, 15000],
    [-1, 5000],
    [2, 15000],
    [Number.NaN, 5000],
  ])('random %s → %s ms (within 5-15 s)', (r, ms) => {
    expect(randomPauseMs(() => r)).toBe(ms);
  });
});

describe('hero pictures', () => {
  it('shows the first 3 s, the second 1 s, then first 1 s / second 5-15 s alternately', () => {
    const steps = take(heroSchedule(sequence(0, 1 - 1e-12, 0.5)), 8);
    expect(steps).toEqual([
      { frame: 0, durationMs: 3000 },
      { frame: 1, durationMs: 1000 },
      { frame: 0, durationMs: 1000 },
      { frame: 1, durationMs: 5000 },
      { frame: 0, durationMs: 1000 },
      { frame: 1, durationMs: 15000 },
      { frame: 0, durationMs: 1000 },
      { frame: 1, durationMs: 10000 },
    ]);
  });
});

describe('presale character', () => {
  it('shows 3 s, 2 s, then random 5-15 s pauses between 2 s glimpses', () => {
    expect(take(characterSchedule(sequence(0.25)), 6)).toEqual([
      { frame: 0, durationMs: 3000 },
      { frame: 1, durationMs: 2000 },
      { frame: 0, durationMs: 7500 },
      { frame: 1, durationMs: 2000 },
      { frame: 0, durationMs: 7500 },
      { frame: 1, durationMs: 2000 },
    ]);
  });
});

describe('eyes', () => {
  it('loops six steps: 3 s, 2 s, random, 2 s, random, 2 s', () => {
    const steps = take(eyesSchedule(sequence(0, 1 - 1e-12)), 12);
    const durations = steps.map((step) => step.durationMs);
    expect(durations).toEqual([
      3000, 2000, 5000, 2000, 15000, 2000, 3000, 2000, 5000, 2000, 15000, 2000,
    ]);
    expect(steps.map((step) => step.frame)).toEqual([0, 1, 0, 1, 0, 1, 0, 1, 0, 1, 0, 1]);
  });

  it('never draws a pause outside 5-15 s, whatever the random source says', () => {
    let seed = 1;
    const lcg: RandomSource = () => {
      seed = (seed * 48271) % 2147483647;
      return seed / 2147483647;
    };
    for (const step of take(eyesSchedule(lcg), 600)) {
      expect(step.durationMs).toBeGreaterThanOrEqual(2000);
      expect(step.durationMs).toBeLessThanOrEqual(15000);
    }
  });
});
