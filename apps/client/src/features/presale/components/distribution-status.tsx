import { COUNT_AMOUNT, formatAmount } from '@fbt/domain';
import { formatDateTime } from '../../../lib/format-time';
import { useI18n } from '../../../lib/i18n/i18n';
import type { DistributionStatus } from '../lib/distribution';

/**
 * The 'SOL Target' card's line on an at-completion presale once it completed: 'Complete:
 * delivery starts once the sale is finalized', 'Distributing: N of M buyers', the vesting's end
 * while one runs, 'Done', or a failed sale's refunds.
 */
export function DistributionLine({ status }: { status: DistributionStatus }) {
  const { t, language } = useI18n();
  const count = (value: bigint) => formatAmount(value, COUNT_AMOUNT, language);
  const text =
    status.kind === 'awaiting'
      ? status.belowMinimum === true
        ? t('distribution.awaitingRefund')
        : t('distribution.awaiting')
      : status.kind === 'done'
        ? t('distribution.done')
        : status.kind === 'failed'
          ? t('distribution.failed', { done: count(status.done), total: count(status.total) })
          : status.kind === 'vesting'
            ? t('distribution.vesting', { date: formatDateTime(status.until * 1000, language) })
            : t('distribution.progress', { done: count(status.done), total: count(status.total) });
  return (
    <p
      className={`presale__distribution presale__distribution--${status.kind}`}
      data-testid="distribution-status"
      data-state={status.kind}
      role="status"
    >
      {text}
    </p>
  );
}
