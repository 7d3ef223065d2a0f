import { describe, expect, it } from 'vitest';
import { durationEn, factParamEn, factValueEn, noteFields } from './index';

describe('the figures of a value and the fields of a note', () => {
  it('formats shares and durations in English by their names', () => {
    expect(factParamEn('unlockedBps', '2500')).toBe('25%');
    expect(factParamEn('unlockedBps', '1')).toBe('0.01%');
    expect(factParamEn('cliffSeconds', '86400')).toBe('1 day');
    expect(durationEn(90)).toBe('90 seconds');
    expect(durationEn(7_200)).toBe('2 hours');
    expect(durationEn(60)).toBe('1 minute');
    expect(factParamEn('other', 'x')).toBe('x');
    expect(factValueEn({ word: 'vesting' })).toBe(
      '{unlockedBps} at completion, the rest evenly over {vestingSeconds}',
    );
  });

  it('reads a note’s fields back, ignoring text without a key', () => {
    expect(noteFields('state=met;raised=1 SOL;x;=y')).toEqual({ state: 'met', raised: '1 SOL' });
    expect(noteFields('wallet')).toEqual({});
  });
});
