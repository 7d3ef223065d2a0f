// The Buffer shim first: Solana modules read the `Buffer` global as they load (buffer-shim.ts).
import '../../features/wallet/lib/buffer-shim';
import { useSiteConfig } from '../../lib/use-site-config';
import { SwapPage } from '../../features/swap';
import { WalletFeatureProvider } from '../../features/wallet';
import { QueryBoundary } from '../../lib/query-boundary';

function SwapWithWallet() {
  const config = useSiteConfig();
  return (
    <WalletFeatureProvider
      rpcPath={config.data?.rpcPath ?? '/rpc'}
      cluster={config.data?.cluster ?? null}
      purpose="swap"
    >
      <SwapPage config={config.data} />
    </WalletFeatureProvider>
  );
}

/**
 * Swap: the top bar shows the wallet button here, so the page carries the wallet context (a lazy
 * chunk, like the presale pages) around the swap box, or around "Trading opens after the
 * presale" while no exchange is configured.
 */
export function SwapRoute() {
  return (
    <QueryBoundary>
      <SwapWithWallet />
    </QueryBoundary>
  );
}
