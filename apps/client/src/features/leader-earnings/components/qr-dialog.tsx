import { useEffect, useRef, useState } from 'react';
import { Dialog } from '../../../components/ui/dialog';
import { useI18n } from '../../../lib/i18n/i18n';

/** Side of the drawn code in canvas pixels: twice its 240 CSS px, sharp on phone screens. */
const QR_PIXELS = 480;

/**
 * The leader link as a QR code, drawn on a canvas by the `qrcode` package, which is fetched
 * only when a leader opens this dialog (its own chunk).
 */
export function QrDialog({
  code,
  link,
  onClose,
}: {
  code: string;
  link: string;
  onClose: () => void;
}) {
  const { t } = useI18n();
  const canvas = useRef<HTMLCanvasElement>(null);
  const [state, setState] = useState<'drawing' | 'drawn' | 'failed'>('drawing');

  useEffect(() => {
    let live = true;
    import('qrcode')
      .then(async (qrcode) => {
        if (canvas.current === null) return;
        const target = canvas.current;
        await qrcode.toCanvas(target, link, {
          width: QR_PIXELS,
          margin: 2,
          errorCorrectionLevel: 'M',
          color: { dark: '#0b0e1fff', light: '#ffffffff' },
        });
        // The library sizes the element to its pixels; the stylesheet sizes it (240 px, or less).
        target.style.removeProperty('width');
        target.style.removeProperty('height');
        if (live) setState('drawn');
      })
      .catch((error: unknown) => {
        console.warn('QR code not drawn:', error);
        if (live) setState('failed');
      });
    return () => {
      live = false;
    };
  }, [link]);

  return (
    <Dialog
      title={t('earnings.qrTitle', { code })}
      description={t('earnings.qrText')}
      onClose={onClose}
      actions={
        <button type="button" className="btn btn-primary" onClick={onClose} data-autofocus>
          {t('purchase.close')}
        </button>
      }
    >
      <div className="earnings-qr" data-testid="leader-qr" data-state={state}>
        {state === 'failed' ? (
          <p className="earnings-qr__error" role="alert">
            {t('earnings.qrError')}
          </p>
        ) : (
          <canvas
            ref={canvas}
            className="earnings-qr__canvas"
            role="img"
            aria-label={t('earnings.qrAlt', { code })}
            width={QR_PIXELS}
            height={QR_PIXELS}
          />
        )}
        <p className="earnings-qr__link">{link}</p>
      </div>
    </Dialog>
  );
}
