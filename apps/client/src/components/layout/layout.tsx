import { Suspense, useEffect, useRef } from 'react';
import { Outlet, useLocation } from 'react-router';
import { useI18n } from '../../lib/i18n/i18n';
import { WalletSlotProvider } from '../wallet/wallet-state';
import { Footer } from './footer';
import { TopBar } from './top-bar';

/** Page frame shared by every route: skip link, top bar, main landmark, footer. */
export function Layout() {
  const { t, language } = useI18n();
  const location = useLocation();
  const mounted = useRef(false);

  useEffect(() => {
    document.documentElement.lang = language;
  }, [language]);

  useEffect(() => {
    const anchor = (location.state as { anchor?: string } | null)?.anchor;
    if (anchor) {
      // Wait a frame so the target section is rendered before scrolling to it.
      requestAnimationFrame(() => document.getElementById(anchor)?.scrollIntoView());
    } else if (mounted.current) {
      window.scrollTo(0, 0);
    }
    // Not on the first render: the page opens at the top anyway, and a visitor who scrolled
    // home's build-time first paint (or a reload the browser restored) stays where they are.
    mounted.current = true;
  }, [location.pathname, location.state, location.key]);

  return (
    <WalletSlotProvider>
      <a
        className="skip-link"
        href="#main"
        onClick={(event) => {
          event.preventDefault();
          document.getElementById('main')?.focus();
        }}
      >
        {t('nav.skip')}
      </a>
      <TopBar />
      <main id="main" tabIndex={-1}>
        <Suspense fallback={<PageFallback />}>
          <Outlet />
          <RenderedMark />
        </Suspense>
      </main>
      <Footer />
    </WalletSlotProvider>
  );
}

function PageFallback() {
  return <div className="page-fallback" aria-busy="true" />;
}

/**
 * Sets `<html data-app="rendered">` once React has rendered (or, on home, adopted the build-time
 * markup of) the first route: from then on the page answers clicks. Browser tests wait for it.
 */
function RenderedMark() {
  useEffect(() => {
    document.documentElement.setAttribute('data-app', 'rendered');
  }, []);
  return null;
}
