import { startTransition, useCallback, useEffect, useState, type RefObject } from 'react';
import { afterLoadWhenIdle } from '../../../lib/after-load';

/** The remembered wallet's key: with one, the wallet code loads at once, to auto-connect. */
const WALLET_NAME_STORAGE_KEY = 'walletName';

function rememberedWallet(): boolean {
  try {
    return window.localStorage.getItem(WALLET_NAME_STORAGE_KEY) !== null;
  } catch {
    return false;
  }
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
 * Whether the wallet code (web3.js, adapters, about 140 KiB gzipped, and a few hundred
 * milliseconds of a phone's main thread to evaluate) is wanted yet: at once when a wallet is
 * remembered (auto-connect); else once the page has loaded and painted, the main thread is idle
 * and the purchase box (`box`) is at least half in view; or at the visitor's first touch,
 * focus or click in the box or on Connect Wallet, whichever comes first. On a desktop the box
 * is in view from the start; on a phone it is below the title and picture, so a visitor who
 * only reads does not pay for code they do not use, and one who scrolls down gets it as the box
 * comes up. The page, the purchase box included, paints and answers before that code runs.
 */
export function useWalletWanted(box: RefObject<HTMLElement | null>): [boolean, () => void] {
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
