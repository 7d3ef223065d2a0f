import beastCalm from '../../../assets/art/beast-calm.svg';
import { ExternalIcon } from '../../../components/ui/icons';
import { useI18n } from '../../../lib/i18n/i18n';
import { useSiteContent } from '../../../lib/site-content';

/** 'Hold the Token': buy, hold, exchange; links to the marketplace (anchor id marketplace). */
export function HoldSection() {
  const { t } = useI18n();
  const { links } = useSiteContent();
  return (
    <section id="marketplace" className="section hold" aria-labelledby="hold-title">
      <div className="container hold__grid">
        <div className="hold__copy">
          <p className="eyebrow">{t('hold.eyebrow')}</p>
          <h2 id="hold-title" className="section-title">
            {t('hold.title')}
          </h2>
          <p className="lead">{t('hold.body')}</p>
          {links.marketplace !== undefined ? (
            <a
              className="btn btn-primary hold__cta"
              href={links.marketplace}
              target="_blank"
              rel="noopener noreferrer"
            >
              {t('hold.cta')}
              <ExternalIcon size={18} />
              <span className="visually-hidden"> {t('nav.newTab')}</span>
            </a>
          ) : null}
        </div>
        <div className="hold__art">
          <img src={beastCalm} width={400} height={400} alt={t('hero.imageAlt')} />
        </div>
      </div>
    </section>
  );
}
