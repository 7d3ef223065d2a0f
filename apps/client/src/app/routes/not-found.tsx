import { Link } from 'react-router';
import beastMutated from '../../assets/art/beast-mutated.svg';
import { useI18n } from '../../lib/i18n/i18n';
import '../../components/ui/placeholder.css';

/** Not-found page for any unknown hash route. */
export function NotFoundRoute() {
  const { t } = useI18n();
  return (
    <section className="placeholder" aria-labelledby="not-found-title" data-testid="not-found">
      <img className="placeholder__art" src={beastMutated} width={400} height={400} alt="" />
      <p className="placeholder__code gradient-text" aria-hidden="true">
        {t('notFound.code')}
      </p>
      <h1 id="not-found-title" className="placeholder__title">
        {t('notFound.title')}
      </h1>
      <p className="placeholder__text">{t('notFound.text')}</p>
      <div className="placeholder__actions">
        <Link to="/" className="btn btn-primary">
          {t('notFound.home')}
        </Link>
        <Link to="/presale" className="btn btn-secondary">
          {t('notFound.presale')}
        </Link>
      </div>
    </section>
  );
}
