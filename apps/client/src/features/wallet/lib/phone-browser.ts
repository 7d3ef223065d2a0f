/**
 * What the visitor's browser is, read from its user agent: the phone's OS, whether the page is
 * inside another app's browser (X, Telegram, Instagram, Facebook or any other webview), and
 * whether Android's Mobile Wallet Adapter can reach a wallet app from here. Pure: the caller
 * passes `navigator.userAgent`.
 */

export type PhoneOs = 'android' | 'ios';

/** The apps whose in-app browsers a shared presale link usually opens in. */
export type InAppBrowser = 'x' | 'telegram' | 'instagram' | 'facebook' | 'webview';

export interface PhoneBrowser {
  /** null on a desktop (or a tablet asking for the desktop site). */
  readonly os: PhoneOs | null;
  /** null in the phone's own browser (Chrome, Safari, Firefox, …). */
  readonly inApp: InAppBrowser | null;
}

const APPS: readonly (readonly [InAppBrowser, RegExp])[] = [
  ['instagram', /\bInstagram\b/],
  ['facebook', /\bFBAN\/|\bFBAV\/|\bFB_IAB\/|\bFBIOS\b/],
  ['x', /\bTwitter(?:Android| for iP(?:hone|ad))|\bTwitter\//],
  ['telegram', /\bTelegram(?:-Android|-iOS|Bot)?\b/],
];

/** Android's system WebView marks itself `; wv)` (and older ones `Version/x Chrome/…`). */
const ANDROID_WEBVIEW = /; wv\)|Version\/[\d.]+ Chrome\/[\d.]+ Mobile/;

export function detectPhoneBrowser(userAgent: string): PhoneBrowser {
  const os: PhoneOs | null = /\bAndroid\b/i.test(userAgent)
    ? 'android'
    : /\b(?:iPhone|iPad|iPod)\b/.test(userAgent)
      ? 'ios'
      : null;
  if (os === null) return { os, inApp: null };
  const app = APPS.find(([, pattern]) => pattern.test(userAgent))?.[0];
  if (app !== undefined) return { os, inApp: app };
  // iOS: every browser app says 'Safari/' (Chrome's CriOS and Firefox's FxiOS too); a
  // WKWebView inside another app does not.
  const webview =
    os === 'android' ? ANDROID_WEBVIEW.test(userAgent) : !/\bSafari\//.test(userAgent);
  return { os, inApp: webview ? 'webview' : null };
}

/**
 * Whether to load and register Mobile Wallet Adapter: Android's own browser only. In a webview
 * the protocol cannot reach the wallet app (the library refuses too), and off Android it does
 * not exist, so those visitors never download it.
 */
export function canUseMobileWalletAdapter(browser: PhoneBrowser): boolean {
  return browser.os === 'android' && browser.inApp === null;
}
