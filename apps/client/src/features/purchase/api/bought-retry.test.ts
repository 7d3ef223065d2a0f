import { describe, expect, it } from 'vitest';
import { boughtRetryDelayMs } from './bought-retry';

describe('buyer record retries', () => {
  it.each([
    [1, 1_000],
    [2, 2_000],
    [3, 4_000],
    [5, 16_000],
    [6, 30_000],
    [50, 30_000],
    [0, 1_000],
  ])('after %d failures waits %d ms', (failures, delay) => {
    expect(boughtRetryDelayMs(failures)).toBe(delay);
  });
});
