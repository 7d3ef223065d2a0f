import { Dialog } from '../../../components/ui/dialog';
import { useI18n } from '../../../lib/i18n/i18n';
import type { LeaderProblem } from '../lib/leader-problem';

/**
 * Asked before a leader-page purchase whose code is missing, unknown, suspended, without an
 * on-chain record or could not be checked:
 * the buyer may still buy (the buy goes through; the report may then fail and say so), or
 * cancel and ask the leader for the right link.
 */
export function LeaderConfirmDialog({
  problem,
  onBuy,
  onCancel,
}: {
  problem: LeaderProblem;
  onBuy: () => void;
  onCancel: () => void;
}) {
  const { t } = useI18n();
  const text = {
    missing: () => t('purchase.leaderConfirmMissing'),
    unknown: (code: string) => t('purchase.leaderConfirmUnknown', { code }),
    unavailable: (code: string) => t('purchase.leaderConfirmUnavailable', { code }),
    suspended: (code: string) => t('purchase.leaderConfirmSuspended', { code }),
    'no-record': (code: string) => t('purchase.leaderConfirmNoRecord', { code }),
  }[problem.kind]('code' in problem ? problem.code : '');
  return (
    <Dialog
      title={t('purchase.leaderConfirmTitle')}
      description={text}
      onClose={onCancel}
      actions={
        <>
          <button type="button" className="btn btn-secondary" onClick={onCancel}>
            {t('purchase.leaderConfirmCancel')}
          </button>
          <button
            type="button"
            className="btn btn-primary"
            onClick={onBuy}
            data-autofocus
            data-testid="leader-confirm-buy"
          >
            {t('purchase.leaderConfirmBuy')}
          </button>
        </>
      }
    >
      {null}
    </Dialog>
  );
}
