// The Buffer shim must run before any Solana module is evaluated (DESIGN.md §8).
import '../../features/wallet/lib/buffer-shim';
import { parseLeaderCodeFromUrl, type PresaleVariant } from '@fbt/domain';
import { useLocation } from 'react-router';
import { PresalePage } from '../../features/presale/components/presale-page';
import { PurchaseBox, useSiteConfig } from '../../features/purchase';
import { WalletFeatureProvider } from '../../features/wallet';
import { QueryBoundary } from '../../lib/query-boundary';

/**
 * A presale page with the wallet context (Connection to the BFF's `/rpc`, adapters, picker)
 * and the purchase box in its slot. This module is the only one that loads wallet and web3.js
 * code, and it is lazily imported by the presale routes only.
 */
function PresaleWithWallet({ variant }: { variant: PresaleVariant }) {
  const config = useSiteConfig();
  const location = useLocation();
  const leaderCode =
    variant === 'leader'
      ? parseLeaderCodeFromUrl(`${window.location.origin}/#${location.pathname}${location.search}`)
      : undefined;
  return (
    <WalletFeatureProvider
      rpcPath={config.data?.rpcPath ?? '/rpc'}
      cluster={config.data?.cluster ?? null}
    >
      <PresalePage
        variant={variant}
        purchaseBox={<PurchaseBox variant={variant} leaderCode={leaderCode} />}
      />
    </WalletFeatureProvider>
  );
}

/** Public presale (`presale`). */
export function PublicPresaleRoute() {
  return (
    <QueryBoundary>
      <PresaleWithWallet variant="public" />
    </QueryBoundary>
  );
}

/** Private presale (the `{name}` route from the BFF config). */
export function PrivatePresaleRoute() {
  return (
    <QueryBoundary>
      <PresaleWithWallet variant="private" />
    </QueryBoundary>
  );
}

/** Leader presale (`leader?code=…`). */
export function LeaderPresaleRoute() {
  return (
    <QueryBoundary>
      <PresaleWithWallet variant="leader" />
    </QueryBoundary>
  );
}
