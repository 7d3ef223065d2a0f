import { mkdirSync, readFileSync } from 'node:fs';
import { join } from 'node:path';
import { fileURLToPath } from 'node:url';
import type { Browser, BrowserContext, Page } from 'playwright-core';
import { afterAll, beforeAll, inject } from 'vitest';
import { launchChromium } from './browser';
import { startSite, type RunningSite, type SiteOptions } from './fixture-site';

/** Where screenshots go (git-ignored). */
export const OUTPUT_DIR = fileURLToPath(new URL('../../test-output/', import.meta.url));
mkdirSync(OUTPUT_DIR, { recursive: true });

/** Widths the site is checked at (its breakpoints plus desktop and a phone). */
export const WIDTHS = {
  desktop: 1440,
  tablet: 768,
  character: 600,
  narrow: 500,
  phone: 390,
} as const;

export interface OpenOptions {
  width?: number;
  height?: number;
  /** The visitor's `prefers-reduced-motion` (Chromium's default: no preference). */
  reducedMotion?: 'reduce' | 'no-preference';
  /** Runs before any page script (e.g. fake wallets, clock, storage). */
  init?: (context: BrowserContext, page: Page) => Promise<void> | void;
}

/**
 * Opens `#<path>` of the site in a fresh context at the given width and waits until the
 * route's main content has rendered. Collects page errors so tests can assert there are none.
 */
export async function openPage(
  browser: Browser,
  site: RunningSite,
  path: string,
  options: OpenOptions = {},
): Promise<{ page: Page; context: BrowserContext; errors: string[]; close: () => Promise<void> }> {
  const context = await browser.newContext({
    viewport: { width: options.width ?? WIDTHS.desktop, height: options.height ?? 900 },
    ...(options.reducedMotion === undefined ? {} : { reducedMotion: options.reducedMotion }),
  });
  const page = await context.newPage();
  const errors: string[] = [];
  page.on('pageerror', (error) => errors.push(error.message));
  await options.init?.(context, page);
  await page.goto(`${site.url}#${path}`);
  await appRendered(page);
  return { page, context, errors, close: () => context.close() };
}

/** A browser and a fixture-backed site shared by the tests of one file. */
export interface SiteSession {
  readonly browser: Browser;
  readonly site: RunningSite;
  /** Starts an extra site (custom fixtures/failures) from the same build; closed after the file. */
  startExtra(options?: Omit<SiteOptions, 'distDir'>): Promise<RunningSite>;
  /**
   * Goes to `#<path>` in a page kept open for the whole file at this width (hash changes do not
   * reload, which keeps read-only checks fast). Returns the page and its page errors so far.
   */
  visit(path: string, width?: number): Promise<{ page: Page; errors: string[] }>;
}

/** Registers beforeAll/afterAll hooks that launch Chromium and serve this run's build. */
export function useSiteSession(): SiteSession {
  let browser: Browser | undefined;
  let site: RunningSite | undefined;
  const extras: RunningSite[] = [];
  const shared = new Map<number, { page: Page; errors: string[] }>();
  beforeAll(async () => {
    browser = await launchChromium();
    site = await startSite({ distDir: inject('siteDistDir') });
  });
  afterAll(async () => {
    await Promise.all(extras.map((extra) => extra.close()));
    await browser?.close();
    await site?.close();
  });
  return {
    get browser() {
      if (!browser) throw new Error('browser not started');
      return browser;
    },
    get site() {
      if (!site) throw new Error('site not started');
      return site;
    },
    async visit(path, width = WIDTHS.desktop) {
      if (!browser || !site) throw new Error('session not started');
      let entry = shared.get(width);
      if (!entry) {
        const context = await browser.newContext({ viewport: { width, height: 900 } });
        const page = await context.newPage();
        const errors: string[] = [];
        page.on('pageerror', (error) => errors.push(error.message));
        entry = { page, errors };
        shared.set(width, entry);
      }
      await entry.page.goto(`${site.url}#${path}`);
      await appRendered(entry.page);
      return entry;
    },
    async startExtra(options = {}) {
      const extra = await startSite({ ...options, distDir: inject('siteDistDir') });
      extras.push(extra);
      return extra;
    },
  };
}

/** Fake-clock start for animation tests; the clock is paused so only `runFor` moves time. */
export const FAKE_CLOCK_START = new Date('2026-11-21T12:00:00Z');
/** `pauseAt` must lie ahead of the (naturally flowing) installed clock; pages load after it. */
export const FAKE_CLOCK_PAUSED_AT = new Date(FAKE_CLOCK_START.getTime() + 10_000);

/**
 * Waits until React has rendered the route: its main heading is shown and the app says it has
 * rendered (`<html data-app="rendered">`; on home, once it has adopted the build-time markup
 * index.html shows first), so what a test clicks is the live page, not its picture.
 */
export async function appRendered(page: Page): Promise<void> {
  await page.locator('html[data-app="rendered"]').waitFor({ state: 'attached' });
  await page.locator('main h1').first().waitFor();
}

/** The route's main heading. */
export const mainHeading = (page: Page) => page.locator('main h1').first();

/**
 * The path (`/assets/…`) of the chunk this run's build made for the source module `source`
 * (as Vite's manifest names it, e.g. `src/app/routes/presale.tsx`); throws, naming `what`, if
 * the build has none.
 */
export function builtChunk(source: string, what: string): string {
  const manifest = JSON.parse(
    readFileSync(join(inject('siteDistDir'), '.vite/manifest.json'), 'utf8'),
  ) as Record<string, { file: string }>;
  const chunk = manifest[source];
  if (chunk === undefined) throw new Error(`the build has no ${what}`);
  return `/${chunk.file}`;
}
