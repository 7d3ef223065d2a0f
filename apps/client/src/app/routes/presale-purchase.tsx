// The Buffer shim must run before any Solana module is evaluated (DESIGN.md §8).
import '../../features/wallet/lib/buffer-shim';
import type { PresaleVariant } from '@fbt/domain';
import { LeaderShare, PurchaseBox, useSiteConfig } from '../../features/purchase';
import { WalletFeatureProvider } from '../../features/wallet';

/**
 * The purchase box with its wallet context (Connection to the BFF's `/rpc`, adapters, picker):
 * the only module with wallet and web3.js code, loaded by the presale routes once the box is
 * wanted (see `DeferredPurchase`). On the leader page the share area of the code's links
 * follows the box (in this chunk too, so the page's own JavaScript stays within budget).
 */
export function PurchaseWithWallet({
  variant,
  leaderCode,
}: {
  variant: PresaleVariant;
  /** Leader page: the code from the URL (null: none given); undefined elsewhere. */
  leaderCode: string | null | undefined;
}) {
  const config = useSiteConfig();
  return (
    <>
      <WalletFeatureProvider
        rpcPath={config.data?.rpcPath ?? '/rpc'}
        cluster={config.data?.cluster ?? null}
      >
        <PurchaseBox variant={variant} leaderCode={leaderCode} />
      </WalletFeatureProvider>
      {leaderCode ? <LeaderShare code={leaderCode} /> : null}
    </>
  );
}
