import { Link } from 'react-router';
import beastCalm from '../../assets/art/beast-calm.svg';
import { useI18n } from '../../lib/i18n/i18n';
import '../../components/ui/placeholder.css';

/** 'Work in Progress' placeholder (swap). */
export function WorkInProgressRoute() {
  const { t } = useI18n();
  return (
    <section className="placeholder" aria-labelledby="wip-title">
      <img className="placeholder__art" src={beastCalm} width={400} height={400} alt="" />
      <h1 id="wip-title" className="placeholder__title">
        {t('wip.title')}
      </h1>
      <p className="placeholder__text">{t('wip.text')}</p>
      <div className="placeholder__actions">
        <Link to="/" className="btn btn-secondary">
          {t('wip.home')}
        </Link>
      </div>
    </section>
  );
}
