import { describe, expect, it } from 'vitest';
import { saleWindowPhase, splitCountdown } from './sale-window';

describe('the sale window at a moment', () => {
  it.each([
    ['no window', undefined, 5_000, { phase: 'open', endsAt: null }],
    ['no bounds', { start: null, end: null }, 5_000, { phase: 'open', endsAt: null }],
    [
      'before the start',
      { start: 100, end: 200 },
      99_000,
      { phase: 'not-started', startsAt: 100_000, remainingMs: 1_000 },
    ],
    [
      'at the start (inclusive)',
      { start: 100, end: 200 },
      100_000,
      { phase: 'open', endsAt: 200_000 },
    ],
    ['just before the end', { start: 100, end: 200 }, 199_999, { phase: 'open', endsAt: 200_000 }],
    [
      'at the end (exclusive)',
      { start: 100, end: 200 },
      200_000,
      { phase: 'ended', endedAt: 200_000 },
    ],
    [
      'only an end, passed',
      { start: null, end: 200 },
      300_000,
      { phase: 'ended', endedAt: 200_000 },
    ],
    [
      'only a start, ahead',
      { start: 100, end: null },
      40_000,
      { phase: 'not-started', startsAt: 100_000, remainingMs: 60_000 },
    ],
  ] as const)('%s', (_name, window, now, phase) => {
    expect(saleWindowPhase(window, now)).toEqual(phase);
  });
});

describe('the countdown', () => {
  it.each([
    [0, { days: 0, hours: 0, minutes: 0, seconds: 0 }],
    [1, { days: 0, hours: 0, minutes: 0, seconds: 1 }],
    [59_001, { days: 0, hours: 0, minutes: 1, seconds: 0 }],
    [((2 * 24 + 3) * 3600 + 4 * 60 + 5) * 1000, { days: 2, hours: 3, minutes: 4, seconds: 5 }],
    [-5_000, { days: 0, hours: 0, minutes: 0, seconds: 0 }],
  ])('%d ms -> %j', (ms, parts) => {
    expect(splitCountdown(ms)).toEqual(parts);
  });
});
