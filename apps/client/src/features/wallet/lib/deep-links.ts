import type { PhoneBrowser } from './phone-browser';

/** The wallet apps a phone visitor can open this page in. */
export type WalletApp = 'Phantom' | 'Solflare';

interface AppLinkSpec {
  /** Universal link host and path prefix; the page URL and `?ref=` follow. */
  readonly host: string;
  readonly browsePath: string;
  /** Android package, for the intent used where universal links do not open apps. */
  readonly androidPackage: string;
}

const APPS: Readonly<Record<WalletApp, AppLinkSpec>> = {
  Phantom: { host: 'phantom.app', browsePath: '/ul/browse/', androidPackage: 'app.phantom' },
  Solflare: {
    host: 'solflare.com',
    browsePath: '/ul/v1/browse/',
    androidPackage: 'com.solflare.mobile',
  },
};

/**
 * The wallet's universal link that opens `pageUrl` in its in-app browser, with `ref` (our
 * origin) so the wallet shows where the visitor came from:
 * `https://phantom.app/ul/browse/<url>?ref=<origin>`, `https://solflare.com/ul/v1/browse/<url>?ref=<origin>`.
 */
export function universalBrowseLink(app: WalletApp, pageUrl: string): string {
  const spec = APPS[app];
  const origin = new URL(pageUrl).origin;
  return `https://${spec.host}${spec.browsePath}${encodeURIComponent(pageUrl)}?ref=${encodeURIComponent(origin)}`;
}

/**
 * Android intent for the same link, addressed to the wallet's package: webviews inside other
 * apps (X, Telegram, Instagram, Facebook) load universal links as web pages instead of handing
 * them to the app, but they pass `intent:` URLs to Android. Without the app, Android opens the
 * universal link in the browser (its page offers the store).
 */
export function androidIntentLink(app: WalletApp, pageUrl: string): string {
  const spec = APPS[app];
  const universal = universalBrowseLink(app, pageUrl);
  const path = universal.slice('https://'.length);
  return `intent://${path}#Intent;scheme=https;package=${spec.androidPackage};S.browser_fallback_url=${encodeURIComponent(universal)};end`;
}

/**
 * The link that opens `pageUrl` inside `app` from this browser, or null on a desktop (the
 * extension is the way there). Android webviews get an intent; everything else on a phone
 * (Safari, Chrome, iOS in-app browsers, where a tapped universal link opens the app) gets the
 * universal link.
 */
export function walletAppLink(
  app: WalletApp,
  pageUrl: string,
  browser: PhoneBrowser,
): string | null {
  if (browser.os === null) return null;
  if (browser.os === 'android' && browser.inApp !== null) return androidIntentLink(app, pageUrl);
  return universalBrowseLink(app, pageUrl);
}
