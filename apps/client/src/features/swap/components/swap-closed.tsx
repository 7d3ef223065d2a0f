import { Link } from 'react-router';
import beastCalm from '../../../assets/art/beast-calm.svg';
import { Placeholder } from '../../../components/ui/placeholder';
import { paths } from '../../../config/routes';
import { useI18n } from '../../../lib/i18n/i18n';

/**
 * No exchange configured yet (`SWAP_API_URL` unset): the page says when trading opens and
 * where to go meanwhile, with no control that would do nothing.
 */
export function SwapClosed() {
  const { t } = useI18n();
  return (
    <Placeholder
      titleId="swap-closed-title"
      art={beastCalm}
      title={t('swap.closedTitle')}
      text={t('swap.closedText')}
      testId="swap-closed"
      actions={
        <>
          <Link to={paths.presale} className="btn btn-primary">
            {t('swap.closedPresale')}
          </Link>
          <Link to="/" className="btn btn-secondary">
            {t('wip.home')}
          </Link>
        </>
      }
    />
  );
}
