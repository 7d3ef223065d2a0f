import auditLogo from '../../assets/art/audit-logo.svg';
import logoMark from '../../assets/art/logo-mark.svg';
import solanaLogo from '../../assets/art/solana-logo.svg';
import { links } from '../../config/links';
import type { MessageKey } from '../../lib/i18n/en';
import { useI18n } from '../../lib/i18n/i18n';
import { TelegramIcon, XIcon } from '../ui/icons';
import { SmartLink } from '../ui/smart-link';
import './footer.css';

interface FooterGroup {
  title: MessageKey;
  links: { name: MessageKey; link: string }[];
}

/** Footer columns (spec §2 Home): links follow the mail / hash / new-tab rules of SmartLink. */
const groups: FooterGroup[] = [
  {
    title: 'footer.usefulLinks',
    links: [
      { name: 'footer.whitepaperEn', link: links.whitepaperEn },
      { name: 'footer.whitepaperIt', link: links.whitepaperIt },
      { name: 'footer.howItWorks', link: links.whitepaperEn },
      { name: 'footer.terms', link: links.terms },
    ],
  },
  {
    title: 'footer.community',
    links: [
      { name: 'footer.telegram', link: links.telegram },
      { name: 'footer.x', link: links.x },
    ],
  },
  {
    title: 'footer.partner',
    links: [
      { name: 'footer.becomePartner', link: '#/mammamia' },
      { name: 'footer.contact', link: links.partnerMail },
    ],
  },
];

const socials = [
  { id: 'x', label: 'X (Twitter)', link: links.x, Icon: XIcon },
  { id: 'telegram', label: 'Telegram', link: links.telegram, Icon: TelegramIcon },
];

export function Footer() {
  const { t } = useI18n();
  return (
    <footer className="footer">
      <div className="container">
        <div className="footer__top">
          <div className="footer__brand">
            <div className="footer__logo">
              <img src={logoMark} width={44} height={44} alt="" />
              <span>{t('brand.full')}</span>
            </div>
            <p className="footer__tagline">{t('footer.tagline')}</p>
            <ul className="footer__socials" aria-label={t('footer.social')}>
              {socials.map(({ id, label, link, Icon }) => (
                <li key={id}>
                  <SmartLink href={link} className="footer__social" aria-label={label}>
                    <Icon size={20} />
                  </SmartLink>
                </li>
              ))}
            </ul>
          </div>
          {groups.map((group) => (
            <nav key={group.title} className="footer__group" aria-label={t(group.title)}>
              <h2 className="footer__heading">{t(group.title)}</h2>
              <ul>
                {group.links.map((item) => (
                  <li key={item.name}>
                    <SmartLink href={item.link} className="footer__link">
                      {t(item.name)}
                    </SmartLink>
                  </li>
                ))}
              </ul>
            </nav>
          ))}
        </div>

        <div className="footer__badges">
          <a
            className="footer__badge"
            href={links.solana}
            target="_blank"
            rel="noopener noreferrer"
          >
            <span className="footer__badge-label">{t('footer.poweredBy')}</span>
            <img src={solanaLogo} width={150} height={28} alt="Solana" />
            <span className="visually-hidden"> {t('nav.newTab')}</span>
          </a>
          <a
            className="footer__badge"
            href={links.auditReport}
            target="_blank"
            rel="noopener noreferrer"
            data-testid="audit-link"
          >
            <span className="footer__badge-label">{t('footer.auditedBy')}</span>
            <img
              src={auditLogo}
              width={180}
              height={48}
              alt={`BeastGuard — ${t('footer.auditLabel')}`}
            />
            <span className="visually-hidden"> {t('nav.newTab')}</span>
          </a>
        </div>

        <section className="footer__disclaimer" aria-labelledby="risk-disclaimer">
          <h2 id="risk-disclaimer">{t('footer.disclaimerTitle')}</h2>
          <p>{t('footer.disclaimer')}</p>
        </section>

        <p className="footer__copyright">{t('footer.copyright')}</p>
      </div>
    </footer>
  );
}
