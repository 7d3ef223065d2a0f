import { describe, expect, it } from 'vitest';
import { isConnectButtonVisible, isWidthDependent } from './connect-visibility';

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

describe('width dependence', () => {
  it('is the leader pages only, where the answer differs between widths', () => {
    const paths = ['/presale', '/swap', '/vip', '/leader', '/leader/earnings', '/leaderboard', '/'];
    for (const path of paths) {
      const differs =
        isConnectButtonVisible(path, 'vip', true) !== isConnectButtonVisible(path, 'vip', false);
      // Every path whose answer depends on the width is flagged (leader/earnings is flagged too:
      // the same first segment).
      if (differs) expect(isWidthDependent(path)).toBe(true);
    }
    expect(paths.filter(isWidthDependent)).toEqual(['/leader', '/leader/earnings']);
  });
});
