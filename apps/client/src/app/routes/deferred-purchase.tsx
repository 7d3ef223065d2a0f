import type { PresaleVariant } from '@fbt/domain';
import {
  lazy,
  startTransition,
  Suspense,
  useCallback,
  useEffect,
  useMemo,
  useRef,
  useState,
  type RefObject,
} from 'react';
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
 * remembered (auto-connect); else once the page has loaded and painted, the main thread is idle
 * and the purchase box (`box`) is at least half in view; or at the visitor's first touch,
 * focus or click in the box or on Connect Wallet, whichever comes first. On a desktop the box
 * is in view from the start; on a phone it is below the title and picture, so a visitor who
 * only reads does not pay for code they do not use, and one who scrolls down gets it as the box
 * comes up. The page, the purchase box included, paints and answers before that code runs.
 */
function useWalletWanted(box: RefObject<HTMLElement | null>): [boolean, () => void] {
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
    let stopWatching: () => void = () => undefined;
    const stopWaiting = afterLoadWhenIdle(() => {
      // The slot takes no part in the layout (display: contents): the box inside it does.
      stopWatching = whenHalfInView(box.current?.firstElementChild ?? null, want);
    });
    return () => {
      stopWaiting();
      stopWatching();
    };
  }, [wanted, want, box]);
  return [wanted, want];
}

/** The share of the box that must be in view for its wallet code to load by itself. */
const IN_VIEW_RATIO = 0.5;

/**
 * Calls `run` once at least half of `element` is in the viewport (at once if it already is, or
 * if the browser cannot tell); returns a function that stops watching.
 */
function whenHalfInView(element: Element | null, run: () => void): () => void {
  if (element === null || typeof IntersectionObserver !== 'function') {
    run();
    return () => undefined;
  }
  const observer = new IntersectionObserver(
    (entries) => {
      if (entries.some((entry) => entry.intersectionRatio >= IN_VIEW_RATIO)) {
        observer.disconnect();
        run();
      }
    },
    { threshold: IN_VIEW_RATIO },
  );
  observer.observe(element);
  return () => observer.disconnect();
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
  const slot = useRef<HTMLDivElement>(null);
  const [wanted, want] = useWalletWanted(slot);
  return (
    <PurchaseSessionProvider onWanted={want}>
      <PendingWallet want={want} />
      <div ref={slot} className="purchase-slot" onPointerDownCapture={want} onFocusCapture={want}>
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
