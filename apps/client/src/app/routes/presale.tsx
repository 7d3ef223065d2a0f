import { QueryBoundary } from '../../lib/query-boundary';
import { PresalePage } from '../../features/presale/components/presale-page';

/** Public presale (`presale`). */
export function PublicPresaleRoute() {
  return (
    <QueryBoundary>
      <PresalePage variant="public" />
    </QueryBoundary>
  );
}

/** Private presale (the `{name}` route from the BFF config). */
export function PrivatePresaleRoute() {
  return (
    <QueryBoundary>
      <PresalePage variant="private" />
    </QueryBoundary>
  );
}

/** Leader presale (`leader?code=…`). */
export function LeaderPresaleRoute() {
  return (
    <QueryBoundary>
      <PresalePage variant="leader" />
    </QueryBoundary>
  );
}
