import { describe, expect, it } from 'vitest';
import { androidIntentLink, universalBrowseLink, walletAppLink } from './deep-links';
import { canUseMobileWalletAdapter, detectPhoneBrowser } from './phone-browser';

/** User agents as those apps and browsers send them. */
const UA = {
  desktopChrome:
    'Mozilla/5.0 (X11; Linux x86_64) AppleWebKit/537.36 (KHTML, like Gecko) Chrome/138.0.0.0 Safari/537.36',
  androidChrome:
    'Mozilla/5.0 (Linux; Android 10; K) AppleWebKit/537.36 (KHTML, like Gecko) Chrome/138.0.0.0 Mobile Safari/537.36',
  iosSafari:
    'Mozilla/5.0 (iPhone; CPU iPhone OS 17_5 like Mac OS X) AppleWebKit/605.1.15 (KHTML, like Gecko) Version/17.5 Mobile/15E148 Safari/604.1',
  iosChrome:
    'Mozilla/5.0 (iPhone; CPU iPhone OS 17_5 like Mac OS X) AppleWebKit/605.1.15 (KHTML, like Gecko) CriOS/126.0.6478.153 Mobile/15E148 Safari/604.1',
  xIos: 'Mozilla/5.0 (iPhone; CPU iPhone OS 17_5_1 like Mac OS X) AppleWebKit/605.1.15 (KHTML, like Gecko) Mobile/15E148 Twitter for iPhone/10.52',
  xAndroid:
    'Mozilla/5.0 (Linux; Android 14; Pixel 8 Build/AP2A.240805.005; wv) AppleWebKit/537.36 (KHTML, like Gecko) Version/4.0 Chrome/127.0.6533.103 Mobile Safari/537.36 TwitterAndroid',
  telegramIos:
    'Mozilla/5.0 (iPhone; CPU iPhone OS 17_5 like Mac OS X) AppleWebKit/605.1.15 (KHTML, like Gecko) Mobile/15E148 Telegram-iOS/11.2',
  telegramAndroid:
    'Mozilla/5.0 (Linux; Android 14; SM-S911B Build/UP1A.231005.007; wv) AppleWebKit/537.36 (KHTML, like Gecko) Version/4.0 Chrome/127.0.6533.103 Mobile Safari/537.36 Telegram-Android/11.0.0 (Samsung SM-S911B; Android 14; SDK 34; HIGH)',
  instagramIos:
    'Mozilla/5.0 (iPhone; CPU iPhone OS 17_5 like Mac OS X) AppleWebKit/605.1.15 (KHTML, like Gecko) Mobile/15E148 Instagram 340.0.3.21.93 (iPhone15,2; iOS 17_5; en_US; en; scale=3.00; 1179x2556; 625255325)',
  instagramAndroid:
    'Mozilla/5.0 (Linux; Android 14; SM-S918B Build/UP1A.231005.007; wv) AppleWebKit/537.36 (KHTML, like Gecko) Version/4.0 Chrome/126.0.6478.134 Mobile Safari/537.36 Instagram 339.0.0.30.105 Android (34/14; 480dpi; 1080x2115; samsung; SM-S918B; dm3q; qcom; en_US; 622829286)',
  facebookIos:
    'Mozilla/5.0 (iPhone; CPU iPhone OS 17_5 like Mac OS X) AppleWebKit/605.1.15 (KHTML, like Gecko) Mobile/15E148 [FBAN/FBIOS;FBAV/475.0.0.45.109;FBBV/640513395;FBDV/iPhone15,2;FBMD/iPhone;FBSN/iOS;FBSV/17.5;FBSS/3;FBID/phone;FBLC/en_US;FBOP/5;FBRV/642095718]',
  facebookAndroid:
    'Mozilla/5.0 (Linux; Android 14; Pixel 7 Build/AP2A.240705.005; wv) AppleWebKit/537.36 (KHTML, like Gecko) Version/4.0 Chrome/126.0.6478.134 Mobile Safari/537.36 [FB_IAB/FB4A;FBAV/473.0.0.43.109;]',
  androidWebview:
    'Mozilla/5.0 (Linux; Android 13; SM-A536B Build/TP1A.220624.014; wv) AppleWebKit/537.36 (KHTML, like Gecko) Version/4.0 Chrome/120.0.6099.144 Mobile Safari/537.36',
} as const;

const PAGE = 'https://fbt.example/#/leader?code=beast42';
const PAGE_ENCODED = encodeURIComponent(PAGE);
const REF = encodeURIComponent('https://fbt.example');

describe('reading the browser from its user agent', () => {
  it.each([
    ['desktopChrome', null, null],
    ['androidChrome', 'android', null],
    ['iosSafari', 'ios', null],
    ['iosChrome', 'ios', null],
    ['xIos', 'ios', 'x'],
    ['xAndroid', 'android', 'x'],
    ['telegramIos', 'ios', 'telegram'],
    ['telegramAndroid', 'android', 'telegram'],
    ['instagramIos', 'ios', 'instagram'],
    ['instagramAndroid', 'android', 'instagram'],
    ['facebookIos', 'ios', 'facebook'],
    ['facebookAndroid', 'android', 'facebook'],
    ['androidWebview', 'android', 'webview'],
  ] as const)('%s -> os %s, in-app %s', (name, os, inApp) => {
    expect(detectPhoneBrowser(UA[name])).toEqual({ os, inApp });
  });

  it('loads Mobile Wallet Adapter only in Android’s own browser', () => {
    const allowed = (Object.keys(UA) as (keyof typeof UA)[]).filter((name) =>
      canUseMobileWalletAdapter(detectPhoneBrowser(UA[name])),
    );
    expect(allowed).toEqual(['androidChrome']);
  });
});

describe('the links that open this page in a wallet app', () => {
  it('builds the documented universal links with the page URL and our origin as ref', () => {
    expect(universalBrowseLink('Phantom', PAGE)).toBe(
      `https://phantom.app/ul/browse/${PAGE_ENCODED}?ref=${REF}`,
    );
    expect(universalBrowseLink('Solflare', PAGE)).toBe(
      `https://solflare.com/ul/v1/browse/${PAGE_ENCODED}?ref=${REF}`,
    );
  });

  it('round-trips the page URL, hash route and query included', () => {
    const link = new URL(universalBrowseLink('Phantom', PAGE));
    expect(decodeURIComponent(link.pathname.slice('/ul/browse/'.length))).toBe(PAGE);
    expect(link.searchParams.get('ref')).toBe('https://fbt.example');
  });

  it('addresses the intent to the app package with the universal link as the fallback', () => {
    expect(androidIntentLink('Phantom', PAGE)).toBe(
      `intent://phantom.app/ul/browse/${PAGE_ENCODED}?ref=${REF}#Intent;scheme=https;package=app.phantom;S.browser_fallback_url=${encodeURIComponent(universalBrowseLink('Phantom', PAGE))};end`,
    );
    expect(androidIntentLink('Solflare', PAGE)).toMatch(
      /^intent:\/\/solflare\.com\/ul\/v1\/browse\/.+#Intent;scheme=https;package=com\.solflare\.mobile;S\.browser_fallback_url=https%3A%2F%2Fsolflare\.com%2F.+;end$/,
    );
  });

  it.each([
    ['xAndroid', 'intent'],
    ['telegramAndroid', 'intent'],
    ['instagramAndroid', 'intent'],
    ['facebookAndroid', 'intent'],
    ['androidWebview', 'intent'],
    ['androidChrome', 'universal'],
    ['xIos', 'universal'],
    ['telegramIos', 'universal'],
    ['instagramIos', 'universal'],
    ['facebookIos', 'universal'],
    ['iosSafari', 'universal'],
  ] as const)('%s gets the %s link for both wallets', (name, kind) => {
    const browser = detectPhoneBrowser(UA[name]);
    for (const app of ['Phantom', 'Solflare'] as const) {
      const expected =
        kind === 'intent' ? androidIntentLink(app, PAGE) : universalBrowseLink(app, PAGE);
      expect(walletAppLink(app, PAGE, browser)).toBe(expected);
    }
  });

  it('offers no app link on a desktop', () => {
    expect(walletAppLink('Phantom', PAGE, detectPhoneBrowser(UA.desktopChrome))).toBeNull();
  });

  it('refuses a page address that is not a URL', () => {
    expect(() => universalBrowseLink('Phantom', '#/presale')).toThrow(TypeError);
  });
});
