import { prerender } from 'react-dom/static';
import { createStaticHandler, createStaticRouter, StaticRouterProvider } from 'react-router';
import { AppProvider } from '../app/provider';
import { routes } from '../app/router';
import { en } from '../lib/i18n/en';
import { PRERENDERED_PAGES, type PrerenderedPage } from './markup';

/**
 * A page as the app renders it for an English visitor who has not connected anything yet and
 * whose data has not arrived, rendered without a browser: the build (vite-prerender.ts) puts
 * it in index.html for the first paint. The app's own route table and providers, so it cannot
 * drift from the page; a lazy route is loaded by the static handler as the browser's router
 * loads it before React adopts the markup (main.tsx).
 */
export async function renderPage(page: PrerenderedPage): Promise<string> {
  const handler = createStaticHandler(routes);
  const context = await handler.query(
    new Request(`http://prerender.invalid${PRERENDERED_PAGES[page]}`),
  );
  if (context instanceof Response) throw new Error(`prerender: ${page} answered ${context.status}`);
  const router = createStaticRouter(handler.dataRoutes, context);
  // Whole boundaries in place: by default React moves a large Suspense boundary's content (the
  // presale page, inside the layout's) to the end of the stream, behind its fallback, with an
  // inline script to swap it in, which the CSP would refuse and the first paint would miss.
  const { prelude } = await prerender(
    <AppProvider initialLanguage={{ language: 'en', messages: en }}>
      <StaticRouterProvider router={router} context={context} hydrate={false} />
    </AppProvider>,
    { progressiveChunkSize: Number.POSITIVE_INFINITY },
  );
  return new Response(prelude).text();
}
