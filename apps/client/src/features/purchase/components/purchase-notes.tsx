import type { Translate } from '../../../lib/i18n/i18n';
import { useI18n } from '../../../lib/i18n/i18n';
import type { AllowlistStanding } from '../api/allowlist-proof';
import type { Buyer } from '../hooks/use-buyer';
import type { LeaderProblem } from '../lib/leader-problem';
import { BoughtStatus } from './bought-status';

/** The leader page's problem with its code, as the box says it (before Send). */
export function leaderProblemText(t: Translate, problem: LeaderProblem): string {
  switch (problem.kind) {
    case 'missing':
      return t('purchase.leaderMissing');
    case 'unknown':
      return t('purchase.leaderUnknown', { code: problem.code });
    case 'unavailable':
      return t('purchase.leaderUnavailable');
    case 'suspended':
      return t('purchase.leaderSuspended', { code: problem.code });
    case 'no-record':
      return t('purchase.leaderNoRecord', { code: problem.code });
  }
}

/**
 * What the leader page says about its code: the problem (never blocking: 'You can still buy
 * now.'), that it is being checked, or that the program pays its leader 10% of this purchase.
 */
export function LeaderNote({
  problem,
  checking,
  payingCode,
}: {
  problem: LeaderProblem | null;
  checking: boolean;
  /** The active registered code this purchase pays, once known. */
  payingCode: string | null;
}) {
  const { t } = useI18n();
  if (problem !== null) {
    return (
      <p className="purchase__note purchase__note--warn" role="alert" data-testid="leader-problem">
        {leaderProblemText(t, problem)} {t('purchase.leaderProceed')}
      </p>
    );
  }
  if (checking) return <p className="purchase__note">{t('purchase.leaderChecking')}</p>;
  if (payingCode !== null) {
    return (
      <p className="purchase__note purchase__note--ok" data-testid="leader-pays">
        {t('purchase.leaderPays', { code: payingCode })}
      </p>
    );
  }
  return null;
}

/**
 * On an allowlisted presale: that only listed wallets may buy (before connecting), then
 * whether the connected wallet is on the list, said before Send (which waits for a yes).
 */
export function AllowlistNote({
  connected,
  standing,
  failed,
}: {
  connected: boolean;
  standing: AllowlistStanding | undefined;
  /** The list could not be read (retrying). */
  failed: boolean;
}) {
  const { t } = useI18n();
  const [state, text, tone] = !connected
    ? (['only', t('allowlist.only'), ''] as const)
    : standing?.listed === true
      ? (['listed', t('allowlist.listed'), ' purchase__note--ok'] as const)
      : standing?.listed === false
        ? (['not-listed', t('allowlist.notListed'), ' purchase__note--warn'] as const)
        : failed
          ? (['unavailable', t('allowlist.unavailable'), ' purchase__note--warn'] as const)
          : (['checking', t('allowlist.checking'), ''] as const);
  return (
    <p
      className={`purchase__note${tone}`}
      role={state === 'not-listed' ? 'alert' : 'status'}
      data-testid="allowlist-status"
      data-state={state}
    >
      {text}
    </p>
  );
}

/**
 * Under the Send button: that the presale is paused, what the box says while the connected
 * wallet's bought total is unknown (with a retry), and that the presale could not be read.
 */
export function PurchaseFootnotes({
  inactive,
  buyer,
  loadFailed,
}: {
  inactive: boolean;
  buyer: Buyer;
  loadFailed: boolean;
}) {
  const { t } = useI18n();
  const { bought } = buyer;
  return (
    <>
      {inactive ? <p className="purchase__note">{t('purchase.inactive')}</p> : null}
      {buyer.address !== null ? (
        <BoughtStatus
          failureCount={bought.failureCount}
          hasData={bought.data !== undefined}
          onRetry={() => void bought.refetch()}
        />
      ) : null}
      {loadFailed ? (
        <p className="purchase__note purchase__note--warn" role="alert">
          {t('purchase.loadError')}
        </p>
      ) : null}
    </>
  );
}
