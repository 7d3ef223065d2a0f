// Phones in a real browser: Android's Mobile Wallet Adapter (registered and downloaded only in
// Android's own browser) and the 'Open in Phantom' / 'Open in Solflare' links of the Connect
// Wallet dialog in the browsers inside X, Telegram, Instagram and Facebook.
import { join } from 'node:path';
import type { Page } from 'playwright-core';
import { describe, expect, it } from 'vitest';
import { scrollToPurchaseBox } from '../test/support/buy-stack';
import { builtChunk, OUTPUT_DIR, useSiteSession, WIDTHS } from '../test/support/harness';

const session = useSiteSession();

const UA = {
  desktop:
    'Mozilla/5.0 (X11; Linux x86_64) AppleWebKit/537.36 (KHTML, like Gecko) Chrome/138.0.0.0 Safari/537.36',
  androidChrome:
    'Mozilla/5.0 (Linux; Android 10; K) AppleWebKit/537.36 (KHTML, like Gecko) Chrome/138.0.0.0 Mobile Safari/537.36',
  iosSafari:
    'Mozilla/5.0 (iPhone; CPU iPhone OS 17_5 like Mac OS X) AppleWebKit/605.1.15 (KHTML, like Gecko) Version/17.5 Mobile/15E148 Safari/604.1',
  instagramAndroid:
    'Mozilla/5.0 (Linux; Android 14; SM-S918B Build/UP1A.231005.007; wv) AppleWebKit/537.36 (KHTML, like Gecko) Version/4.0 Chrome/126.0.6478.134 Mobile Safari/537.36 Instagram 339.0.0.30.105 Android (34/14; 480dpi; 1080x2115; samsung; SM-S918B; dm3q; qcom; en_US; 622829286)',
  telegramAndroid:
    'Mozilla/5.0 (Linux; Android 14; SM-S911B Build/UP1A.231005.007; wv) AppleWebKit/537.36 (KHTML, like Gecko) Version/4.0 Chrome/127.0.6533.103 Mobile Safari/537.36 Telegram-Android/11.0.0 (Samsung SM-S911B; Android 14; SDK 34; HIGH)',
  xIos: 'Mozilla/5.0 (iPhone; CPU iPhone OS 17_5_1 like Mac OS X) AppleWebKit/605.1.15 (KHTML, like Gecko) Mobile/15E148 Twitter for iPhone/10.52',
  facebookIos:
    'Mozilla/5.0 (iPhone; CPU iPhone OS 17_5 like Mac OS X) AppleWebKit/605.1.15 (KHTML, like Gecko) Mobile/15E148 [FBAN/FBIOS;FBAV/475.0.0.45.109;FBBV/640513395;FBDV/iPhone15,2;FBMD/iPhone;FBSN/iOS;FBSV/17.5;FBSS/3;FBID/phone;FBLC/en_US;FBOP/5;FBRV/642095718]',
} as const;

/** The Mobile Wallet Adapter chunk of this run's build, from Vite's manifest. */
function mobileWalletChunk(): string {
  return builtChunk('src/features/wallet/lib/mobile-wallet.ts', 'Mobile Wallet Adapter chunk');
}

/**
 * Opens #/presale as the given browser (no wallet injected), records every script it fetches,
 * and opens the Connect Wallet dialog once the wallet code is up.
 */
async function openPicker(
  userAgent: string,
  options: { width?: number; language?: 'it' } = {},
): Promise<{ page: Page; scripts: string[]; errors: string[]; close: () => Promise<void> }> {
  const width = options.width ?? WIDTHS.phone;
  const context = await session.browser.newContext({
    userAgent,
    viewport: { width, height: width < 600 ? 844 : 900 },
  });
  if (options.language !== undefined) {
    await context.addInitScript(
      `localStorage.setItem('fbt.language', ${JSON.stringify(options.language)})`,
    );
  }
  const page = await context.newPage();
  const scripts: string[] = [];
  const errors: string[] = [];
  page.on('request', (request) => {
    if (request.resourceType() === 'script') scripts.push(new URL(request.url()).pathname);
  });
  page.on('pageerror', (error) => errors.push(error.message));
  await page.goto(`${session.site.url}#/presale`);
  // A visitor on a phone scrolls to the box (its wallet code loads at idle or at a touch).
  await scrollToPurchaseBox(page);
  const connect = page.getByTestId('purchase-connect');
  await expect.poll(() => connect.isEnabled(), { timeout: 30_000 }).toBe(true);
  await connect.click();
  await page.getByTestId('wallet-picker').waitFor();
  return { page, scripts, errors, close: () => context.close() };
}

const pickerLabels = (page: Page) => page.locator('.wallet-picker__label').allTextContents();

describe('Mobile Wallet Adapter', () => {
  it("is offered and downloaded in Android's browser", async () => {
    const { page, scripts, errors, close } = await openPicker(UA.androidChrome);
    const mwa = page.getByRole('button', { name: /Mobile Wallet Adapter/ });
    await mwa.waitFor();
    expect(await mwa.textContent()).toContain('Detected');
    expect((await pickerLabels(page)).slice(0, 2)).toEqual(['Phantom Wallet', 'Solflare Wallet']);
    expect(scripts).toContain(mobileWalletChunk());
    await page.screenshot({ path: join(OUTPUT_DIR, 'phone-android-picker-390.png') });
    expect(errors).toEqual([]);
    await close();
  });

  it.each([
    ['a desktop', UA.desktop, WIDTHS.desktop],
    ['Safari on an iPhone', UA.iosSafari, WIDTHS.phone],
    ["Instagram's browser on Android (a webview)", UA.instagramAndroid, WIDTHS.phone],
  ])('is neither offered nor downloaded on %s', async (_name, userAgent, width) => {
    const { page, scripts, close } = await openPicker(userAgent, { width });
    const labels = await pickerLabels(page);
    expect(labels.slice(0, 2)).toEqual(['Phantom Wallet', 'Solflare Wallet']);
    expect(labels).not.toContain('Mobile Wallet Adapter');
    expect(scripts.length).toBeGreaterThan(0);
    expect(scripts).not.toContain(mobileWalletChunk());
    await close();
  });
});

describe("'Open in' links on a phone with no wallet in the page", () => {
  /** The page URL the links must carry, and the link hrefs the dialog shows. */
  async function links(page: Page) {
    const pageUrl = page.url();
    const anchors = page.getByTestId('wallet-app-links').getByRole('link');
    const found = await anchors.evaluateAll((nodes) =>
      nodes.map((node) => [node.textContent, node.getAttribute('href')]),
    );
    return { pageUrl, found };
  }
  const universal = (host: string, path: string, pageUrl: string) =>
    `https://${host}${path}${encodeURIComponent(pageUrl)}?ref=${encodeURIComponent(new URL(pageUrl).origin)}`;

  it.each([
    ['instagramAndroid', 'instagram-android'],
    ['telegramAndroid', 'telegram-android'],
  ] as const)(
    '%s (Android webview): intents to the Phantom and Solflare apps',
    async (name, shot) => {
      const { page, close } = await openPicker(UA[name]);
      const { pageUrl, found } = await links(page);
      const phantom = universal('phantom.app', '/ul/browse/', pageUrl);
      const solflare = universal('solflare.com', '/ul/v1/browse/', pageUrl);
      expect(found).toEqual([
        [
          'Open in Phantom',
          `intent://${phantom.slice(8)}#Intent;scheme=https;package=app.phantom;S.browser_fallback_url=${encodeURIComponent(phantom)};end`,
        ],
        [
          'Open in Solflare',
          `intent://${solflare.slice(8)}#Intent;scheme=https;package=com.solflare.mobile;S.browser_fallback_url=${encodeURIComponent(solflare)};end`,
        ],
      ]);
      await page.screenshot({ path: join(OUTPUT_DIR, `phone-${shot}-picker-390.png`) });
      await close();
    },
  );

  it.each([
    ['xIos', UA.xIos],
    ['facebookIos', UA.facebookIos],
    ['iosSafari', UA.iosSafari],
    ['androidChrome', UA.androidChrome],
  ])('%s: universal links', async (_name, userAgent) => {
    const { page, close } = await openPicker(userAgent);
    const { pageUrl, found } = await links(page);
    expect(found).toEqual([
      ['Open in Phantom', universal('phantom.app', '/ul/browse/', pageUrl)],
      ['Open in Solflare', universal('solflare.com', '/ul/v1/browse/', pageUrl)],
    ]);
    await close();
  });

  it('in Italian', async () => {
    const { page, close } = await openPicker(UA.xIos, { language: 'it' });
    const anchors = page.getByTestId('wallet-app-links').getByRole('link');
    expect(await anchors.allTextContents()).toEqual(['Apri in Phantom', 'Apri in Solflare']);
    await close();
  });

  it('are not offered on a desktop', async () => {
    const { page, close } = await openPicker(UA.desktop, { width: WIDTHS.desktop });
    expect(await page.getByTestId('wallet-app-links').count()).toBe(0);
    await page.screenshot({ path: join(OUTPUT_DIR, 'desktop-picker-1440.png') });
    await close();
  });
});
