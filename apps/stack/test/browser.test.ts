// The browser every suite drives: launched with Playwright's own switches intact, and without
// the browser UI pages no test looks at.
import { chromium, type Browser } from 'playwright-core';
import { afterEach, describe, expect, it } from 'vitest';
import {
  CHROMIUM_FLAGS,
  CHROMIUM_PATH,
  launchChromium,
  PLAYWRIGHT_CHROMIUM_ARGS,
  PLAYWRIGHT_DISABLED_FEATURES,
  UNUSED_BROWSER_FEATURES,
} from './support/browser';

/** `--enable-automation` lets DevTools return the browser's command line. */
const SHOW_COMMAND_LINE = '--enable-automation';

let browser: Browser | undefined;
afterEach(async () => {
  await browser?.close();
  browser = undefined;
});

async function disabledFeatures(launched: Browser): Promise<string[]> {
  const session = await launched.newBrowserCDPSession();
  const { arguments: args } = await session.send('Browser.getBrowserCommandLine');
  // Chromium reads the last one only.
  const last = args.filter((arg) => arg.startsWith('--disable-features=')).at(-1) ?? '';
  return last.slice('--disable-features='.length).split(',').filter(Boolean);
}

/** The browser UI pages open in a new context with a page; polled for up to `forMs`. */
async function browserUiPages(launched: Browser, forMs: number): Promise<string[]> {
  const context = await launched.newContext();
  await context.newPage();
  const session = await launched.newBrowserCDPSession();
  const deadline = Date.now() + forMs;
  let pages: string[];
  do {
    const { targetInfos } = await session.send('Target.getTargets');
    pages = targetInfos
      .filter((target) => target.type === 'browser_ui')
      .map((target) => target.url);
    if (pages.length > 0) break;
    await new Promise((resolve) => setTimeout(resolve, 100));
  } while (Date.now() < deadline);
  await context.close();
  return pages;
}

describe('the test browser', () => {
  it('keeps every feature Playwright switches off (a Playwright upgrade that adds one fails here)', async () => {
    browser = await chromium.launch({
      executablePath: CHROMIUM_PATH,
      args: [...CHROMIUM_FLAGS, SHOW_COMMAND_LINE],
    });
    const playwrights = await disabledFeatures(browser);
    expect(playwrights).toContain('PaintHolding');
    expect([...PLAYWRIGHT_DISABLED_FEATURES].sort()).toEqual([...playwrights].sort());
  });

  it('opens no address-bar pages beside the page under test, which a plain launch does', async () => {
    browser = await chromium.launch({ executablePath: CHROMIUM_PATH, args: [...CHROMIUM_FLAGS] });
    expect(await browserUiPages(browser, 10_000)).toContainEqual(
      expect.stringContaining('chrome://omnibox-popup.top-chrome/'),
    );
    await browser.close();

    browser = await launchChromium();
    // As long as a plain launch took to open them, and more.
    expect(await browserUiPages(browser, 2_000)).toEqual([]);
  });

  it('switches off both lists in its one --disable-features', async () => {
    browser = await chromium.launch({
      executablePath: CHROMIUM_PATH,
      args: [...PLAYWRIGHT_CHROMIUM_ARGS, SHOW_COMMAND_LINE],
    });
    expect((await disabledFeatures(browser)).sort()).toEqual(
      [...PLAYWRIGHT_DISABLED_FEATURES, ...UNUSED_BROWSER_FEATURES].sort(),
    );
  });
});
