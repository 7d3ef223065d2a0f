import { dialogToEnglish } from '@fbt/domain';
import { describe, expect, it } from 'vitest';
import {
  buildLeaderReport,
  buyFailureDialog,
  leaderReportDialog,
  type PurchaseDialog,
} from './purchase-outcome';

/** The dialog as the English site shows it. */
function english(dialog: PurchaseDialog) {
  return dialog.kind === 'error' ? { kind: 'error', ...dialogToEnglish(dialog) } : dialog;
}

const SIGNATURE =
  '5VERv8NMvzbJMEkV8xnrLkEaWRtSz9CosKDYjCJjBRnbJLgp8uirBgmQpjKhoR4tjF3ZpRzrFmBV6UjKdiSZkQUW';

describe('the dialog after a purchase', () => {
  it('shows the failed buy message in an "Error" dialog', () => {
    const dialog = buyFailureDialog({
      ok: false,
      stage: 'confirming',
      message: 'Please try again',
    });
    expect(english(dialog)).toEqual({
      kind: 'error',
      title: 'Error',
      lines: ['Please try again'],
    });
    expect(dialog).toEqual({
      kind: 'error',
      title: 'DIALOG__ERROR',
      lines: [{ code: 'DIALOG__TRY_AGAIN' }],
    });
  });

  it('keeps a message that is not a fixed sentence as it is', () => {
    const message = 'The presale is not active.';
    expect(buyFailureDialog({ ok: false, stage: 'simulating', message })).toEqual({
      kind: 'error',
      title: 'DIALOG__ERROR',
      lines: [{ text: message }],
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
      {
        kind: 'rejected' as const,
        code: 'LEADER_REPORT__NO_LEADER_RECORD',
        message: 'The purchase names no leader record.',
      },
      {
        kind: 'error',
        title: 'Warning',
        lines: [
          'Transaction successfully executed.',
          'Encountered an error in the Leader code. Contact support or your leader',
          'The purchase names no leader record.',
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
    expect(english(leaderReportDialog(SIGNATURE, report))).toEqual(expected);
  });
});

describe('a refused leader report on the Italian site', () => {
  it('keeps the server’s code on its reason, so the reason is shown translated', () => {
    const dialog = leaderReportDialog(SIGNATURE, {
      kind: 'rejected',
      code: 'LEADER_REPORT__UNKNOWN_LEADER',
      message: 'The leader code is not registered.',
    });
    expect(dialog.kind === 'error' && dialog.lines.at(-1)).toEqual({
      text: 'The leader code is not registered.',
      leaderReportError: 'LEADER_REPORT__UNKNOWN_LEADER',
    });
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
