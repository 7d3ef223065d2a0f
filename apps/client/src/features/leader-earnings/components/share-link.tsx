import { useState } from 'react';
import { CopyField } from '../../../components/ui/copy-field';
import { QrIcon } from '../../../components/ui/icons';
import { useI18n } from '../../../lib/i18n/i18n';
import { QrDialog } from './qr-dialog';

/**
 * A code's share links: the plain link to the leader page (Copy, and 'QR code' in a dialog)
 * and, when there is one, its Blink link (Copy), which a wallet that shows Blinks turns into
 * buy buttons on X, so buyers buy straight from the leader's post.
 */
export function ShareLink({
  code,
  link,
  blink,
}: {
  code: string;
  link: string;
  blink: string | null;
}) {
  const { t } = useI18n();
  const [showQr, setShowQr] = useState(false);

  return (
    <div className="earnings-share">
      <CopyField label={t('earnings.linkLabel')} value={link} testId="leader-link">
        <button
          type="button"
          className="btn btn-secondary btn-sm"
          onClick={() => setShowQr(true)}
          data-testid="leader-link-qr"
        >
          <QrIcon size={16} />
          {t('earnings.showQr')}
        </button>
      </CopyField>
      {blink === null ? null : (
        <CopyField
          label={t('share.blinkLabel')}
          value={blink}
          testId="leader-blink"
          hint={t('share.blinkHint')}
        />
      )}
      {showQr ? <QrDialog code={code} link={link} onClose={() => setShowQr(false)} /> : null}
    </div>
  );
}
