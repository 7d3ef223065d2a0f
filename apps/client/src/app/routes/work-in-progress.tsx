import { Link } from 'react-router';
import beastCalm from '../../assets/art/beast-calm.svg';
import { Placeholder } from '../../components/ui/placeholder';
import { useI18n } from '../../lib/i18n/i18n';

/** 'Work in Progress' placeholder (swap). */
export function WorkInProgressRoute() {
  const { t } = useI18n();
  return (
    <Placeholder
      titleId="wip-title"
      art={beastCalm}
      title={t('wip.title')}
      text={t('wip.text')}
      actions={
        <Link to="/" className="btn btn-secondary">
          {t('wip.home')}
        </Link>
      }
    />
  );
}
