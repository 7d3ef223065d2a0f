import { describe, expect, it } from 'vitest';
import { readPrivateRouteName } from './site-config';

describe('private route name from /api/v1/config', () => {
  it.each([
    [{ privateRouteName: 'vip' }, 'vip'],
    [{ privateRouteName: 'beast-club' }, 'beast-club'],
    [{ privateRouteName: 'presale' }, 'private'],
    [{ privateRouteName: 'Has Spaces' }, 'private'],
    [{ privateRouteName: 42 }, 'private'],
    [{}, 'private'],
    [null, 'private'],
    [undefined, 'private'],
  ])('%j -> %s', (config, expected) => {
    expect(readPrivateRouteName(config)).toBe(expected);
  });
});
