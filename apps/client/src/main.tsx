import { createRoot } from 'react-dom/client';
import { App } from './app/app';
import { en, type Messages } from './lib/i18n/en';
import { loadCatalogue, readStoredLanguage, type Language } from './lib/i18n/i18n';
import './styles/global.css';

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
createRoot(root).render(<App initialLanguage={initialLanguage} />);
