import type { PresaleVariant } from '@fbt/domain';
import { lazy, Suspense, useRef, type ComponentType } from 'react';
import type { PageLeaderCode } from '../../../lib/use-leader-code';
import { PurchaseSessionProvider } from '../hooks/purchase-session';
import { useWalletWanted } from '../hooks/use-wallet-wanted';
import { PurchaseBox } from './purchase-box';
import { PendingWallet } from './stand-in-wallet';
import { YourFbt } from './your-fbt';

// The leader page's share area shows only for an active on-chain code: fetched when it does.
const LeaderShare = lazy(() =>
  import('./leader-share').then((module) => ({ default: module.LeaderShare })),
);

/**
 * The presale pages' purchase box, rendered at once without any wallet code; the wallet side
 * (`walletSide`: the page's lazy wallet chunk, which publishes the connected wallet and the
 * purchase with `PurchaseSessionPublisher`) is mounted when wanted (see `useWalletWanted`), and
 * the box, never remounted, keeps what the visitor typed. Until then a stand-in serves the
 * Connect Wallet buttons. Under the box, "Your FBT" of the connected wallet on an at-completion
 * presale; on the leader page the share area of the code's links follows.
 */
export function DeferredPurchase({
  variant,
  leaderCode,
  walletSide: WalletSide,
}: {
  variant: PresaleVariant;
  /** Leader page: the code from the URL (null: none given; not read yet); undefined elsewhere. */
  leaderCode: PageLeaderCode;
  /** The wallet side, a lazy component (it suspends while its code loads). */
  walletSide: ComponentType<{ variant: PresaleVariant }>;
}) {
  const slot = useRef<HTMLDivElement>(null);
  const [wanted, want] = useWalletWanted(slot);
  return (
    <PurchaseSessionProvider onWanted={want}>
      <PendingWallet want={want} />
      <div ref={slot} className="purchase-slot" onPointerDownCapture={want} onFocusCapture={want}>
        <PurchaseBox variant={variant} leaderCode={leaderCode} />
      </div>
      <YourFbt variant={variant} />
      {typeof leaderCode === 'string' && leaderCode !== '' ? (
        <Suspense fallback={null}>
          <LeaderShare code={leaderCode} />
        </Suspense>
      ) : null}
      {wanted ? (
        <Suspense fallback={null}>
          <WalletSide variant={variant} />
        </Suspense>
      ) : null}
    </PurchaseSessionProvider>
  );
}
