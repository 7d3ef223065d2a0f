import { RouterProvider } from 'react-router';
import type { Messages } from '../lib/i18n/en';
import type { Language } from '../lib/i18n/i18n';
import { AppProvider } from './provider';
import type { AppRouter } from './router';

export function App({
  initialLanguage,
  router,
}: {
  initialLanguage?: { language: Language; messages: Messages };
  /** Made by main.tsx, which waits for the first route's code before adopting its markup. */
  router: AppRouter;
}) {
  return (
    <AppProvider {...(initialLanguage ? { initialLanguage } : {})}>
      <RouterProvider router={router} />
    </AppProvider>
  );
}
