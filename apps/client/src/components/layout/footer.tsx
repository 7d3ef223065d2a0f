import type { SiteLinkName } from '@fbt/domain';
import logoMark from '../../assets/art/logo-mark.svg';
import solanaLogo from '../../assets/art/solana-logo.svg';
import { ownLinks } from '../../config/links';
import type { MessageKey } from '../../lib/i18n/en';
import { useI18n } from '../../lib/i18n/i18n';
import { useSiteContent } from '../../lib/site-content';
import { ShieldIcon, TelegramIcon, XIcon } from '../ui/icons';
import { SmartLink } from '../ui/smart-link';
import './footer.css';

interface FooterGroup {
  title: MessageKey;
  links: { name: MessageKey; link: SiteLinkName }[];
}

/**
 * Footer columns: links follow the mail / hash / new-tab rules of SmartLink.
 * Each points at an operator-configured link; an unconfigured link is left out, and a column
 * with none is not shown.
 */
const groups: FooterGroup[] = [
  {
    title: 'footer.usefulLinks',
    links: [
      { name: 'footer.whitepaperEn', link: 'whitepaperEn' },
      { name: 'footer.whitepaperIt', link: 'whitepaperIt' },
      { name: 'footer.howItWorks', link: 'whitepaperEn' },
      { name: 'footer.terms', link: 'terms' },
    ],
  },
  {
    title: 'footer.community',
    links: [
      { name: 'footer.telegram', link: 'telegram' },
      { name: 'footer.x', link: 'x' },
    ],
  },
  {
    title: 'footer.partner',
    links: [{ name: 'footer.becomePartner', link: 'partnerMail' }],
  },
];

const socials = [
  { id: 'x', label: 'X (Twitter)', link: 'x', Icon: XIcon },
  { id: 'telegram', label: 'Telegram', link: 'telegram', Icon: TelegramIcon },
] as const;

export function Footer() {
  const { t } = useI18n();
  const { links, sample, auditFirm } = useSiteContent();
  const shownSocials = socials.filter((social) => links[social.link] !== undefined);
  const shownGroups = groups
    .map((group) => ({ ...group, links: group.links.filter((item) => links[item.link]) }))
    .filter((group) => group.links.length > 0);
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
            {shownSocials.length > 0 ? (
              <ul className="footer__socials" aria-label={t('footer.social')}>
                {shownSocials.map(({ id, label, link, Icon }) => (
                  <li key={id}>
                    <SmartLink
                      href={links[link] ?? ''}
                      className="footer__social"
                      aria-label={label}
                    >
                      <Icon size={20} />
                    </SmartLink>
                  </li>
                ))}
              </ul>
            ) : null}
          </div>
          {shownGroups.map((group) => (
            <nav key={group.title} className="footer__group" aria-label={t(group.title)}>
              <h2 className="footer__heading">{t(group.title)}</h2>
              <ul>
                {group.links.map((item) => (
                  <li key={item.name}>
                    <SmartLink href={links[item.link] ?? ''} className="footer__link">
                      {t(item.name)}
                    </SmartLink>
                  </li>
                ))}
              </ul>
            </nav>
          ))}
        </div>

        {sample ? (
          <p className="footer__sample" role="note" data-testid="sample-content-note">
            <span className="sample-tag">{t('content.sampleTag')}</span>
            {t('content.sampleNote')}
          </p>
        ) : null}

        <div className="footer__badges">
          <a
            className="footer__badge"
            href={ownLinks.solana}
            target="_blank"
            rel="noopener noreferrer"
          >
            <span className="footer__badge-label">{t('footer.poweredBy')}</span>
            <img src={solanaLogo} width={150} height={28} alt="Solana" />
            <span className="visually-hidden"> {t('nav.newTab')}</span>
          </a>
          {auditFirm !== null && links.auditReport !== undefined ? (
            <a
              className="footer__badge footer__badge--audit"
              href={links.auditReport}
              target="_blank"
              rel="noopener noreferrer"
              data-testid="audit-link"
            >
              <ShieldIcon size={22} className="footer__badge-icon" />
              <span className="footer__badge-label">{t('footer.auditedBy')}</span>
              <span className="footer__badge-firm">{auditFirm}</span>
              <span className="visually-hidden">
                {' '}
                — {t('footer.auditLabel')} {t('nav.newTab')}
              </span>
            </a>
          ) : null}
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
