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

/** Launches headless Chromium through Playwright. */
export async function launchChromium(): Promise<Browser> {
  requireChromium();
  return chromium.launch({ executablePath: CHROMIUM_PATH, args: [...CHROMIUM_FLAGS] });
}
