import { WalletReadyState } from '@solana/wallet-adapter-base';
import { walletAppLink, type WalletApp } from './deep-links';
import type { PhoneBrowser } from './phone-browser';

/** The picker's labels for the two wallets it names (adapter names are `Phantom` / `Solflare`). */
const PICKER_LABELS: Readonly<Record<string, string>> = {
  Phantom: 'Phantom Wallet',
  Solflare: 'Solflare Wallet',
};

/** Phantom and Solflare come first, in this order; other detected wallets follow. */
const PICKER_ORDER = ['Phantom', 'Solflare'];

/** What the wallet is wanted for on the page: the 'Connect Wallet' dialog says so. */
export type WalletPurpose = 'buy' | 'swap' | 'claim';

/** One row of the 'Connect Wallet' dialog. */
export interface WalletOption {
  readonly name: string;
  readonly label: string;
  readonly icon: string;
  /** The wallet's site, opened in a new tab when it is not installed. */
  readonly url: string;
  readonly readyState: WalletReadyState;
  /** Installed in this browser (or an injected Wallet Standard wallet). */
  readonly detected: boolean;
}

/**
 * What choosing a wallet does: connect (installed, or loadable: a web wallet or the app's deep
 * link on a phone), or open its site to get it (not detected on this device).
 */
export function chooseAction(readyState: WalletReadyState): 'connect' | 'install' {
  return readyState === WalletReadyState.NotDetected ? 'install' : 'connect';
}

/**
 * What a picker row says of its wallet: installed in this browser (`detected`); not installed
 * but reachable through its adapter (`Loadable`): its web wallet on a desktop (`webWallet`),
 * its app through a deep link on a phone (`openApp`); not installed at all (`install`: the row
 * opens the wallet's site).
 */
export type WalletReadiness = 'detected' | 'webWallet' | 'openApp' | 'install';

/** The {@link WalletReadiness} of a wallet in this state, on a phone or not. */
export function walletReadiness(readyState: WalletReadyState, onPhone: boolean): WalletReadiness {
  if (readyState === WalletReadyState.Installed) return 'detected';
  if (readyState === WalletReadyState.Loadable) return onPhone ? 'openApp' : 'webWallet';
  return 'install';
}

/** The label shown for a wallet: 'Phantom Wallet', 'Solflare Wallet', or the wallet's own name. */
export function walletLabel(name: string): string {
  return PICKER_LABELS[name] ?? name;
}

/**
 * The picker's rows: Phantom and Solflare always (installed or not, so the visitor can get
 * them), then every other detected wallet; unsupported wallets are left out.
 */
export function listWalletOptions(
  wallets: readonly { name: string; icon: string; url: string; readyState: WalletReadyState }[],
): WalletOption[] {
  const usable = wallets.filter(
    (wallet) =>
      wallet.readyState !== WalletReadyState.Unsupported &&
      (PICKER_ORDER.includes(wallet.name) || wallet.readyState === WalletReadyState.Installed),
  );
  const rank = (name: string) => {
    const index = PICKER_ORDER.indexOf(name);
    return index === -1 ? PICKER_ORDER.length : index;
  };
  return [...usable]
    .sort((a, b) => rank(a.name) - rank(b.name))
    .map((wallet) => ({
      name: wallet.name,
      label: walletLabel(wallet.name),
      icon: wallet.icon,
      url: wallet.url,
      readyState: wallet.readyState,
      detected: wallet.readyState === WalletReadyState.Installed,
    }));
}

/**
 * Whether to reconnect the remembered wallet on page load. Only installed wallets: the Solflare
 * adapter reports `Loadable` even without the extension, and auto-connecting it would pop up
 * its web wallet on every visit; a remembered Loadable wallet is one tap away in 'Connect Wallet'.
 */
export function shouldAutoConnect(readyState: WalletReadyState, userSelected: boolean): boolean {
  return !userSelected && readyState === WalletReadyState.Installed;
}

/**
 * The wallet to retry with, once, when `connect()` fails because no wallet was selected: the
 * first wallet of the list, or null when there is none.
 */
export function pickRetryWallet(options: readonly WalletOption[]): string | null {
  return options[0]?.name ?? null;
}

/** Mobile Wallet Adapter's name: it reaches the phone's wallet apps but is not one of them. */
export const MOBILE_WALLET_ADAPTER_NAME = 'Mobile Wallet Adapter';
/** Name under which the local chain's throw-away wallet appears in the picker. */
export const BURNER_WALLET_NAME = 'Local Burner';
/** Wallets the site itself registers: their presence does not mean a wallet app is at hand. */
const SITE_WALLETS: readonly string[] = [MOBILE_WALLET_ADAPTER_NAME, BURNER_WALLET_NAME];

/** An 'Open in Phantom' / 'Open in Solflare' link of the picker. */
export interface WalletAppLink {
  readonly app: WalletApp;
  readonly href: string;
}

/**
 * On a phone where no wallet is injected into the page (Safari, Chrome, or the browser inside
 * X, Telegram, Instagram, Facebook), the picker also offers to open this page inside the
 * Phantom or Solflare app, where their wallet is injected. Empty on a desktop and inside a
 * wallet's own browser.
 */
export function listWalletAppLinks(
  options: readonly WalletOption[],
  pageUrl: string,
  browser: PhoneBrowser,
): WalletAppLink[] {
  if (browser.os === null) return [];
  if (options.some((option) => option.detected && !SITE_WALLETS.includes(option.name))) return [];
  return (['Phantom', 'Solflare'] as const).flatMap((app) => {
    const href = walletAppLink(app, pageUrl, browser);
    return href === null ? [] : [{ app, href }];
  });
}
