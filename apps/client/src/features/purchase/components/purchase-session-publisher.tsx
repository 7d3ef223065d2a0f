import type { PresaleVariant } from '@fbt/domain';
import { useWallet } from '@solana/wallet-adapter-react';
import { usePublishPurchaseSession } from '../hooks/purchase-session';
import { usePurchase } from '../hooks/use-purchase';

/**
 * The wallet side of the purchase box (inside the wallet context, in the wallet code's lazy
 * chunk): publishes the connected address and the purchase to the box, which renders nothing
 * of this itself.
 */
export function PurchaseSessionPublisher({ variant }: { variant: PresaleVariant }) {
  const { publicKey, connected } = useWallet();
  const purchase = usePurchase(variant);
  const address = connected && publicKey !== null ? publicKey.toBase58() : null;
  usePublishPurchaseSession({ address, purchase });
  return null;
}
