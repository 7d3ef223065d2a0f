import { Link } from 'react-router';
import beastMutated from '../../assets/art/beast-mutated.svg';
import { Placeholder } from '../../components/ui/placeholder';
import { useI18n } from '../../lib/i18n/i18n';

/** Not-found page for any unknown hash route. */
export function NotFoundRoute() {
  const { t } = useI18n();
  return (
    <Placeholder
      titleId="not-found-title"
      testId="not-found"
      art={beastMutated}
      code={t('notFound.code')}
      title={t('notFound.title')}
      text={t('notFound.text')}
      actions={
        <>
          <Link to="/" className="btn btn-primary">
            {t('notFound.home')}
          </Link>
          <Link to="/presale" className="btn btn-secondary">
            {t('notFound.presale')}
          </Link>
        </>
      }
    />
  );
}
