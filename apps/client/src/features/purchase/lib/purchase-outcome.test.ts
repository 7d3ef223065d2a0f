import { describe, expect, it } from 'vitest';
import { buildLeaderReport, buyFailureDialog, leaderReportDialog } from './purchase-outcome';

const SIGNATURE =
  '5VERv8NMvzbJMEkV8xnrLkEaWRtSz9CosKDYjCJjBRnbJLgp8uirBgmQpjKhoR4tjF3ZpRzrFmBV6UjKdiSZkQUW';

describe('the dialog after a purchase', () => {
  it('shows the failed buy message in an "Error" dialog', () => {
    expect(
      buyFailureDialog({ ok: false, stage: 'confirming', message: 'Please try again' }),
    ).toEqual({
      kind: 'error',
      title: 'Error',
      lines: ['Please try again'],
    });
  });

  it.each([
    [
      'recorded report -> success dialog',
      { kind: 'recorded' as const, response: {} as never },
      { kind: 'success', signature: SIGNATURE },
    ],
    [
      'refused report -> Warning with the reason',
      { kind: 'rejected' as const, message: 'No leader "nope".' },
      {
        kind: 'error',
        title: 'Warning',
        lines: [
          'Transaction successfully executed.',
          'Encountered an error in the Leader code. Contact support or your leader',
          'No leader "nope".',
        ],
      },
    ],
    [
      'undelivered report -> Error with the HTTP status',
      { kind: 'failed' as const, message: 'HTTP error! status: 500' },
      {
        kind: 'error',
        title: 'Error',
        lines: ['Please contact your Leader', 'HTTP error! status: 500'],
      },
    ],
  ])('%s', (_name, report, expected) => {
    expect(leaderReportDialog(SIGNATURE, report)).toEqual(expected);
  });
});

describe('the leader report body', () => {
  it('carries lamports as decimal strings and claims the 10% commission', () => {
    expect(
      buildLeaderReport({
        signature: SIGNATURE,
        wallet: 'w',
        leaderCode: 'beast42',
        lamports: 1_500_000_000n,
      }),
    ).toEqual({
      signature: SIGNATURE,
      wallet: 'w',
      leaderCode: 'beast42',
      lamports: '1500000000',
      claimedCommissionLamports: '150000000',
    });
  });
});
