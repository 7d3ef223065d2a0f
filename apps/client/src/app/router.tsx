import { createHashRouter, type RouteObject } from 'react-router';
import { Layout } from '../components/layout/layout';
import { paths } from '../config/routes';
import { ErrorScreen } from './routes/error-screen';
import { HomeRoute } from './routes/home';

/**
 * Hash-history routes: a page is named after the `#` (`#/presale`, `#/leader?code=…`), so the
 * server serves one index.html for every page. Home ships in the entry chunk; every other page
 * is a lazy chunk, and the presale pages (the only ones with wallet code) load only when visited.
 */
export const routes: RouteObject[] = [
  {
    element: <Layout />,
    errorElement: <ErrorScreen />,
    // Shown only while the first route's lazy chunk loads on a deep link (e.g. #/presale).
    hydrateFallbackElement: <div className="page-fallback" aria-busy="true" />,
    children: [
      {
        errorElement: <ErrorScreen />,
        children: [
          { index: true, element: <HomeRoute /> },
          {
            path: paths.roadmap,
            lazy: () => import('./routes/roadmap').then((m) => ({ Component: m.RoadmapRoute })),
          },
          {
            path: paths.live,
            lazy: () => import('./routes/live').then((m) => ({ Component: m.LiveRoute })),
          },
          {
            path: paths.presale,
            lazy: () =>
              import('./routes/presale').then((m) => ({ Component: m.PublicPresaleRoute })),
          },
          {
            path: paths.leader,
            lazy: () =>
              import('./routes/presale').then((m) => ({ Component: m.LeaderPresaleRoute })),
          },
          {
            path: paths.leaderEarnings,
            lazy: () =>
              import('./routes/leader-earnings').then((m) => ({
                Component: m.LeaderEarningsRoute,
              })),
          },
          {
            path: paths.leaderboard,
            lazy: () =>
              import('./routes/leaderboard').then((m) => ({ Component: m.LeaderboardRoute })),
          },
          {
            path: paths.swap,
            lazy: () => import('./routes/swap').then((m) => ({ Component: m.SwapRoute })),
          },
          {
            path: paths.verify,
            lazy: () => import('./routes/verify').then((m) => ({ Component: m.VerifyRoute })),
          },
          {
            path: paths.mammamia,
            lazy: () => import('./routes/mammamia').then((m) => ({ Component: m.MammamiaRoute })),
          },
          {
            path: '*',
            lazy: () => import('./routes/catch-all').then((m) => ({ Component: m.CatchAllRoute })),
          },
        ],
      },
    ],
  },
];

export type AppRouter = ReturnType<typeof createHashRouter>;

export function createAppRouter(): AppRouter {
  return createHashRouter(routes);
}

/**
 * Resolves once the router has loaded the first route's lazy chunk (at once for home): React
 * can then adopt that page's build-time markup, which a fallback in its place would not match.
 */
export function routerReady(router: AppRouter): Promise<void> {
  if (router.state.initialized) return Promise.resolve();
  return new Promise((resolve) => {
    const unsubscribe = router.subscribe((state) => {
      if (!state.initialized) return;
      unsubscribe();
      resolve();
    });
  });
}
