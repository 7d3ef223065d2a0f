import { describe, expect, it } from 'vitest';
import { computeLeaderCommission, isValidLeaderCode, parseLeaderCodeFromUrl } from './index';
import { SOL } from '../test/support/fixtures';

describe('leader codes', () => {
  it.each([
    ['beast42', true],
    ['A_b-9', true],
    ['abc', true],
    ['x'.repeat(32), true],
    ['ab', false],
    ['x'.repeat(33), false],
    ['has space', false],
    ['emoji😀', false],
    ['', false],
  ])('%j is valid: %s', (code, expected) => {
    expect(isValidLeaderCode(code)).toBe(expected);
  });

  it.each([
    ['http://localhost:8080/#/leader?code=beast42', 'beast42'],
    ['https://fbt.example/#/leader?code=beast42&x=1', 'beast42'],
    ['https://fbt.example/?code=beast42#/leader', 'beast42'],
    ['https://fbt.example/#/leader', null],
    ['https://fbt.example/#/leader?code=a%20b', null],
    ['not a url', null],
  ])('reads the code from %s', (href, code) => {
    expect(parseLeaderCodeFromUrl(href)).toBe(code);
  });

  it.each([
    [1n * SOL, 100_000_000n],
    [15n, 1n],
    [9n, 0n],
    [0n, 0n],
    [-10n, 0n],
  ])('commission on %s lamports is %s (10%%, rounded down)', (lamports, commission) => {
    expect(computeLeaderCommission(lamports)).toBe(commission);
  });
});
