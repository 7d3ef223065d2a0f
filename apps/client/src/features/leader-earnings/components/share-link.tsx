import { useEffect, useId, useRef, useState } from 'react';
import { CopyIcon, QrIcon } from '../../../components/ui/icons';
import { useI18n } from '../../../lib/i18n/i18n';
import { QrDialog } from './qr-dialog';

/** How long 'Link copied' stays on the button. */
const COPIED_MS = 2_500;

/**
 * A code's share link: the link itself (selectable, in case copying is not allowed), 'Copy
 * link' (the clipboard, then 'Link copied' for a moment) and 'QR code' (a dialog).
 */
export function ShareLink({ code, link }: { code: string; link: string }) {
  const { t } = useI18n();
  const inputId = useId();
  const input = useRef<HTMLInputElement>(null);
  const [copy, setCopy] = useState<'idle' | 'copied' | 'failed'>('idle');
  const [showQr, setShowQr] = useState(false);

  useEffect(() => {
    if (copy !== 'copied') return;
    const timer = setTimeout(() => setCopy('idle'), COPIED_MS);
    return () => clearTimeout(timer);
  }, [copy]);

  const onCopy = () => {
    const clipboard = navigator.clipboard as Clipboard | undefined;
    if (clipboard === undefined) {
      input.current?.select();
      setCopy('failed');
      return;
    }
    clipboard.writeText(link).then(
      () => setCopy('copied'),
      () => {
        input.current?.select();
        setCopy('failed');
      },
    );
  };

  return (
    <div className="earnings-share">
      <label className="earnings-share__label" htmlFor={inputId}>
        {t('earnings.linkLabel')}
      </label>
      <div className="earnings-share__row">
        <input
          ref={input}
          id={inputId}
          className="earnings-share__link"
          type="text"
          readOnly
          value={link}
          onFocus={(event) => event.target.select()}
          data-testid="leader-link"
        />
        <div className="earnings-share__actions">
          <button
            type="button"
            className="btn btn-secondary btn-sm"
            onClick={onCopy}
            data-testid="leader-link-copy"
          >
            <CopyIcon size={16} />
            <span aria-live="polite">
              {copy === 'copied' ? t('earnings.copied') : t('earnings.copy')}
            </span>
          </button>
          <button
            type="button"
            className="btn btn-secondary btn-sm"
            onClick={() => setShowQr(true)}
            data-testid="leader-link-qr"
          >
            <QrIcon size={16} />
            {t('earnings.showQr')}
          </button>
        </div>
      </div>
      {copy === 'failed' ? (
        <p className="earnings-share__note" role="status">
          {t('earnings.copyFailed')}
        </p>
      ) : null}
      {showQr ? <QrDialog code={code} link={link} onClose={() => setShowQr(false)} /> : null}
    </div>
  );
}
