import { StrictMode } from 'react';
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

createRoot(root).render(
  <StrictMode>
    <App initialLanguage={initialLanguage} />
  </StrictMode>,
);
