// The marketing pages (home, roadmap) in Chromium, served by the real BFF over fixture data.
import { describe, expect, it } from 'vitest';
import {
  builtChunk,
  FAKE_CLOCK_PAUSED_AT,
  FAKE_CLOCK_START,
  openPage,
  useSiteSession,
} from '../test/support/harness';

const session = useSiteSession();

describe('home', () => {
  it('has the hero, stats, features, product, whitepaper and hold sections in order', async () => {
    const { page } = await session.visit('/');
    const ids = await page.locator('main section[id]').evaluateAll((els) => els.map((el) => el.id));
    expect(ids).toEqual(['home', 'features', 'product', 'whitepaper', 'marketplace']);
    await page.getByText('soul frustration lighter', { exact: false }).first().waitFor();
    await page.getByText('happiness instead of frustration', { exact: false }).waitFor();
    await page.getByText('mutates over time', { exact: false }).waitFor();
    const stats = await page
      .locator('.stats__item')
      .evaluateAll((els) => els.map((el) => el.querySelector('dd')?.textContent));
    expect(stats).toEqual(['Tradable', '100M', 'Transparent']);
    await page.getByRole('heading', { name: 'A Team ready to impress you' }).waitFor();
    await page.getByRole('heading', { name: 'Read Whitepaper' }).waitFor();
    await page.getByText('airdrop', { exact: false }).first().waitFor();
    await page.getByRole('heading', { name: 'Hold the Token' }).waitFor();
    expect(
      await page.getByRole('link', { name: /Visit the Marketplace/ }).getAttribute('target'),
    ).toBe('_blank');
  });

  it('with reduced motion, the hero pulse runs once and stops while the busy spinner keeps turning slowly', async () => {
    const { page, close } = await openPage(session.browser, session.site, '/', {
      reducedMotion: 'reduce',
    });
    try {
      const pulse = await page.locator('.hero__pulse').evaluate((element) => {
        const style = getComputedStyle(element, '::after');
        return { name: style.animationName, count: style.animationIterationCount };
      });
      expect(pulse).toEqual({ name: 'pulse', count: '1' });
      // Nothing left running: no frame is painted for an animation nobody is meant to see.
      await expect
        .poll(() =>
          page.evaluate(
            () => document.getAnimations().filter((a) => a.playState === 'running').length,
          ),
        )
        .toBe(0);
      // The spinner's styles come with the presale page.
      await page.goto(`${session.site.url}#/presale`);
      await page.getByTestId('purchase-box').waitFor();
      const spinner = await page.evaluate(() => {
        const element = document.createElement('span');
        element.className = 'transaction-spinner';
        document.body.append(element);
        const style = getComputedStyle(element);
        const result = {
          duration: style.animationDuration,
          count: style.animationIterationCount,
        };
        element.remove();
        return result;
      });
      expect(spinner).toEqual({ duration: '2.4s', count: 'infinite' });
    } finally {
      await close();
    }
  });

  it('the hero swaps pictures: first 3 s, second 1 s, first 1 s, second 5-15 s', async () => {
    const { page, close } = await openPage(session.browser, session.site, '/', {
      init: async (_context, p) => {
        await p.clock.install({ time: FAKE_CLOCK_START });
        await p.clock.pauseAt(FAKE_CLOCK_PAUSED_AT);
        await p.addInitScript(() => {
          Math.random = () => 0; // the random pause is then its 5 s minimum
        });
      },
    });
    const frame = () => page.getByTestId('hero-art').getAttribute('data-frame');
    expect(await frame()).toBe('0');
    await page.clock.runFor(2900);
    expect(await frame()).toBe('0');
    await page.clock.runFor(200);
    expect(await frame()).toBe('1');
    await page.clock.runFor(1000);
    expect(await frame()).toBe('0');
    await page.clock.runFor(1000);
    expect(await frame()).toBe('1');
    await page.clock.runFor(4800);
    expect(await frame()).toBe('1');
    await page.clock.runFor(200);
    expect(await frame()).toBe('0');
    await close();
  });

  it('the footer follows the link rules and carries the disclaimer and © 2024', async () => {
    const { page } = await session.visit('/');
    const footer = page.locator('footer');
    for (const group of ['Useful Links', 'Community', 'Partner']) {
      await footer.getByRole('heading', { name: group }).waitFor();
    }
    const mail = footer.getByRole('link', { name: 'Become a Partner' });
    expect(await mail.getAttribute('href')).toMatch(/^mailto:.+@/);
    expect(await mail.getAttribute('target')).toBeNull();
    const external = footer.getByRole('link', { name: /Terms & Services/ });
    expect(await external.getAttribute('target')).toBe('_blank');
    const howItWorks = footer.getByRole('link', { name: /How it Works/ });
    const english = footer.getByRole('link', { name: /Whitepaper \(English\)/ });
    expect(await howItWorks.getAttribute('href')).toBe(await english.getAttribute('href'));
    // No audit report is configured in the fixtures: no audit is claimed.
    expect(await footer.getByTestId('audit-link').count()).toBe(0);
    await footer
      .getByRole('link', { name: /X \(Twitter\)/ })
      .first()
      .waitFor();
    await footer.getByText('© 2024').waitFor();
    const disclaimer = await footer.locator('.footer__disclaimer').textContent();
    for (const phrase of [
      'zero intrinsic value',
      'supply and demand',
      'whole capital',
      'No refund',
    ]) {
      expect(disclaimer).toContain(phrase);
    }
  });

  it('loads nothing from third parties and every image has width and height', async () => {
    const hosts = new Set<string>();
    const { page, close } = await openPage(session.browser, session.site, '/', {
      init: (context) => {
        context.on('request', (request) => hosts.add(new URL(request.url()).host));
      },
    });
    await page.waitForLoadState('networkidle');
    expect([...hosts]).toEqual([new URL(session.site.url).host]);
    const missing = await page
      .locator('img')
      .evaluateAll((imgs) =>
        imgs
          .filter((img) => !img.getAttribute('width') || !img.getAttribute('height'))
          .map((img) => img.outerHTML),
      );
    expect(missing).toEqual([]);
    await close();
  });

  it('does not load presale or wallet code on marketing routes', async () => {
    const presaleChunk = builtChunk('src/app/routes/presale.tsx', 'presale page chunk');
    const scripts: string[] = [];
    const { page, close } = await openPage(session.browser, session.site, '/', {
      init: (context) => {
        context.on('request', (request) => {
          if (request.resourceType() === 'script') scripts.push(new URL(request.url()).pathname);
        });
      },
    });
    for (const name of ['Roadmap', 'Live', 'Leaderboard']) {
      await page
        .getByRole('navigation', { name: 'Main' })
        .getByRole('link', { name, exact: true })
        .click();
      await page.waitForLoadState('networkidle');
    }
    expect(scripts).not.toContain(presaleChunk);
    await page
      .getByRole('navigation', { name: 'Main' })
      .getByRole('link', { name: 'Presale', exact: true })
      .click();
    await page.getByRole('heading', { name: 'Become an FBT Holder!' }).waitFor();
    expect(scripts).toContain(presaleChunk);
    await close();
  });
});

describe('roadmap', () => {
  it('shows the subtitle and the four steps in order', async () => {
    const { page } = await session.visit('/roadmap');
    await page
      .getByText('Navigating Our Path to Innovation: From Team Distribution to Token Launch.')
      .waitFor();
    const steps = await page
      .getByTestId('roadmap-step')
      .evaluateAll((els) =>
        els.map((el) => [
          el.querySelector('h2')?.textContent,
          el.querySelector('.timeline__text')?.textContent,
        ]),
      );
    expect(steps).toEqual([
      ['First Step', 'Distribution to project team and new potential deals.'],
      [
        'Second Step',
        'Creation of communication and information channels; airdrop distribution along with social media campaign and contests.',
      ],
      ['Third Step', 'NFT Scream collection launch and Presale.'],
      ['Fourth Step', 'Token Launch.'],
    ]);
  });
});
