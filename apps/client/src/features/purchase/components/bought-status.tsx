import { useI18n } from '../../../lib/i18n/i18n';
import { boughtRetryDelayMs } from '../api/bought-retry';

/**
 * What the purchase box says while it cannot know what the connected wallet already bought
 * (Send waits for it: the limits depend on it): reading it, or that the read failed and when it
 * is tried again, with a button to try at once. Nothing once it is known.
 */
export function BoughtStatus({
  failureCount,
  hasData,
  onRetry,
}: {
  failureCount: number;
  hasData: boolean;
  onRetry: () => void;
}) {
  const { t } = useI18n();
  if (hasData) return null;
  if (failureCount === 0) {
    return (
      <p className="purchase__note" role="status" data-testid="bought-status">
        {t('purchase.boughtLoading')}
      </p>
    );
  }
  const seconds = Math.round(boughtRetryDelayMs(failureCount) / 1000);
  return (
    <p className="purchase__note purchase__note--warn" role="status" data-testid="bought-status">
      {t('purchase.boughtRetrying', { seconds })}{' '}
      <button
        type="button"
        className="purchase__retry"
        onClick={onRetry}
        data-testid="bought-retry"
      >
        {t('purchase.boughtRetryNow')}
      </button>
    </p>
  );
}
