// The Buffer shim first: Solana modules read the `Buffer` global as they load (buffer-shim.ts).
import '../../features/wallet/lib/buffer-shim';
import type { PresaleVariant } from '@fbt/domain';
import { useSiteConfig } from '../../lib/use-site-config';
import { PurchaseSessionPublisher } from '../../features/purchase/wallet';
import { WalletFeatureProvider } from '../../features/wallet';

/**
 * The purchase box's wallet side (Connection to the BFF's `/rpc`, adapters, picker, the
 * purchase itself): the only module with wallet and web3.js code, loaded by the presale routes
 * once it is wanted (see `DeferredPurchase` in the purchase feature). It renders no box: it publishes the connected
 * wallet and the purchase to the box, which is on the page already.
 */
export function PurchaseWallet({ variant }: { variant: PresaleVariant }) {
  const config = useSiteConfig();
  return (
    <WalletFeatureProvider
      rpcPath={config.data?.rpcPath ?? '/rpc'}
      cluster={config.data?.cluster ?? null}
    >
      <PurchaseSessionPublisher variant={variant} />
    </WalletFeatureProvider>
  );
}
