import type { PresaleVariant } from '@fbt/domain';
import { lazy, startTransition, Suspense, useCallback, useEffect, useMemo, useState } from 'react';
import { requestPickerOnLoad } from '../../components/wallet/connect-intent';
import { useRegisterWallet, type WalletState } from '../../components/wallet/wallet-state';
import {
  PurchaseBox,
  PurchaseSessionProvider,
  usePurchaseSessionLive,
} from '../../features/purchase';
import { useI18n } from '../../lib/i18n/i18n';
import { afterLoadWhenIdle } from '../../lib/after-load';
import { loadPurchaseWallet } from './purchase-wallet-loader';

// Loaded in steps, so evaluating it is several short tasks instead of one long one.
const PurchaseWallet = lazy(() =>
  loadPurchaseWallet().then((module) => ({ default: module.PurchaseWallet })),
);

// The leader page's share area shows only for an active on-chain code: fetched when it does.
const LeaderShare = lazy(() =>
  import('../../features/purchase/components/leader-share').then((module) => ({
    default: module.LeaderShare,
  })),
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
 * Whether the wallet code (web3.js, adapters, about 140 KiB gzipped, and a few hundred
 * milliseconds of a phone's main thread to evaluate) is wanted yet: at once when a wallet is
 * remembered (auto-connect), else at the first idle moment after the page has loaded and
 * painted, or at the visitor's first touch, focus or click in the purchase box or on Connect
 * Wallet, whichever comes first. The page, the purchase box included, paints and answers before
 * that code runs.
 */
function useWalletWanted(): [boolean, () => void] {
  // Not wanted in the first render even with a remembered wallet: that render must match the
  // page's build-time markup (which knows no wallet); the effect asks for it right after.
  const [wanted, setWanted] = useState(false);
  // A transition: React mounts the wallet context in slices instead of one long task.
  const want = useCallback(() => startTransition(() => setWanted(true)), []);
  useEffect(() => {
    if (wanted) return undefined;
    if (rememberedWallet()) {
      want();
      return undefined;
    }
    return afterLoadWhenIdle(want);
  }, [wanted, want]);
  return [wanted, want];
}

/**
 * Until the wallet code is up, the top bar's and the box's Connect Wallet buttons are served by
 * this stand-in: a click asks for the code and opens the picker once it can.
 */
function StandInWallet({ want }: { want: () => void }) {
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
  return null;
}

/** The stand-in, for as long as the wallet code has not published its session. */
function PendingWallet({ want }: { want: () => void }) {
  return usePurchaseSessionLive() ? null : <StandInWallet want={want} />;
}

/**
 * The presale pages' purchase box, rendered at once without any wallet code; the wallet side
 * (`PurchaseWallet`, a lazy chunk) loads when wanted (see `useWalletWanted`) and publishes the
 * connected wallet and the purchase to the box, which keeps what the visitor typed. On the
 * leader page the share area of the code's links follows the box.
 */
export function DeferredPurchase({
  variant,
  leaderCode,
}: {
  variant: PresaleVariant;
  /** Leader page: the code from the URL (null: none given); undefined elsewhere. */
  leaderCode: string | null | undefined;
}) {
  const [wanted, want] = useWalletWanted();
  return (
    <PurchaseSessionProvider onWanted={want}>
      <PendingWallet want={want} />
      <div className="purchase-slot" onPointerDownCapture={want} onFocusCapture={want}>
        <PurchaseBox variant={variant} leaderCode={leaderCode} />
      </div>
      {leaderCode ? (
        <Suspense fallback={null}>
          <LeaderShare code={leaderCode} />
        </Suspense>
      ) : null}
      {wanted ? (
        <Suspense fallback={null}>
          <PurchaseWallet variant={variant} />
        </Suspense>
      ) : null}
    </PurchaseSessionProvider>
  );
}
