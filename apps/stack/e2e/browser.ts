import { existsSync } from 'node:fs';
import { chromium, type Browser } from 'playwright-core';

/** Debian's Chromium: the only browser these tests drive. */
export const CHROMIUM_PATH = '/usr/bin/chromium';

/** Launches headless Chromium, failing loudly (with the fix) when it is not installed. */
export async function launchChromium(): Promise<Browser> {
  if (!existsSync(CHROMIUM_PATH)) {
    throw new Error(
      `Chromium is required for the browser tests but ${CHROMIUM_PATH} is missing. Install it with: apt-get install -y chromium`,
    );
  }
  return chromium.launch({
    executablePath: CHROMIUM_PATH,
    args: [
      '--headless',
      '--no-sandbox',
      '--disable-gpu',
      '--disable-background-networking',
      '--disable-component-update',
      '--disable-sync',
    ],
  });
}
