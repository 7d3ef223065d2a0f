import { parseLeaderCodeFromUrl, type PresaleVariant } from '@fbt/domain';
import { useLocation } from 'react-router';
import { PresalePage } from '../../features/presale/components/presale-page';
import { QueryBoundary } from '../../lib/query-boundary';
import { DeferredPurchase } from './deferred-purchase';

/**
 * A presale page with the purchase box in its slot. The page itself carries no wallet code:
 * the box and its wallet context (web3.js, adapters, picker) are a lazy chunk loaded when the
 * box is wanted (`DeferredPurchase`), so the page paints first.
 */
function PresaleWithPurchase({ variant }: { variant: PresaleVariant }) {
  const location = useLocation();
  const leaderCode =
    variant === 'leader'
      ? parseLeaderCodeFromUrl(`${window.location.origin}/#${location.pathname}${location.search}`)
      : undefined;
  return (
    <PresalePage
      variant={variant}
      purchaseBox={<DeferredPurchase variant={variant} leaderCode={leaderCode} />}
    />
  );
}

/** Public presale (`presale`). */
export function PublicPresaleRoute() {
  return (
    <QueryBoundary>
      <PresaleWithPurchase variant="public" />
    </QueryBoundary>
  );
}

/** Private presale (the `{name}` route from the BFF config). */
export function PrivatePresaleRoute() {
  return (
    <QueryBoundary>
      <PresaleWithPurchase variant="private" />
    </QueryBoundary>
  );
}

/** Leader presale (`leader?code=…`). */
export function LeaderPresaleRoute() {
  return (
    <QueryBoundary>
      <PresaleWithPurchase variant="leader" />
    </QueryBoundary>
  );
}
