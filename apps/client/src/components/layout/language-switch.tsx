import gbFlag from '../../assets/flags/gb.svg';
import itFlag from '../../assets/flags/it.svg';
import { useI18n, type Language } from '../../lib/i18n/i18n';

const choices: { lang: Language; label: string; flag: string }[] = [
  { lang: 'en', label: 'EN', flag: gbFlag },
  { lang: 'it', label: 'IT', flag: itFlag },
];

/** EN / IT toggle; the choice is remembered by the i18n provider. */
export function LanguageSwitch() {
  const { language, setLanguage, t } = useI18n();
  return (
    <div className="lang-switch" role="group" aria-label={t('lang.label')}>
      {choices.map((choice) => (
        <button
          key={choice.lang}
          type="button"
          lang={choice.lang}
          className="lang-switch__option"
          aria-pressed={language === choice.lang}
          onClick={() => setLanguage(choice.lang)}
          data-testid={`lang-${choice.lang}`}
        >
          <img src={choice.flag} width={18} height={12} alt="" />
          <span>{choice.label}</span>
        </button>
      ))}
    </div>
  );
}
