// When the presale pages' wallet code loads: the purchase box is on the page at once without
// it, and the code (web3.js, adapters) comes after the page has loaded, or at the first touch.
import type { Page, Route } from 'playwright-core';
import { describe, expect, it } from 'vitest';
import { builtChunk, openPage, useSiteSession, WIDTHS } from '../test/support/harness';

const session = useSiteSession();

/** The wallet code's lazy chunk, as this build named it. */
function walletChunk(): string {
  return builtChunk('src/app/routes/presale-purchase.tsx', 'wallet chunk for the presale pages');
}

/** When the page finished loading, and when it started fetching `file` (null: not yet). */
function walletTiming(page: Page, file: string) {
  return page.evaluate((chunk) => {
    const navigation = performance.getEntriesByType('navigation')[0] as
      PerformanceNavigationTiming | undefined;
    const fetched = performance
      .getEntriesByType('resource')
      .find((entry) => new URL(entry.name).pathname === chunk);
    return { loadEnd: navigation?.loadEventEnd ?? 0, fetchedAt: fetched?.startTime ?? null };
  }, file);
}

describe('the purchase box before its wallet code', () => {
  it('shows price, amount, estimate and Connect Wallet while the wallet code is held back; what was typed stays when it arrives', async () => {
    const chunk = walletChunk();
    const held: Route[] = [];
    const { page, errors, close } = await openPage(session.browser, session.site, '/presale', {
      width: WIDTHS.phone,
      init: async (_context, newPage) => {
        await newPage.route(`**${chunk}`, (route) => {
          held.push(route);
        });
      },
    });
    const box = page.getByTestId('purchase-box');
    await box.waitFor();
    await expect.poll(() => box.getByTestId('purchase-bought').textContent()).toMatch(/SOL/);
    const input = page.getByTestId('amount-input');
    await input.fill('2');
    await expect
      .poll(() => page.getByTestId('token-estimate').textContent())
      .toMatch(/You will receive/);
    const connect = page.getByTestId('purchase-connect');
    expect(await connect.isEnabled()).toBe(true);
    expect(await connect.textContent()).toBe('Connect Wallet');
    // The page has loaded and asked for the wallet code (idle time or the typing), not got it.
    await expect.poll(() => held.length).toBeGreaterThan(0);

    await connect.click();
    for (const route of held.splice(0)) await route.continue();
    const picker = page.getByRole('dialog', { name: 'Connect Wallet' });
    await picker.getByRole('button', { name: /Phantom Wallet/ }).waitFor();
    expect(await input.inputValue()).toBe('2');
    expect(errors).toEqual([]);
    await close();
  });

  it('is fetched after the page has loaded, with the box in view, when nobody touches the page', async () => {
    const chunk = walletChunk();
    // A desktop shows the box from the start.
    const { page, close } = await openPage(session.browser, session.site, '/presale', {
      width: WIDTHS.desktop,
    });
    await expect.poll(async () => (await walletTiming(page, chunk)).fetchedAt).not.toBeNull();
    const { loadEnd, fetchedAt } = await walletTiming(page, chunk);
    expect(loadEnd).toBeGreaterThan(0);
    expect(fetchedAt).toBeGreaterThanOrEqual(loadEnd);
    await close();
  });

  it('waits on a phone until the visitor scrolls the box into view', async () => {
    const chunk = walletChunk();
    const { page, close } = await openPage(session.browser, session.site, '/presale', {
      width: WIDTHS.phone,
    });
    const box = page.getByTestId('purchase-box');
    // Below the title and picture, less than half of the box shows.
    const shown = await box.evaluate((element) => {
      const { top, height } = element.getBoundingClientRect();
      return Math.max(0, Math.min(height, window.innerHeight - top)) / height;
    });
    expect(shown).toBeLessThan(0.5);
    // Loaded, painted and idle for a while: the old rule (load, then idle) had fetched it by now.
    await page.waitForFunction(() => document.readyState === 'complete');
    await page.waitForTimeout(2_000);
    expect((await walletTiming(page, chunk)).fetchedAt).toBeNull();
    await box.scrollIntoViewIfNeeded();
    await expect.poll(async () => (await walletTiming(page, chunk)).fetchedAt).not.toBeNull();
    await close();
  });

  it('is fetched at once for a remembered wallet (auto-connect), idle time or not', async () => {
    const chunk = walletChunk();
    const scripts: string[] = [];
    const { close } = await openPage(session.browser, session.site, '/presale', {
      init: async (context) => {
        await context.addInitScript(() => {
          localStorage.setItem('walletName', JSON.stringify('Phantom'));
          // The page never gets an idle moment: only the remembered wallet can ask for the code.
          window.requestIdleCallback = () => 0;
        });
        context.on('request', (request) => {
          if (request.resourceType() === 'script') scripts.push(new URL(request.url()).pathname);
        });
      },
    });
    await expect.poll(() => scripts).toContain(chunk);
    await close();
  });
});
