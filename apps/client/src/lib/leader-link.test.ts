import { parseLeaderCodeFromUrl } from '@fbt/domain';
import { describe, expect, it } from 'vitest';
import { leaderBlinkLink, leaderLink } from './leader-link';

describe('a leader’s share link', () => {
  it.each([
    ['https://fbt.example/', 'https://fbt.example/#/leader?code=beast42'],
    ['https://fbt.example/#/leader/earnings', 'https://fbt.example/#/leader?code=beast42'],
    [
      'http://127.0.0.1:4173/app/?x=1#/leader',
      'http://127.0.0.1:4173/app/?x=1#/leader?code=beast42',
    ],
  ])('from %s is %s, and the leader page reads the code back', (site, link) => {
    expect(leaderLink(site, 'beast42')).toBe(link);
    expect(parseLeaderCodeFromUrl(link)).toBe('beast42');
  });
});

describe('a leader’s Blink link', () => {
  it.each([
    ['https://fbt.example', 'https://fbt.example/leader?code=beast42'],
    ['http://127.0.0.1:4173', 'http://127.0.0.1:4173/leader?code=beast42'],
  ])('at %s is %s', (origin, link) => {
    expect(leaderBlinkLink(origin, 'beast42')).toBe(link);
  });

  it.each([
    ['a saved page (origin "null")', 'null', 'beast42'],
    ['a file: origin', 'file://', 'beast42'],
    ['a malformed code', 'https://fbt.example', 'no spaces'],
  ])('is not offered for %s', (_name, origin, code) => {
    expect(leaderBlinkLink(origin, code)).toBeNull();
  });
});
