import { describe, expect, it } from 'vitest';
import { formatBps, formatDateTime, formatDuration } from './format-time';

describe('durations, shares and dates in the site language', () => {
  it.each([
    [30 * 86_400, '30 days', '30 giorni'],
    [86_400, '1 day', '1 giorno'],
    [7_200, '2 hours', '2 ore'],
    [5_400, '90 minutes', '90 minuti'],
    [45, '45 seconds', '45 secondi'],
  ])('%s seconds read %j and %j', (seconds, english, italian) => {
    expect(formatDuration(seconds, 'en')).toBe(english);
    expect(formatDuration(seconds, 'it')).toBe(italian);
  });

  it.each([
    [2_500, '25%', '25%'],
    [1_250, '12.5%', '12,5%'],
    [10_000, '100%', '100%'],
    [0, '0%', '0%'],
  ])('%s bps read %j and %j', (bps, english, italian) => {
    expect(formatBps(bps, 'en')).toBe(english);
    expect(formatBps(bps, 'it')).toBe(italian);
  });

  it('writes a moment with its date and time', () => {
    const text = formatDateTime(Date.UTC(2026, 5, 12, 16, 0), 'en');
    expect(text).toMatch(/Jun 2026/);
    expect(formatDateTime(Date.UTC(2026, 5, 12, 16, 0), 'it')).toMatch(/giu 2026/);
  });
});
