import { describe, expect, it } from 'vitest';
import { leaderCodeToSend, leaderProblemOf } from './leader-problem';

describe('the leader page code', () => {
  it.each([
    ['no code in the link', null, undefined, false, { kind: 'missing' }],
    ['a registered code', 'beast42', { status: 'known', code: 'beast42' }, false, null],
    ['still checking', 'beast42', undefined, false, null],
    [
      'an unknown code',
      'nobody77',
      { status: 'unknown', message: 'x' },
      false,
      { kind: 'unknown', code: 'nobody77' },
    ],
    [
      'the check answered an error',
      'beast42',
      { status: 'error', message: 'HTTP error! status: 503' },
      false,
      { kind: 'unavailable', code: 'beast42' },
    ],
    ['the check failed', 'beast42', undefined, true, { kind: 'unavailable', code: 'beast42' }],
  ] as const)('%s', (_name, code, check, failed, problem) => {
    expect(leaderProblemOf(code, check, failed)).toEqual(problem);
  });

  it('a well-formed code is always sent (and reported); no code, no memo', () => {
    expect(leaderCodeToSend('nobody77')).toBe('nobody77');
    expect(leaderCodeToSend(null)).toBeUndefined();
    expect(leaderCodeToSend(undefined)).toBeUndefined();
  });
});
