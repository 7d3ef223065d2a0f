import { describe, expect, it } from 'vitest';
import { isConnectButtonVisible } from './connect-visibility';

describe('connect button visibility', () => {
  it.each([
    ['/presale', false, true],
    ['/presale', true, true],
    ['/swap', true, true],
    ['/vip', false, true],
    ['/vip', true, true],
    ['/leader', false, true],
    ['/leader', true, false],
    ['/leaderboard', false, false],
    ['/', false, false],
    ['/roadmap', false, false],
    ['/live', true, false],
    ['/mammamia', false, false],
    ['/presales', false, false],
  ] as const)('%s (mobile: %s) -> %s', (path, mobile, visible) => {
    expect(isConnectButtonVisible(path, 'vip', mobile)).toBe(visible);
  });
});
