// The first paint of the pages rendered at build time (home, the presale and leader pages) in
// Chromium:
// what index.html and the stylesheet show before any script has run, and the app adopting
// that markup in place. Served by the real BFF over fixture data.
import { describe, expect, it } from 'vitest';
import type { Page } from 'playwright-core';
import { appRendered, openPage, useSiteSession, WIDTHS } from '../test/support/harness';

const session = useSiteSession();
/** Where the first screen's parts are, and where its links lead. */
function firstScreen(page: Page) {
  return page.evaluate(() => {
    const box = (selector: string) => {
      const rect = document.querySelector(selector)?.getBoundingClientRect();
      return rect ? [rect.x, rect.y, rect.width, rect.height].map(Math.round) : null;
    };
    return {
      boxes: Object.fromEntries(
        [
          'header.top-bar',
          '.brand',
          '.hero__eyebrow',
          '.hero__title',
          '.hero__body',
          '.hero__actions',
          '.hero__img.is-visible',
          '.stats',
        ].map((selector) => [selector, box(selector)]),
      ),
      presaleLink: document.querySelector('.hero__actions a')?.getAttribute('href'),
      // Rendered headings: the presale page's hidden markup has one too, until the app starts.
      headings: [...document.querySelectorAll('h1')].filter((h1) => h1.getClientRects().length > 0)
        .length,
    };
  });
}

/** A page whose entry script never arrives: what it shows is index.html and the stylesheet. */
async function withoutTheApp(width: number, path: string, language?: 'it') {
  const context = await session.browser.newContext({ viewport: { width, height: 900 } });
  const page = await context.newPage();
  await page.route(/\/assets\/index-[\w-]+\.js$/, (route) => route.abort());
  if (language !== undefined) {
    await page.addInitScript((value) => localStorage.setItem('fbt.language', value), language);
  }
  await page.goto(`${session.site.url}#${path}`);
  await page.waitForLoadState('load');
  return { page, close: () => context.close() };
}

/**
 * A page (home unless `path` says otherwise) whose entry script is held back until `release()`:
 * the test sees the build-time markup first (`shown`, once visible), then the app taking it
 * over. Collects console errors.
 */
async function withHeldApp(
  width: number,
  init?: (page: Page) => Promise<unknown>,
  { path = '/', shown = '.hero__body' }: { path?: string; shown?: string } = {},
) {
  const context = await session.browser.newContext({ viewport: { width, height: 900 } });
  const page = await context.newPage();
  const consoleErrors: string[] = [];
  page.on('console', (message) => {
    if (message.type() === 'error') consoleErrors.push(message.text());
  });
  let release: () => void = () => undefined;
  const released = new Promise<void>((resolve) => (release = resolve));
  await page.route(/\/assets\/index-[\w-]+\.js$/, async (route) => {
    await released;
    await route.continue();
  });
  await init?.(page);
  // Not waiting for 'load': it waits for the entry script held back here.
  await page.goto(`${session.site.url}#${path}`, { waitUntil: 'commit' });
  await page.locator(shown).waitFor();
  return { page, release, consoleErrors, close: () => context.close() };
}

/**
 * Releases a held app (see {@link withHeldApp}) and, once it has rendered, says whether the
 * element `selector` names is still the one painted first: adopted by React, not rebuilt.
 */
async function releaseKeeps(
  live: Awaited<ReturnType<typeof withHeldApp>>,
  selector: string,
): Promise<boolean> {
  await live.page.evaluate((query) => {
    (window as { firstPainted?: Element | null }).firstPainted = document.querySelector(query);
  }, selector);
  live.release();
  await appRendered(live.page);
  return live.page.evaluate(
    (query) =>
      (window as { firstPainted?: Element | null }).firstPainted === document.querySelector(query),
    selector,
  );
}

describe("home's first paint (markup rendered at build time)", () => {
  it('shows the hero before any script runs; the app adopts that markup in place, on desktop and on a phone', async () => {
    for (const width of [WIDTHS.desktop, WIDTHS.phone]) {
      const early = await withoutTheApp(width, '/');
      const before = await firstScreen(early.page);
      expect(
        await early.page.evaluate(() => document.documentElement.getAttribute('data-first-paint')),
      ).toBe('home');
      expect(await early.page.locator('.hero__body').isVisible()).toBe(true);
      // A click before the script has run lands where it will afterwards.
      expect(before.presaleLink).toBe('#/presale');
      await early.close();

      // Compared with the app's page before the config answer, as the markup is: configured
      // links (the whitepaper button) appear on both only when that answer arrives.
      const live = await withHeldApp(width, (page) =>
        page.route('**/api/v1/config', () => undefined),
      );
      // Hydrated, not rebuilt: the very element painted first is the app's, in the same place.
      expect(await releaseKeeps(live, '.hero__body')).toBe(true);
      const after = await firstScreen(live.page);
      expect(after).toEqual(before);
      expect(Object.values(after.boxes).every((value) => value !== null)).toBe(true);
      expect(live.consoleErrors.filter((text) => /hydrat/i.test(text))).toEqual([]);
      // And it answers: on a phone, the menu button opens the menu.
      if (width === WIDTHS.phone) {
        await live.page.getByTestId('menu-toggle').click();
        await live.page.locator('nav.nav--open').waitFor();
      }
      await live.close();
    }
  });

  it('a visitor who scrolls the first paint stays where they scrolled when the app takes over', async () => {
    const live = await withHeldApp(WIDTHS.desktop);
    try {
      await live.page.evaluate(() => window.scrollTo(0, 600));
      live.release();
      await appRendered(live.page);
      // After React's effects have run (they follow the commit by a frame or so).
      await live.page.waitForLoadState('load');
      await live.page.evaluate(
        () => new Promise((resolve) => requestAnimationFrame(() => setTimeout(resolve, 100))),
      );
      expect(await live.page.evaluate(() => window.scrollY)).toBe(600);
    } finally {
      await live.close();
    }
  });

  it('stays hidden on every other route and for Italian visitors, who never see English pages', async () => {
    for (const [path, language] of [
      ['/leader/earnings'],
      ['/presale/x'],
      ['/', 'it'],
      ['/presale', 'it'],
    ] as const) {
      const early = await withoutTheApp(WIDTHS.desktop, path, language);
      // Once the body is parsed the head script removes every page's markup none is shown of.
      expect(await early.page.locator('#root > [data-prerender]').count()).toBe(0);
      expect(await early.page.locator('h1').first().isVisible()).toBe(false);
      await early.close();
    }
    const italian = await openPage(session.browser, session.site, '/', {
      init: async (_context, page) => {
        await page.addInitScript(() => localStorage.setItem('fbt.language', 'it'));
      },
    });
    expect(await italian.page.locator('html').getAttribute('lang')).toBe('it');
    expect(await italian.page.locator('h1').count()).toBe(1);
    await italian.close();
  });
});

/**
 * Where a presale page's first screen's parts are, in its build-time markup's element (the other
 * pages' hidden markup, before the app drops it, has a top bar and a title too).
 */
function presaleScreen(page: Page, name: 'presale' | 'leader' = 'presale') {
  return page.evaluate((prerendered) => {
    const box = (selector: string) => {
      const rect = document
        .querySelector(`#root > [data-prerender="${prerendered}"] ${selector}`)
        ?.getBoundingClientRect();
      return rect ? [rect.x, rect.y, rect.width, rect.height].map(Math.round) : null;
    };
    return Object.fromEntries(
      [
        'header.top-bar',
        '.presale__header .page-title',
        '.presale__copy',
        '.presale__image',
        '[data-testid="purchase-box"]',
        '[data-testid="sol-target"]',
      ].map((selector) => [selector, box(selector)]),
    );
  }, name);
}

describe("the presale page's first paint (markup rendered at build time)", () => {
  it('shows the page, its picture and the box before any script runs; the app adopts that markup in place', async () => {
    for (const width of [WIDTHS.desktop, WIDTHS.phone]) {
      const early = await withoutTheApp(width, '/presale');
      expect(
        await early.page.evaluate(() => document.documentElement.getAttribute('data-first-paint')),
      ).toBe('presale');
      expect(await early.page.getByRole('heading', { name: 'Presale', level: 1 }).isVisible()).toBe(
        true,
      );
      if (width === WIDTHS.desktop) {
        expect(
          await early.page.locator('[data-prerender="presale"] .presale__image').isVisible(),
        ).toBe(true);
      }
      expect(await early.page.locator('.hero__body').isVisible()).toBe(false);
      const before = await presaleScreen(early.page);
      // Every part of the first screen is in the markup, the box and the target card included.
      expect(Object.values(before).every((value) => value !== null)).toBe(true);
      await early.close();

      const live = await withHeldApp(
        width,
        (page) => page.route('**/api/v1/config', () => undefined),
        { path: '/presale', shown: '[data-prerender="presale"] .presale__header .page-title' },
      );
      expect(await releaseKeeps(live, '.presale__image')).toBe(true);
      // Home's hidden markup is gone: the document holds each id once.
      expect(await live.page.locator('#root > [data-prerender]').count()).toBe(1);
      expect(await live.page.locator('[id="main"]').count()).toBe(1);
      expect(live.consoleErrors.filter((text) => /hydrat/i.test(text))).toEqual([]);
      // The first screen has not moved: the title, the copy and the picture are where they
      // were painted (the box and the target card fill in as the presale answer arrives).
      const after = await presaleScreen(live.page);
      for (const part of ['header.top-bar', '.presale__header .page-title', '.presale__copy']) {
        expect(after[part]).toEqual(before[part]);
      }
      expect(after['.presale__image']).toEqual(before['.presale__image']);
      // The box is the app's now: Connect Wallet opens the picker.
      await live.page.getByTestId('purchase-connect').click();
      await live.page.getByRole('dialog', { name: 'Connect Wallet' }).waitFor();
      await live.close();
    }
  });

  it("a link clicked while the app waits for the page's code leads to that page, built from scratch", async () => {
    let releaseRoute: () => void = () => undefined;
    const routeReleased = new Promise<void>((resolve) => (releaseRoute = resolve));
    const live = await withHeldApp(
      WIDTHS.desktop,
      (page) =>
        page.route(/\/assets\/presale-[\w-]+\.js$/, async (route) => {
          await routeReleased;
          await route.continue();
        }),
      { path: '/presale', shown: '[data-prerender="presale"] .presale__header .page-title' },
    );
    try {
      const entry = live.page.waitForResponse(/\/assets\/index-[\w-]+\.js$/);
      live.release();
      await entry;
      // The entry is running and waits for the presale chunk, held here.
      await live.page.waitForTimeout(500);
      await live.page
        .getByRole('navigation', { name: 'Main' })
        .getByRole('link', { name: 'Roadmap' })
        .click();
      releaseRoute();
      await appRendered(live.page);
      await live.page.getByRole('heading', { name: 'FBT Roadmap' }).waitFor();
      expect(await live.page.locator('#root > [data-prerender]').count()).toBe(0);
      expect(await live.page.locator('h1').count()).toBe(1);
      expect(live.consoleErrors.filter((text) => /hydrat/i.test(text))).toEqual([]);
    } finally {
      releaseRoute();
      await live.close();
    }
  });
});

describe("the leader page's first paint (markup rendered at build time)", () => {
  const LEADER = '[data-prerender="leader"]';

  it('shows the page, its picture and the box before any script runs, whatever the code; the app adopts that markup in place and reads the code', async () => {
    for (const width of [WIDTHS.desktop, WIDTHS.phone]) {
      const early = await withoutTheApp(width, '/leader?code=beast42');
      expect(
        await early.page.evaluate(() => document.documentElement.getAttribute('data-first-paint')),
      ).toBe('leader');
      expect(await early.page.locator(`${LEADER} .presale__header .eyebrow`).textContent()).toBe(
        'Leader round',
      );
      expect(await early.page.getByRole('heading', { name: 'Presale', level: 1 }).isVisible()).toBe(
        true,
      );
      if (width === WIDTHS.desktop) {
        expect(await early.page.locator(`${LEADER} .presale__image`).isVisible()).toBe(true);
      }
      // The markup cannot know the link's code: it says it is reading it, never that none is there.
      expect(await early.page.getByTestId('leader-code').textContent()).toBe('Leader code: …');
      // And the box counts it as being checked (Send would wait for the check).
      expect(await early.page.locator(`${LEADER} .purchase__note`).textContent()).toBe(
        'Checking the leader code…',
      );
      // The other pages' markup is gone: the presale page's has the same ids.
      expect(await early.page.locator('#root > [data-prerender]').count()).toBe(1);
      const before = await presaleScreen(early.page, 'leader');
      expect(Object.values(before).every((value) => value !== null)).toBe(true);
      await early.close();

      const live = await withHeldApp(
        width,
        (page) => page.route('**/api/v1/config', () => undefined),
        { path: '/leader?code=beast42', shown: `${LEADER} .presale__header .page-title` },
      );
      expect(await releaseKeeps(live, `${LEADER} .presale__image`)).toBe(true);
      expect(await live.page.locator('#root > [data-prerender]').count()).toBe(1);
      expect(await live.page.locator('[id="main"]').count()).toBe(1);
      expect(live.consoleErrors.filter((text) => /hydrat/i.test(text))).toEqual([]);
      // Adopted, the page reads its link: the code, and the box checks it with the BFF.
      await expect
        .poll(() => live.page.getByTestId('leader-code').textContent())
        .toBe('Leader code: beast42');
      const after = await presaleScreen(live.page, 'leader');
      for (const part of [
        'header.top-bar',
        '.presale__header .page-title',
        '.presale__copy',
        '.presale__image',
      ]) {
        expect(after[part]).toEqual(before[part]);
      }
      await live.page.getByTestId('purchase-connect').click();
      await live.page.getByRole('dialog', { name: 'Connect Wallet' }).waitFor();
      await live.close();
    }
  });

  it('a link without a code: the markup says it is reading it, the app then says none is there', async () => {
    const live = await withHeldApp(WIDTHS.desktop, undefined, {
      path: '/leader',
      shown: `${LEADER} .presale__header .page-title`,
    });
    try {
      expect(await live.page.getByTestId('leader-code').textContent()).toBe('Leader code: …');
      expect(await releaseKeeps(live, `${LEADER} .presale__image`)).toBe(true);
      await expect
        .poll(() => live.page.getByTestId('leader-code').textContent())
        .toBe('No leader code in the link');
      expect(live.consoleErrors.filter((text) => /hydrat/i.test(text))).toEqual([]);
    } finally {
      await live.close();
    }
  });
});
