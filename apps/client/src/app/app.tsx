import { useState } from 'react';
import { RouterProvider } from 'react-router';
import type { Messages } from '../lib/i18n/en';
import type { Language } from '../lib/i18n/i18n';
import { AppProvider } from './provider';
import { createAppRouter } from './router';

export function App({
  initialLanguage,
}: {
  initialLanguage?: { language: Language; messages: Messages };
}) {
  const [router] = useState(createAppRouter);
  return (
    <AppProvider {...(initialLanguage ? { initialLanguage } : {})}>
      <RouterProvider router={router} />
    </AppProvider>
  );
}
