import type { ReactNode } from 'react';
import type { Messages } from '../lib/i18n/en';
import { I18nProvider, type Language } from '../lib/i18n/i18n';

/**
 * App-wide providers. TanStack Query is deliberately not here: it is provided by
 * `QueryBoundary` in the lazily loaded data pages, which keeps it out of the home route's
 * initial JavaScript (see `bench/client-bundle.ts`).
 */
export function AppProvider({
  children,
  initialLanguage,
}: {
  children: ReactNode;
  initialLanguage?: { language: Language; messages: Messages };
}) {
  return (
    <I18nProvider {...(initialLanguage ? { initial: initialLanguage } : {})}>
      {children}
    </I18nProvider>
  );
}
