import { useId } from 'react';
import { CopyField } from '../../../components/ui/copy-field';
import { useI18n } from '../../../lib/i18n/i18n';
import { leaderBlinkLink, leaderLink } from '../../../lib/leader-link';
import { useLeaderCodeCheck } from '../api/leader-api';
import './purchase.css';

/**
 * The leader page's share area: the page's link and its Blink link, each with Copy. Shown only
 * once `GET /api/v1/leaders/:code` names the code's active on-chain record, the one case where
 * the Blink (which buys through that record) offers buy buttons and a shared link earns its
 * leader the commission; it shares the purchase box's check (same query).
 */
export function LeaderShare({ code }: { code: string }) {
  const { t } = useI18n();
  const titleId = useId();
  const check = useLeaderCodeCheck(code).data;
  if (check?.status !== 'known' || check.record === undefined || check.active === false) {
    return null;
  }
  const blink = leaderBlinkLink(window.location.origin, code);
  return (
    <section className="leader-share card" aria-labelledby={titleId} data-testid="leader-share">
      <h2 id={titleId} className="leader-share__title">
        {t('share.title')}
      </h2>
      <CopyField
        label={t('share.pageLink')}
        value={leaderLink(window.location.href, code)}
        testId="leader-link"
      />
      {blink === null ? null : (
        <CopyField
          label={t('share.blinkLabel')}
          value={blink}
          testId="leader-blink"
          hint={t('share.blinkHint')}
        />
      )}
    </section>
  );
}
