import { describe, expect, it } from 'vitest';
import { leaderProblemOf, leaderPurchaseOf } from './leader-problem';

const RECORD = '9xQeWvG816bUx9EPjHmaT23yvVM2ZWbrrpZb9PusVFin';

describe('the leader page code', () => {
  it.each([
    ['no code in the link', null, undefined, false, { kind: 'missing' }],
    [
      'a code registered on chain and active',
      'beast42',
      { status: 'known', code: 'beast42', record: RECORD, active: true },
      false,
      null,
    ],
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
    [
      'a suspended code',
      'paused9',
      { status: 'known', code: 'paused9', record: RECORD, active: false },
      false,
      { kind: 'suspended', code: 'paused9' },
    ],
    [
      'a code with no on-chain record',
      'ledger1',
      { status: 'known', code: 'ledger1' },
      false,
      { kind: 'no-record', code: 'ledger1' },
    ],
  ] as const)('%s', (_name, code, check, failed, problem) => {
    expect(leaderProblemOf(code, check, failed)).toEqual(problem);
  });
});

describe('what a leader-page purchase carries', () => {
  it('an active registered code: its record (the program pays the leader) and the report', () => {
    expect(
      leaderPurchaseOf('beast42', {
        status: 'known',
        code: 'beast42',
        record: RECORD,
        active: true,
      }),
    ).toEqual({ leaderCode: 'beast42', leaderRecord: RECORD });
  });

  it('a suspended code: nothing (the program would refuse the record; it earns nothing)', () => {
    expect(
      leaderPurchaseOf('paused9', {
        status: 'known',
        code: 'paused9',
        record: RECORD,
        active: false,
      }),
    ).toEqual({});
  });

  it('an unknown, unchecked or record-less code: a plain buy, then the report', () => {
    expect(leaderPurchaseOf('nobody77', { status: 'unknown', message: 'x' })).toEqual({
      leaderCode: 'nobody77',
    });
    expect(leaderPurchaseOf('beast42', undefined)).toEqual({ leaderCode: 'beast42' });
    expect(leaderPurchaseOf('ledger1', { status: 'known', code: 'ledger1' })).toEqual({
      leaderCode: 'ledger1',
    });
  });

  it('no code: nothing', () => {
    expect(leaderPurchaseOf(null, undefined)).toEqual({});
    expect(leaderPurchaseOf(undefined, undefined)).toEqual({});
  });
});
