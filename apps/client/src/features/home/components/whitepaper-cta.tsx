import { useState } from 'react';
import { Link } from 'react-router';
import { hasWhitepaper, WhitepaperDialog } from '../../../components/layout/whitepaper-dialog';
import { DocumentIcon, MegaphoneIcon } from '../../../components/ui/icons';
import { useI18n } from '../../../lib/i18n/i18n';
import { useSiteContent } from '../../../lib/site-content';

/** 'Read Whitepaper' call to action: read it, then join the contests for the airdrop. */
export function WhitepaperCta() {
  const { t } = useI18n();
  const [open, setOpen] = useState(false);
  const content = useSiteContent();
  return (
    <section id="whitepaper" className="section cta" aria-labelledby="cta-title">
      <div className="container">
        <div className="cta__panel">
          <span className="cta__icon" aria-hidden="true">
            <MegaphoneIcon size={30} />
          </span>
          <div className="cta__copy">
            <h2 id="cta-title" className="section-title">
              {t('cta.title')}
            </h2>
            <p className="lead">{t('cta.body')}</p>
          </div>
          <div className="cta__actions">
            {hasWhitepaper(content) ? (
              <button
                type="button"
                className="btn btn-primary"
                onClick={() => setOpen(true)}
                aria-haspopup="dialog"
              >
                <DocumentIcon size={18} />
                {t('cta.read')}
              </button>
            ) : null}
            <Link
              to="/presale"
              className={`btn ${hasWhitepaper(content) ? 'btn-secondary' : 'btn-primary'}`}
            >
              {t('cta.presale')}
            </Link>
          </div>
        </div>
      </div>
      {open ? <WhitepaperDialog onClose={() => setOpen(false)} /> : null}
    </section>
  );
}
