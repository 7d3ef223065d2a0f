import { startTransition } from 'react';
import { createRoot, hydrateRoot } from 'react-dom/client';
import { App } from './app/app';
import { createAppRouter, routerReady } from './app/router';
import { en, type Messages } from './lib/i18n/en';
import { loadCatalogue, readStoredLanguage, type Language } from './lib/i18n/i18n';
import { dropOtherMarkup, shownMarkup } from './prerender/first-paint';
import './styles/global.css';
import './prerender/page-styles';

const root = document.getElementById('root');
if (!root) throw new Error('index.html is missing #root');

// Load the remembered language before the first paint so Italian visitors never see English.
const stored = readStoredLanguage(window.localStorage);
let initialLanguage: { language: Language; messages: Messages };
try {
  initialLanguage = { language: stored, messages: await loadCatalogue(stored) };
} catch (error) {
  console.warn('falling back to English', error);
  initialLanguage = { language: 'en', messages: en };
}

// No <StrictMode>: its development-only unmount/remount makes wallet-adapter-react's
// useStandardWalletAdapters destroy the Wallet Standard adapters it keeps using, so an account
// switched inside the wallet never reaches the page under `npm run dev` (production is
// unaffected). The browser tests prove the switch on the production build.
const router = createAppRouter();
const markup = shownMarkup(root, initialLanguage.language);
// The page's code (a lazy route's chunk, preloaded by the head script) must be in before React
// adopts its markup, which a fallback in its place would not match.
if (markup !== null) await routerReady(router);
if (markup !== null && shownMarkup(root, initialLanguage.language) === markup) {
  // The visitor already sees this page, rendered at build time from these same components:
  // React adopts that markup (hydration) instead of building and laying out the page a second
  // time, in a transition: in slices of a few milliseconds, yielding to the browser between
  // them. A mismatch would make React render the page from scratch: it is a bug, reported as
  // one. (Checked again after the wait: a click on one of the markup's links meanwhile leads
  // elsewhere, and that page starts from scratch below.)
  dropOtherMarkup(root, markup);
  startTransition(() => {
    hydrateRoot(markup, <App initialLanguage={initialLanguage} router={router} />, {
      onRecoverableError: (error) => console.error('page markup hydration failed', error),
    });
  });
} else {
  // A transition: React renders the first page in slices of a few milliseconds, yielding to
  // the browser between them, instead of one long task; a phone stays responsive meanwhile.
  // Whatever #root holds (the pages' markup, hidden or not) is replaced in the same commit.
  const reactRoot = createRoot(root);
  startTransition(() =>
    reactRoot.render(<App initialLanguage={initialLanguage} router={router} />),
  );
}
