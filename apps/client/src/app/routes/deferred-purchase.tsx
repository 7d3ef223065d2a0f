import type { PresaleVariant } from '@fbt/domain';
import { lazy, Suspense, useCallback, useEffect, useMemo, useRef, useState } from 'react';
import { requestPickerOnLoad } from '../../components/wallet/connect-intent';
import { useRegisterWallet, type WalletState } from '../../components/wallet/wallet-state';
import { PurchasePlaceholder } from '../../features/purchase/components/purchase-placeholder';
import { useI18n } from '../../lib/i18n/i18n';

const PurchaseWithWallet = lazy(() =>
  import('./presale-purchase').then((module) => ({ default: module.PurchaseWithWallet })),
);

/** Spec §4: the remembered wallet (auto-connect needs the wallet code at once). */
const WALLET_NAME_STORAGE_KEY = 'walletName';

function rememberedWallet(): boolean {
  try {
    return window.localStorage.getItem(WALLET_NAME_STORAGE_KEY) !== null;
  } catch {
    return false;
  }
}

/**
 * Whether the purchase box is wanted yet: when it comes near the viewport, at the visitor's
 * first touch, click or key, or at once when a wallet is remembered (auto-connect). Until
 * then the page renders and paints without the wallet and web3.js code (~250 KiB gzipped),
 * which is what a phone visitor reading the presale page waits for otherwise.
 */
function useWanted(): [React.RefObject<HTMLElement | null>, boolean, () => void] {
  const ref = useRef<HTMLElement | null>(null);
  const [wanted, setWanted] = useState(rememberedWallet);
  const want = useCallback(() => setWanted(true), []);
  useEffect(() => {
    if (wanted) return;
    const events = ['pointerdown', 'keydown', 'touchstart'] as const;
    for (const name of events) window.addEventListener(name, want, { once: true, passive: true });
    const observer = new IntersectionObserver(
      (entries) => {
        if (entries.some((entry) => entry.isIntersecting)) want();
      },
      { rootMargin: '100px 0px' },
    );
    if (ref.current !== null) observer.observe(ref.current);
    return () => {
      for (const name of events) window.removeEventListener(name, want);
      observer.disconnect();
    };
  }, [wanted, want]);
  return [ref, wanted, want];
}

/**
 * Until the box's wallet code is up, the top bar's Connect Wallet button is served by this
 * stand-in: a click loads the code and opens the picker once it can.
 */
function PendingPurchase({
  placeholderRef,
  loading,
  want,
}: {
  placeholderRef: React.RefObject<HTMLElement | null>;
  /** Whether the box's code is being fetched (the placeholder is then aria-busy). */
  loading: boolean;
  want: () => void;
}) {
  const { t } = useI18n();
  const connect = useCallback(() => {
    requestPickerOnLoad();
    want();
  }, [want]);
  const pending = useMemo<WalletState>(
    () => ({
      buttonText: t('wallet.connect'),
      isConnected: false,
      isBusy: false,
      openPicker: connect,
      disconnect: () => Promise.resolve(),
    }),
    [t, connect],
  );
  useRegisterWallet(pending);
  return <PurchasePlaceholder ref={placeholderRef} busy={loading} onConnect={connect} />;
}

/**
 * The presale pages' purchase box, loaded when wanted (see `useWanted`); a placeholder of the
 * same size holds its place, and its Connect Wallet button opens the picker once loaded.
 */
export function DeferredPurchase({
  variant,
  leaderCode,
}: {
  variant: PresaleVariant;
  /** Leader page: the code from the URL (null: none given); undefined elsewhere. */
  leaderCode: string | null | undefined;
}) {
  const [ref, wanted, want] = useWanted();
  const placeholder = <PendingPurchase placeholderRef={ref} loading={wanted} want={want} />;
  if (!wanted) return placeholder;
  return (
    <Suspense fallback={placeholder}>
      <PurchaseWithWallet variant={variant} leaderCode={leaderCode} />
    </Suspense>
  );
}
