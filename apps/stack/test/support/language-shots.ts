import path from 'node:path';
import type { Page } from 'playwright-core';
import { expect } from 'vitest';

/**
 * Full-page screenshots of the current state at 1440 and 390 px, in English and Italian
 * (`<dir>/<name>-<en|it>-<width>.png`); the page is left in English at 1440 px.
 */
export async function languageShots(page: Page, dir: string, name: string): Promise<void> {
  for (const language of ['en', 'it'] as const) {
    await page.setViewportSize({ width: 1440, height: 900 });
    await chooseLanguage(page, language);
    for (const width of [1440, 390]) {
      await page.setViewportSize({ width, height: width < 600 ? 844 : 900 });
      await page.evaluate(() => window.scrollTo({ top: 0, behavior: 'instant' }));
      await page.screenshot({
        path: path.join(dir, `${name}-${language}-${width}.png`),
        fullPage: true,
      });
    }
  }
  await page.setViewportSize({ width: 1440, height: 900 });
  await chooseLanguage(page, 'en');
}

/** Picks the language with the top bar's switch (1440 px) once its catalogue is in. */
export async function chooseLanguage(page: Page, language: 'en' | 'it'): Promise<void> {
  const option = page.locator(`.top-bar__lang [data-testid="lang-${language}"]`);
  await option.click();
  await expect.poll(() => option.getAttribute('aria-pressed')).toBe('true');
}
