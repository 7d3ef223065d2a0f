import { existsSync } from 'node:fs';
import { chromium, type Browser } from 'playwright-core';

/** Debian's Chromium: the only browser these tests drive. */
export const CHROMIUM_PATH = '/usr/bin/chromium';

/** How every tool here runs it: headless, no sandbox (root), no GPU, nothing fetched by itself. */
export const CHROMIUM_FLAGS: readonly string[] = [
  '--headless',
  '--no-sandbox',
  '--disable-gpu',
  '--disable-background-networking',
  '--disable-component-update',
  '--disable-sync',
];

/** Fails loudly, with the fix, when Debian's Chromium is not installed. */
export function requireChromium(): void {
  if (!existsSync(CHROMIUM_PATH)) {
    throw new Error(
      `Chromium is required but ${CHROMIUM_PATH} is missing. Install it with: apt-get install -y chromium`,
    );
  }
}

/**
 * The features Playwright itself switches off (its `--disable-features` in playwright-core's
 * chromiumSwitches). Chromium reads only the last `--disable-features` on its command line, so
 * adding one of ours must repeat these; `browser.test.ts` fails when a Playwright upgrade
 * changes the list.
 */
export const PLAYWRIGHT_DISABLED_FEATURES: readonly string[] = [
  'AvoidUnnecessaryBeforeUnloadCheckSync',
  'DestroyProfileOnBrowserClose',
  'HttpsUpgrades',
  'HttpsFirstBalancedModeAutoEnable',
  'LensOverlay',
  'MediaRouter',
  'PaintHolding',
  'ThirdPartyStoragePartitioning',
  'AvoidCorsURLLoaderRestartOnRedirect',
  'TcpPortRandomizationWin',
  'OptimizationHints',
  'NetworkTimeServiceQuerying',
  'AimEnabled',
  'PreconnectToSearch',
  'msForceBrowserSignIn',
  'msEdgeUpdateLaunchServicesPreferredVersion',
];

/**
 * Browser features no test looks at, switched off because they cost as much CPU as the page
 * under test: every browser context opens a window whose address bar preloads two WebUI pages
 * (`chrome://omnibox-popup.top-chrome/`), each in a renderer of its own. Measured on three
 * page loads: Chromium's CPU time 14.9 s with them, 8.3 s without.
 */
export const UNUSED_BROWSER_FEATURES: readonly string[] = [
  'WebUIOmniboxPopup',
  'WebUIOmniboxAimPopup',
];

/** What `launchChromium` passes: our flags, then both lists of features in one switch. */
export const PLAYWRIGHT_CHROMIUM_ARGS: readonly string[] = [
  ...CHROMIUM_FLAGS,
  `--disable-features=${[...PLAYWRIGHT_DISABLED_FEATURES, ...UNUSED_BROWSER_FEATURES].join(',')}`,
];

/** Launches headless Chromium through Playwright. */
export async function launchChromium(): Promise<Browser> {
  requireChromium();
  return chromium.launch({ executablePath: CHROMIUM_PATH, args: [...PLAYWRIGHT_CHROMIUM_ARGS] });
}
