import { describe, expect, it } from 'vitest';
import {
  blinkInterstitialUrl,
  isDomainError,
  leaderBlinkUrl,
  normalizeSiteOrigin,
  parseLeaderCodeFromUrl,
  presaleActionUrl,
  presaleSitePath,
} from './index';

describe('leaderBlinkUrl', () => {
  it('is the path-form leader link with the code', () => {
    expect(leaderBlinkUrl('https://fbt.example', 'beast42')).toBe(
      'https://fbt.example/leader?code=beast42',
    );
  });

  it('drops a trailing slash and keeps a port', () => {
    expect(leaderBlinkUrl('http://localhost:8080/', 'A_b-9')).toBe(
      'http://localhost:8080/leader?code=A_b-9',
    );
  });

  it('carries a code the site reads back from the page address', () => {
    expect(parseLeaderCodeFromUrl(leaderBlinkUrl('https://fbt.example', 'beast42'))).toBe(
      'beast42',
    );
  });

  it.each(['ab', 'has space', 'x'.repeat(33), 'a&b=c', ''])('refuses the code %j', (code) => {
    expect(() => leaderBlinkUrl('https://fbt.example', code)).toThrow(
      expect.objectContaining({ code: 'LEADER__INVALID_CODE' }),
    );
  });

  it.each([
    'fbt.example',
    'ftp://fbt.example',
    'https://fbt.example/site',
    'https://fbt.example/?a=1',
    'https://fbt.example/#/leader',
    'https://user@fbt.example',
  ])('refuses the origin %j', (origin) => {
    let thrown: unknown;
    try {
      leaderBlinkUrl(origin, 'beast42');
    } catch (error) {
      thrown = error;
    }
    expect(isDomainError(thrown, 'BLINK__INVALID_ORIGIN')).toBe(true);
  });
});

describe('presaleActionUrl', () => {
  it('names the variant, and the code on the leader presale', () => {
    expect(presaleActionUrl('https://fbt.example/', 'public')).toBe(
      'https://fbt.example/api/actions/presale/public',
    );
    expect(presaleActionUrl('https://fbt.example', 'leader', 'beast42')).toBe(
      'https://fbt.example/api/actions/presale/leader?code=beast42',
    );
  });

  it('refuses a malformed code', () => {
    expect(() => presaleActionUrl('https://fbt.example', 'leader', 'no way')).toThrow(
      /LEADER__INVALID_CODE/,
    );
  });
});

describe('presaleSitePath', () => {
  it('is the hash route as a path', () => {
    expect(presaleSitePath('public', 'vip')).toBe('/presale');
    expect(presaleSitePath('leader', 'vip')).toBe('/leader');
    expect(presaleSitePath('private', 'vip')).toBe('/vip');
  });
});

describe('normalizeSiteOrigin', () => {
  it('lower-cases the host and drops the default port', () => {
    expect(normalizeSiteOrigin('HTTPS://FBT.Example:443/')).toBe('https://fbt.example');
  });
});

describe('blinkInterstitialUrl', () => {
  it('wraps the Action URL in the Solana Actions `action` parameter, encoded', () => {
    const action = 'https://fbt.example/api/actions/presale/leader?code=beast42';
    const url = new URL(blinkInterstitialUrl(action));
    expect(url.origin).toBe('https://dial.to');
    expect(url.searchParams.get('action')).toBe(`solana-action:${action}`);
    expect(url.search).not.toContain('?code');
  });
});
