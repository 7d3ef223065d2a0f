import type { PresaleVariant } from '@fbt/domain';
import { lazy } from 'react';
import { PresalePage } from '../../features/presale/components/presale-page';
import { DeferredPurchase } from '../../features/purchase';
import { QueryBoundary } from '../../lib/query-boundary';
import { useLeaderCode } from '../../lib/use-leader-code';
import { loadPurchaseWallet } from './purchase-wallet-loader';

// Loaded in steps, so evaluating it is several short tasks instead of one long one.
const PurchaseWallet = lazy(() =>
  loadPurchaseWallet().then((module) => ({ default: module.PurchaseWallet })),
);

/**
 * A presale page with the purchase box in its slot. The page itself carries no wallet code:
 * the box renders at once, and its wallet context (web3.js, adapters, picker: `PurchaseWallet`)
 * is a lazy chunk loaded when the box is wanted (`DeferredPurchase`), so the page paints first.
 */
function PresaleWithPurchase({ variant }: { variant: PresaleVariant }) {
  const leaderCode = useLeaderCode(variant);
  return (
    <PresalePage
      variant={variant}
      purchaseBox={
        <DeferredPurchase variant={variant} leaderCode={leaderCode} walletSide={PurchaseWallet} />
      }
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
