import gbFlag from '../../assets/flags/gb.svg';
import itFlag from '../../assets/flags/it.svg';
import { links } from '../../config/links';
import { useI18n } from '../../lib/i18n/i18n';
import { Dialog } from '../ui/dialog';
import { ExternalIcon } from '../ui/icons';

/** 'Choose Language' dialog: each choice opens that whitepaper in a new tab and closes. */
export function WhitepaperDialog({ onClose }: { onClose: () => void }) {
  const { t } = useI18n();
  const options = [
    { label: t('whitepaper.english'), href: links.whitepaperEn, flag: gbFlag, lang: 'en' },
    { label: t('whitepaper.italian'), href: links.whitepaperIt, flag: itFlag, lang: 'it' },
  ];
  return (
    <Dialog title={t('whitepaper.title')} description={t('whitepaper.text')} onClose={onClose}>
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
