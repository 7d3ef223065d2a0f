// The Buffer shim first: Solana modules read the `Buffer` global as they load (buffer-shim.ts).
import '../../features/wallet/lib/buffer-shim';
import { LeaderEarningsPage } from '../../features/leader-earnings/components/earnings-page';
import { useSiteConfig } from '../../lib/use-site-config';
import { WalletFeatureProvider } from '../../features/wallet';
import { QueryBoundary } from '../../lib/query-boundary';

function EarningsWithWallet() {
  const config = useSiteConfig();
  return (
    <WalletFeatureProvider
      rpcPath={config.data?.rpcPath ?? '/rpc'}
      cluster={config.data?.cluster ?? null}
      purpose="claim"
    >
      <LeaderEarningsPage config={config.data} />
    </WalletFeatureProvider>
  );
}

/**
 * Leader earnings (`leader/earnings`): the page exists to connect a wallet and claim, so its
 * chunk carries the wallet context at once (no deferred box as on the presale pages); the QR
 * code's library is fetched only when a leader opens the QR dialog.
 */
export function LeaderEarningsRoute() {
  return (
    <QueryBoundary>
      <EarningsWithWallet />
    </QueryBoundary>
  );
}
