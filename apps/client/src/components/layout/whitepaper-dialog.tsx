import gbFlag from '../../assets/flags/gb.svg';
import itFlag from '../../assets/flags/it.svg';
import { useI18n } from '../../lib/i18n/i18n';
import { useSiteContent, type SiteContentState } from '../../lib/site-content';
import { Dialog } from '../ui/dialog';
import { ExternalIcon } from '../ui/icons';

/** Whether there is a whitepaper to offer (otherwise its buttons and menu entry are hidden). */
export function hasWhitepaper({ links }: Pick<SiteContentState, 'links'>): boolean {
  return links.whitepaperEn !== undefined || links.whitepaperIt !== undefined;
}

/**
 * 'Choose Language' dialog: each configured whitepaper opens in a new tab and closes the
 * dialog; sample documents are marked as such.
 */
export function WhitepaperDialog({ onClose }: { onClose: () => void }) {
  const { t } = useI18n();
  const { links, sample } = useSiteContent();
  const options = [
    { label: t('whitepaper.english'), href: links.whitepaperEn, flag: gbFlag, lang: 'en' },
    { label: t('whitepaper.italian'), href: links.whitepaperIt, flag: itFlag, lang: 'it' },
  ].filter((option) => option.href !== undefined);
  return (
    <Dialog title={t('whitepaper.title')} description={t('whitepaper.text')} onClose={onClose}>
      {sample ? (
        <p className="dialog__note" data-testid="whitepaper-sample-note">
          <span className="sample-tag">{t('content.sampleTag')}</span>
          {t('content.sampleDocuments')}
        </p>
      ) : null}
      <div className="dialog__options">
        {options.map((option) => (
          <a
            key={option.lang}
            className="dialog__option"
            href={option.href}
            target="_blank"
            rel="noopener noreferrer"
            hrefLang={option.lang}
            onClick={onClose}
          >
            <span className="dialog__option-icon">
              <img src={option.flag} width={24} height={16} alt="" />
            </span>
            <span lang={option.lang}>{option.label}</span>
            <span className="visually-hidden">{t('nav.newTab')}</span>
            <ExternalIcon className="dialog__option-end" size={18} />
          </a>
        ))}
      </div>
    </Dialog>
  );
}
