import {
  computeLeaderCommission,
  leaderReportFailure,
  type CodedDialog,
  type DialogTextCode,
} from '@fbt/domain';
import type { BuyFbtResult } from '@fbt/purchase';
import { failureLine, type TransactionLine } from '../../../lib/transaction-text';
import type { LeaderReportResult } from '../api/leader-api';

/** What the purchase box shows once a purchase ends. */
export type PurchaseDialog =
  | {
      readonly kind: 'success';
      readonly signature: string;
      /** What was bought, when known (not for the hidden test report). */
      readonly bought?: { readonly lamports: bigint; readonly tokenAmount: bigint };
    }
  | {
      readonly kind: 'error';
      readonly title: DialogTextCode;
      readonly lines: readonly TransactionLine[];
    };

/**
 * The 'Error' dialog for a failed buy: the program's refusal by name, or the message's code
 * when it is one of the fixed sentences (both shown in the site's language), else the message
 * itself (the wallet's or the chain's own text).
 */
export function buyFailureDialog(result: Extract<BuyFbtResult, { ok: false }>): PurchaseDialog {
  return { kind: 'error', title: 'DIALOG__ERROR', lines: [failureLine(result)] };
}

/**
 * The dialog after a leader buy succeeded and its report was sent: the success dialog when it
 * was recorded, otherwise the leader-report 'Warning' (refused) or 'Error' (not
 * delivered) with the reason.
 */
export function leaderReportDialog(
  signature: string,
  report: LeaderReportResult,
  bought?: { lamports: bigint; tokenAmount: bigint },
): PurchaseDialog {
  if (report.kind === 'recorded') {
    return { kind: 'success', signature, ...(bought === undefined ? {} : { bought }) };
  }
  const failure: CodedDialog = leaderReportFailure(report.kind, report.message);
  if (report.kind === 'failed') return { kind: 'error', ...failure };
  // The server's reason, kept with its code so the site shows it in its own language.
  const lines = failure.lines.map((line): TransactionLine =>
    'text' in line && line.text === report.message
      ? { text: line.text, leaderReportError: report.code }
      : line,
  );
  return { kind: 'error', title: failure.title, lines };
}

/** The report body for a confirmed leader buy (the commission is a claim the BFF re-checks). */
export function buildLeaderReport(input: {
  signature: string;
  wallet: string;
  leaderCode: string;
  lamports: bigint;
}) {
  return {
    signature: input.signature,
    wallet: input.wallet,
    leaderCode: input.leaderCode,
    lamports: input.lamports.toString(),
    claimedCommissionLamports: computeLeaderCommission(input.lamports).toString(),
  };
}

/**
 * The hidden test report (clicking the title): a well-formed signature that no
 * transaction has, so the server's refusal path is shown.
 */
export const SAMPLE_REPORT_SIGNATURE =
  '5VERv8NMvzbJMEkV8xnrLkEaWRtSz9CosKDYjCJjBRnbJLgp8uirBgmQpjKhoR4tjF3ZpRzrFmBV6UjKdiSZkQUW';
