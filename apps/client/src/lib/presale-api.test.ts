import type { PresaleResponse } from '@fbt/domain';
import { describe, expect, it } from 'vitest';
import { newerPresale } from './presale-api';

/** A presale read made at `fetchedAt` (only what newerPresale looks at, and a marker). */
const read = (fetchedAt: string, marker: string) =>
  ({ fetchedAt, address: marker }) as unknown as PresaleResponse;

describe('newerPresale', () => {
  it('keeps the read the BFF made last, whichever arrives last', () => {
    const before = read('2026-11-25T00:20:52.138Z', 'before the change');
    const after = read('2026-11-25T00:20:55.352Z', 'after the change');
    expect(newerPresale(after, before)).toBe(after);
    expect(newerPresale(before, after)).toBe(after);
  });

  it('takes the incoming read on a tie, and when there is none yet', () => {
    const first = read('2026-11-25T00:20:52.138Z', 'first');
    const second = read('2026-11-25T00:20:52.138Z', 'second');
    expect(newerPresale(first, second)).toBe(second);
    expect(newerPresale(undefined, first)).toBe(first);
  });
});
