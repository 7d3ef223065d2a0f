import type { PresaleVariant } from '@fbt/domain';
import { useWallet } from '@solana/wallet-adapter-react';
import { usePublishPurchaseSession } from '../hooks/purchase-session';
import { useBuyerDelivery } from '../hooks/use-buyer-delivery';
import { usePurchase } from '../hooks/use-purchase';

/**
 * The wallet side of the purchase box (inside the wallet context, in the wallet code's lazy
 * chunk): publishes the connected address, the purchase and the buyer's Claim and Refund to
 * the box and the "Your FBT" panel, which render nothing of this themselves.
 */
export function PurchaseSessionPublisher({ variant }: { variant: PresaleVariant }) {
  const { publicKey, connected } = useWallet();
  const purchase = usePurchase(variant);
  const delivery = useBuyerDelivery(variant);
  const address = connected && publicKey !== null ? publicKey.toBase58() : null;
  usePublishPurchaseSession({ address, purchase, delivery });
  return null;
}
