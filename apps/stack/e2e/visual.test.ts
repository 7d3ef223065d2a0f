import AxeBuilder from '@axe-core/playwright';
import type { Page } from 'playwright-core';
import { describe, expect, it } from 'vitest';
import { openPage, OUTPUT_DIR, useSiteSession, WIDTHS } from '../test/support/harness';

const session = useSiteSession();

/** Waits until data-driven content and every image on the page have arrived. */
async function settle(page: Page): Promise<void> {
  // Scroll through the page so lazy images load, then back to the top for the screenshot.
  await page.evaluate(async () => {
    for (let y = 0; y < document.body.scrollHeight; y += window.innerHeight) {
      window.scrollTo(0, y);
      await new Promise((done) => requestAnimationFrame(done));
    }
    window.scrollTo(0, 0);
  });
  await page.waitForFunction(() => [...document.images].every((img) => img.complete));
  await page.waitForFunction(() => !document.querySelector('[aria-busy="true"]'));
  await page.waitForTimeout(300);
}

const pages = [
  ['home', '/'],
  ['roadmap', '/roadmap'],
  ['live', '/live'],
  ['presale', '/presale'],
  ['private', '/private'],
  ['leader', '/leader?code=beast42'],
  ['leaderboard', '/leaderboard'],
  ['swap', '/swap'],
  ['mammamia', '/mammamia'],
  ['not-found', '/nowhere'],
] as const;

describe('keyboard', () => {
  it('the first Tab reaches the skip link, which moves focus to the main content', async () => {
    const { page, close } = await openPage(session.browser, session.site, '/');
    await page.keyboard.press('Tab');
    expect(await page.evaluate(() => document.activeElement?.textContent)).toBe('Skip to content');
    await page.keyboard.press('Enter');
    expect(await page.evaluate(() => document.activeElement?.id)).toBe('main');
    await close();
  });
});

describe('keyboard navigation of the top bar', () => {
  it('tabs through the brand and every menu entry in order; Enter on Whitepaper opens its dialog', async () => {
    const { page, close } = await openPage(session.browser, session.site, '/');
    const focused = () =>
      page.evaluate(() => {
        const el = document.activeElement as HTMLElement | null;
        return el?.getAttribute('aria-label') ?? el?.textContent?.trim() ?? '';
      });
    await page.keyboard.press('Tab'); // skip link
    await page.keyboard.press('Tab');
    expect(await focused()).toBe('Frustrated Beast Token — home');
    const labels: string[] = [];
    for (let i = 0; i < 9; i++) {
      await page.keyboard.press('Tab');
      labels.push((await focused()).replace(/\s*\(opens in a new tab\)/, ''));
    }
    expect(labels).toEqual([
      'Home',
      'Roadmap',
      'Live',
      'Presale',
      'Leaderboard',
      'Swap',
      'Marketplace',
      'NFT',
      'Whitepaper',
    ]);
    await page.keyboard.press('Enter');
    await page.getByRole('dialog', { name: 'Choose Language' }).waitFor();
    await close();
  });
});

describe.each([
  ['desktop', WIDTHS.desktop],
  ['phone', WIDTHS.phone],
] as const)('every page at %s width (%d px)', (label, width) => {
  it.each(pages)(
    '%s: screenshot saved, nothing wider than the viewport, no serious axe violations',
    async (name, path) => {
      const { page } = await session.visit(path, width);
      await settle(page);
      const file = `${OUTPUT_DIR}${name}-${label}-${width}.png`;
      const shot = await page.screenshot({ path: file, fullPage: true });
      expect(shot.byteLength).toBeGreaterThan(10_000);
      expect(await page.evaluate(() => document.documentElement.scrollWidth)).toBeLessThanOrEqual(
        width,
      );
      const results = await new AxeBuilder({ page }).analyze();
      const serious = results.violations
        .filter((v) => v.impact === 'serious' || v.impact === 'critical')
        .map((v) => `${v.id}: ${v.nodes.map((n) => n.target.join(' ')).join(', ')}`);
      expect(serious).toEqual([]);
    },
  );
});

describe.each([
  ['tablet', WIDTHS.tablet],
  ['character', WIDTHS.character],
  ['narrow', WIDTHS.narrow],
] as const)('key pages at the %s breakpoint (%d px)', (label, width) => {
  it.each([pages[0], pages[2], pages[3], pages[6]])(
    '%s: screenshot saved and nothing wider than the viewport',
    async (name, path) => {
      const { page } = await session.visit(path, width);
      await settle(page);
      const shot = await page.screenshot({
        path: `${OUTPUT_DIR}${name}-${label}-${width}.png`,
        fullPage: true,
      });
      expect(shot.byteLength).toBeGreaterThan(10_000);
      expect(await page.evaluate(() => document.documentElement.scrollWidth)).toBeLessThanOrEqual(
        width,
      );
    },
  );
});
