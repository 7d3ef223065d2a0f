import { Link } from 'react-router';
import beastMutated from '../../assets/art/beast-mutated.svg';
import { ExternalIcon } from '../../components/ui/icons';
import { links } from '../../config/links';
import { useI18n } from '../../lib/i18n/i18n';
import '../../components/ui/placeholder.css';

/** 'Mamma Mia!' placeholder with 'First Step' (external) and 'Second Step' (dimmed). */
export function MammamiaRoute() {
  const { t } = useI18n();
  return (
    <section className="placeholder" aria-labelledby="mammamia-title">
      <img className="placeholder__art" src={beastMutated} width={400} height={400} alt="" />
      <h1 id="mammamia-title" className="placeholder__title">
        {t('mammamia.title')}
      </h1>
      <p className="placeholder__text">{t('mammamia.text')}</p>
      <div className="placeholder__actions">
        <a
          className="btn btn-primary"
          href={links.mammamiaFirstStep}
          target="_blank"
          rel="noopener noreferrer"
        >
          {t('mammamia.first')}
          <ExternalIcon size={18} />
          <span className="visually-hidden"> {t('nav.newTab')}</span>
        </a>
        <Link to="/mammamia" className="btn btn-secondary btn--dimmed" data-testid="second-step">
          {t('mammamia.second')}
        </Link>
      </div>
    </section>
  );
}
