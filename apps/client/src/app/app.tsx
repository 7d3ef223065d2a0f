import { useState } from 'react';
import { RouterProvider } from 'react-router';
import type { Messages } from '../lib/i18n/en';
import type { Language } from '../lib/i18n/i18n';
import { AppProvider } from './provider';
import { createAppRouter, type AppRouter } from './router';

export function App({
  initialLanguage,
  router: givenRouter,
}: {
  initialLanguage?: { language: Language; messages: Messages };
  /** A router made beforehand (main.tsx, to wait for the first route); else one of its own. */
  router?: AppRouter;
}) {
  const [router] = useState(() => givenRouter ?? createAppRouter());
  return (
    <AppProvider {...(initialLanguage ? { initialLanguage } : {})}>
      <RouterProvider router={router} />
    </AppProvider>
  );
}
