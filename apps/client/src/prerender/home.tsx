import { renderToString } from 'react-dom/server';
import { createStaticHandler, createStaticRouter, StaticRouterProvider } from 'react-router';
import { AppProvider } from '../app/provider';
import { routes } from '../app/router';
import { en } from '../lib/i18n/en';

/**
 * The home page as the app renders it for an English visitor who has not connected anything
 * yet, rendered without a browser: the build (vite-prerender.ts) puts it in index.html for the
 * first paint. The app's own route table and providers, so it cannot drift from the page.
 */
export async function renderHome(): Promise<string> {
  const handler = createStaticHandler(routes);
  const context = await handler.query(new Request('http://prerender.invalid/'));
  if (context instanceof Response) throw new Error(`prerender: home answered ${context.status}`);
  const router = createStaticRouter(handler.dataRoutes, context);
  return renderToString(
    <AppProvider initialLanguage={{ language: 'en', messages: en }}>
      <StaticRouterProvider router={router} context={context} hydrate={false} />
    </AppProvider>,
  );
}
