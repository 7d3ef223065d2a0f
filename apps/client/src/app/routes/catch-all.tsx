import { lazy } from 'react';
import { useLocation } from 'react-router';
import { usePrivateRouteName } from '../../lib/site-config';
import { NotFoundRoute } from './not-found';

const PrivatePresaleRoute = lazy(() =>
  import('./presale').then((m) => ({ default: m.PrivatePresaleRoute })),
);

/**
 * Any path that is not a fixed route: the private presale when it matches the configured
 * name (from `/api/v1/config`), otherwise the not-found page.
 */
export function CatchAllRoute() {
  const location = useLocation();
  const { name, isPending } = usePrivateRouteName();
  const segment = location.pathname.replace(/^\/+/, '').replace(/\/+$/, '');
  if (isPending) return <div className="page-fallback" aria-busy="true" />;
  return segment === name ? <PrivatePresaleRoute /> : <NotFoundRoute />;
}
