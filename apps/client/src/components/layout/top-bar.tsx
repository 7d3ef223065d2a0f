import { useEffect, useId, useState } from 'react';
import { NavLink, useLocation, useNavigate } from 'react-router';
import logoMark from '../../assets/art/logo-mark.svg';
import { useI18n } from '../../lib/i18n/i18n';
import { usePrivateRouteName } from '../../lib/site-config';
import { useSiteContent } from '../../lib/site-content';
import { CloseIcon, ExternalIcon, MenuIcon } from '../ui/icons';
import { ConnectButton } from '../wallet/connect-button';
import { isConnectButtonVisible, isWidthDependent } from '../wallet/connect-visibility';
import { useRegisteredWallet } from '../wallet/wallet-state';
import { LanguageSwitch } from './language-switch';
import { navItems, type NavItem } from './nav-items';
import { hasWhitepaper, WhitepaperDialog } from './whitepaper-dialog';
import './top-bar.css';

/** One entry of the navigation: a route, a home-page anchor, an external link or the whitepaper. */
function NavEntry({
  item,
  href,
  onAnchor,
  onWhitepaper,
}: {
  readonly item: NavItem;
  /** The external link's address (external entries only). */
  readonly href: string | undefined;
  readonly onAnchor: (anchor: string) => void;
  readonly onWhitepaper: () => void;
}) {
  const { t } = useI18n();
  const label = t(item.label);
  switch (item.kind) {
    case 'route':
      return (
        <NavLink to={item.to} end className="nav__link" data-nav={item.id || 'home'}>
          {label}
        </NavLink>
      );
    case 'anchor':
      return (
        <a
          href={`#/`}
          className="nav__link"
          data-nav={item.id}
          onClick={(event) => {
            event.preventDefault();
            onAnchor(item.anchor);
          }}
        >
          {label}
        </a>
      );
    case 'external':
      return (
        <a
          href={href}
          className="nav__link"
          target="_blank"
          rel="noopener noreferrer"
          data-nav={item.id}
        >
          {label}
          <ExternalIcon size={14} className="nav__ext" />
          <span className="visually-hidden"> {t('nav.newTab')}</span>
        </a>
      );
    case 'whitepaper':
      return (
        <button
          type="button"
          className="nav__link nav__button"
          data-nav={item.id}
          aria-haspopup="dialog"
          onClick={onWhitepaper}
        >
          {label}
        </button>
      );
  }
}

/** The phone menu's open state: closed on every navigation and by Escape. */
function useMenuOpen(pathname: string) {
  const [menuOpen, setMenuOpen] = useState(false);
  useEffect(() => setMenuOpen(false), [pathname]);
  useEffect(() => {
    if (!menuOpen) return;
    const onKey = (event: KeyboardEvent) => {
      if (event.key === 'Escape') setMenuOpen(false);
    };
    window.addEventListener('keydown', onKey);
    return () => window.removeEventListener('keydown', onKey);
  }, [menuOpen]);
  return [menuOpen, setMenuOpen] as const;
}

/**
 * Sticky top bar: brand (full title, 'FBT' at <= 768 px), navigation, language switch and, on
 * presale routes, the wallet button. Below the menu breakpoint a menu icon opens the menu.
 */
export function TopBar() {
  const { t } = useI18n();
  const location = useLocation();
  const navigate = useNavigate();
  const wallet = useRegisteredWallet();
  const { name: privateRoute } = usePrivateRouteName();
  const [menuOpen, setMenuOpen] = useMenuOpen(location.pathname);
  const [whitepaperOpen, setWhitepaperOpen] = useState(false);
  const menuId = useId();

  // The menu collapses to the icon at 768 px; above, the full nav fits. Both are top-bar.css
  // media queries (shorter labels and spacing on the way down, a list that scrolls rather than
  // overlap), so markup rendered without a window looks the same at every width.
  // The leader pages' Connect button shows on a wide screen only (connect-visibility.ts): CSS
  // hides it below the menu breakpoint (top-bar.css), so the leader page's build-time markup
  // is right at every width and nothing moves when React adopts it on a phone.
  const showConnect = isConnectButtonVisible(location.pathname, privateRoute, false);
  const wideOnly = showConnect && isWidthDependent(location.pathname);
  const content = useSiteContent();
  const shownItems = navItems.filter((item) =>
    item.kind === 'external'
      ? content.links[item.link] !== undefined
      : item.kind !== 'whitepaper' || hasWhitepaper(content),
  );
  const onAnchor = (anchor: string) => {
    setMenuOpen(false);
    void navigate('/', { state: { anchor } });
  };
  const onWhitepaper = () => {
    setMenuOpen(false);
    setWhitepaperOpen(true);
  };

  return (
    <header
      className={`top-bar${showConnect ? ' top-bar--wallet' : ''}${wideOnly ? ' top-bar--wallet-wide-only' : ''}`}
    >
      <div className="top-bar__inner">
        <NavLink to="/" className="brand" aria-label={t('brand.homeLabel')}>
          <img src={logoMark} width={40} height={40} alt="" className="brand__logo" />
          <span className="brand__full" data-testid="brand-full">
            {t('brand.full')}
          </span>
          <span className="brand__short" data-testid="brand-short">
            {t('brand.short')}
          </span>
        </NavLink>

        <nav
          aria-label={t('nav.label')}
          className={`nav${menuOpen ? ' nav--open' : ''}`}
          id={menuId}
        >
          <ul className="nav__list">
            {shownItems.map((item) => (
              <li key={item.id || 'home'}>
                <NavEntry
                  item={item}
                  href={item.kind === 'external' ? content.links[item.link] : undefined}
                  onAnchor={onAnchor}
                  onWhitepaper={onWhitepaper}
                />
              </li>
            ))}
          </ul>
          <div className="nav__mobile-extra">
            <LanguageSwitch />
          </div>
        </nav>

        <div className="top-bar__actions">
          <div className="top-bar__lang">
            <LanguageSwitch />
          </div>
          {showConnect ? <ConnectButton wallet={wallet} /> : null}
          <button
            type="button"
            className="menu-toggle"
            aria-expanded={menuOpen}
            aria-controls={menuId}
            aria-label={menuOpen ? t('nav.closeMenu') : t('nav.openMenu')}
            onClick={() => setMenuOpen((open) => !open)}
            data-testid="menu-toggle"
          >
            {menuOpen ? <CloseIcon /> : <MenuIcon />}
          </button>
        </div>
      </div>
      {whitepaperOpen ? <WhitepaperDialog onClose={() => setWhitepaperOpen(false)} /> : null}
    </header>
  );
}
