import { describe, expect, it } from 'vitest';
import { SAMPLE_CONTENT_DIR, sampleContentEnv } from '../src/sample-content';
import { createFixtures } from '../test/support/fixtures';
import { OUTPUT_DIR, WIDTHS, openPage, useSiteSession } from '../test/support/harness';

const session = useSiteSession();
const base = createFixtures().config;
const shot = (name: string) => ({ path: `${OUTPUT_DIR}${name}.png`, fullPage: false });

describe('content the operator owns', () => {
  it('with no link configured, nothing leads nowhere: no columns, socials, audit or whitepaper', async () => {
    const bare = await session.startExtra({
      fixtures: { config: { ...base, links: {}, content: { sample: false, auditFirm: null } } },
    });
    const { page, close } = await openPage(session.browser, bare, '/');
    const footer = page.locator('footer');
    await footer.locator('.footer__disclaimer').waitFor();
    for (const group of ['Useful Links', 'Community', 'Partner']) {
      expect(await footer.getByRole('heading', { name: group }).count()).toBe(0);
    }
    expect(await footer.locator('.footer__socials').count()).toBe(0);
    expect(await footer.getByTestId('audit-link').count()).toBe(0);
    expect(await page.getByRole('button', { name: 'Read Whitepaper' }).count()).toBe(0);
    const nav = page.getByRole('navigation', { name: 'Main' });
    expect(await nav.locator('[data-nav="nft"]').count()).toBe(0);
    expect(await nav.locator('[data-nav="whitepaper"]').count()).toBe(0);
    expect(await page.getByRole('link', { name: /Visit the Marketplace/ }).count()).toBe(0);
    await page.goto(`${bare.url}#/mammamia`);
    await page.locator('main h1').waitFor();
    expect(await page.getByTestId('first-step').count()).toBe(0);
    await close();
  });

  it('configured links are shown, and the audit badge names the configured firm', async () => {
    const audited = await session.startExtra({
      fixtures: {
        config: {
          ...base,
          links: { ...base.links, auditReport: 'https://audits.example.org/fbt.pdf' },
          content: { sample: false, auditFirm: 'Example Audits' },
        },
      },
    });
    for (const width of [WIDTHS.desktop, WIDTHS.phone]) {
      const { page, close } = await openPage(session.browser, audited, '/', { width });
      const footer = page.locator('footer');
      const audit = footer.getByTestId('audit-link');
      await audit.waitFor();
      expect(await audit.getAttribute('href')).toBe('https://audits.example.org/fbt.pdf');
      expect(await audit.textContent()).toContain('Audited by');
      expect(await audit.textContent()).toContain('Example Audits');
      const partner = footer.getByRole('link', { name: 'Become a Partner' });
      expect(await partner.getAttribute('href')).toBe('mailto:partners@example.org');
      expect(
        await footer.getByRole('link', { name: /Terms & Services/ }).getAttribute('href'),
      ).toBe('https://docs.example.org/fbt/terms.pdf');
      await footer.scrollIntoViewIfNeeded();
      await footer.screenshot({ path: `${OUTPUT_DIR}footer-audited-${width}.png` });
      await close();
    }
  });

  it('sample content is served as PDFs from the content directory and marked as sample', async () => {
    const env = sampleContentEnv();
    const sample = await session.startExtra({
      contentDir: SAMPLE_CONTENT_DIR,
      fixtures: {
        config: {
          ...base,
          links: JSON.parse(env.PUBLIC_LINKS ?? '{}') as Record<string, string>,
          content: { sample: true, auditFirm: null },
        },
      },
    });
    const response = await fetch(new URL('/content/whitepaper-en.pdf', sample.url));
    expect(response.headers.get('content-type')).toBe('application/pdf');
    expect((await response.text()).startsWith('%PDF-1.4')).toBe(true);
    for (const width of [WIDTHS.desktop, WIDTHS.phone]) {
      const { page, close } = await openPage(session.browser, sample, '/', { width });
      const note = page.getByTestId('sample-content-note');
      await note.waitFor();
      expect(await note.textContent()).toContain('sample documents');
      expect(await page.getByTestId('audit-link').count()).toBe(0);
      await page.locator('.hero').getByRole('button', { name: 'Read Whitepaper' }).click();
      const dialog = page.getByRole('dialog', { name: 'Choose Language' });
      await dialog.waitFor();
      expect(await dialog.getByTestId('whitepaper-sample-note').textContent()).toContain(
        'sample documents',
      );
      expect(await dialog.getByRole('link', { name: /English/ }).getAttribute('href')).toBe(
        '/content/whitepaper-en.pdf',
      );
      await page.screenshot(shot(`whitepaper-sample-${width}`));
      await close();
    }
  });
});

describe('the top bar from 769 px up', () => {
  it.each([
    [769, '/'],
    [769, '/presale'],
    [1024, '/presale'],
    [1280, '/'],
    [1440, '/presale'],
  ])('at %d px on %s every menu entry is visible inside the window', async (width, path) => {
    const { page, close } = await openPage(session.browser, session.site, path, { width });
    expect(await page.getByTestId('menu-toggle').isVisible()).toBe(false);
    const links = page.getByRole('navigation', { name: 'Main' }).locator('.nav__link');
    await expect.poll(() => links.count()).toBe(9);
    for (const link of await links.all()) {
      expect(await link.isVisible()).toBe(true);
      const box = await link.boundingBox();
      expect(box).not.toBeNull();
      expect(box!.x).toBeGreaterThanOrEqual(0);
      expect(box!.x + box!.width).toBeLessThanOrEqual(width);
    }
    expect(await page.evaluate(() => document.documentElement.scrollWidth)).toBe(width);
    await page
      .locator('header.top-bar')
      .screenshot({ path: `${OUTPUT_DIR}top-bar-${width}${path.replace('/', '-')}.png` });
    await close();
  });

  it('at 768 px the menu is behind the icon', async () => {
    const { page, close } = await openPage(session.browser, session.site, '/', { width: 768 });
    expect(await page.getByTestId('menu-toggle').isVisible()).toBe(true);
    expect(await page.getByRole('navigation', { name: 'Main' }).isVisible()).toBe(false);
    await close();
  });
});

describe('the Italian site', () => {
  it('shows the amount validation messages in Italian', async () => {
    const { page, close } = await openPage(session.browser, session.site, '/presale', {
      init: async (context) => {
        await context.addInitScript(() => localStorage.setItem('fbt.language', 'it'));
      },
    });
    const input = page.getByTestId('amount-input');
    await input.fill('');
    await expect
      .poll(() => page.getByTestId('amount-error').textContent())
      .toBe('Il campo importo è vuoto');
    await input.fill('0.01');
    await expect
      .poll(() => page.getByTestId('amount-error').textContent())
      .toMatch(/^Importo troppo basso\. Min [\d.]+ SOL$/);
    await input.fill('abc');
    await expect
      .poll(() => page.getByTestId('amount-error').textContent())
      .toBe('L’importo deve essere un numero');
    await page.screenshot(shot('amount-error-it-1440'));
    await close();
  });
});
