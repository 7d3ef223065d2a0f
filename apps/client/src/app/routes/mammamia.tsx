import { Link } from 'react-router';
import beastMutated from '../../assets/art/beast-mutated.svg';
import { ExternalIcon } from '../../components/ui/icons';
import { Placeholder } from '../../components/ui/placeholder';
import { useI18n } from '../../lib/i18n/i18n';
import { useSiteContent } from '../../lib/site-content';

/** 'Mamma Mia!' placeholder with 'First Step' (external) and 'Second Step' (dimmed). */
export function MammamiaRoute() {
  const { t } = useI18n();
  const { links } = useSiteContent();
  return (
    <Placeholder
      titleId="mammamia-title"
      art={beastMutated}
      title={t('mammamia.title')}
      text={t('mammamia.text')}
      actions={
        <>
          {links.mammamiaFirstStep !== undefined ? (
            <a
              className="btn btn-primary"
              href={links.mammamiaFirstStep}
              target="_blank"
              rel="noopener noreferrer"
              data-testid="first-step"
            >
              {t('mammamia.first')}
              <ExternalIcon size={18} />
              <span className="visually-hidden"> {t('nav.newTab')}</span>
            </a>
          ) : null}
          <Link to="/mammamia" className="btn btn-secondary btn--dimmed" data-testid="second-step">
            {t('mammamia.second')}
          </Link>
        </>
      }
    />
  );
}
