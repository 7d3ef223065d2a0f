// The pages that show live data (goals, presale pages, leaderboard) and the language switch, in
// Chromium, served by the real BFF over fixture data: live updates, stale values and failures.
import type { Page } from 'playwright-core';
import { describe, expect, it } from 'vitest';
import { createFixtures } from '../test/support/fixtures';
import {
  FAKE_CLOCK_PAUSED_AT,
  FAKE_CLOCK_START,
  mainHeading,
  openPage,
  WIDTHS,
  useSiteSession,
} from '../test/support/harness';

const session = useSiteSession();

describe('goals live', () => {
  const status = (page: Page, id: string) => page.getByTestId(`${id}-status`).textContent();
  const opacity = (page: Page, id: string) =>
    page.getByTestId(id).evaluate((el) => Number(getComputedStyle(el).opacity));

  it('shows three paragraphs and live counts in three rows, the third dimmed until 5000', async () => {
    const { page, close } = await openPage(session.browser, session.site, '/live');
    expect(await page.locator('.goals__intro p').count()).toBe(3);
    await expect.poll(() => status(page, 'goal-telegram-1000')).toBe('Completed');
    expect(
      await page
        .getByTestId('goal-telegram-1000')
        .getByRole('img', { name: 'Goal completed badge' })
        .count(),
    ).toBe(1);
    expect(await status(page, 'goal-telegram-5000')).toBe('1,234 members · 3,766 to go');
    expect(await status(page, 'goal-twitter-1000')).toBe('640 users · 360 to go');
    for (const id of ['goal-telegram-10000', 'goal-twitter-10000']) {
      expect(await opacity(page, id)).toBeCloseTo(0.3);
      expect((await status(page, id))?.trim()).toBe('Unlocks when the 5000 goal is reached');
    }
    expect(await opacity(page, 'goal-telegram-5000')).toBe(1);
    await close();
  });

  it('updates live from the websocket stream and reveals the third row at 5000', async () => {
    const { page, close } = await openPage(session.browser, session.site, '/live');
    await expect.poll(() => status(page, 'goal-telegram-5000')).toBe('1,234 members · 3,766 to go');
    const goals = createFixtures().goals;
    session.site.pushGoals({ ...goals, telegram: { ...goals.telegram, count: 5200 } });
    await expect.poll(() => status(page, 'goal-telegram-5000')).toBe('Completed');
    await expect.poll(() => opacity(page, 'goal-telegram-10000')).toBe(1);
    expect(await status(page, 'goal-telegram-10000')).toBe('5,200 members · 4,800 to go');
    expect(await opacity(page, 'goal-twitter-10000')).toBeCloseTo(0.3);
    session.site.pushGoals(goals);
    await close();
  });

  it('marks a stale count as the last known value', async () => {
    const fixtures = createFixtures();
    const stale = await session.startExtra({
      fixtures: { goals: { ...fixtures.goals, x: { ...fixtures.goals.x, stale: true } } },
    });
    const { page, close } = await openPage(session.browser, stale, '/live');
    await expect.poll(() => status(page, 'goal-twitter-1000')).toBe('640 users · 360 to go');
    expect(
      await page
        .getByTestId('goal-twitter-1000')
        .getByText('Last known count — refreshing')
        .count(),
    ).toBe(1);
    expect(
      await page
        .getByTestId('goal-telegram-5000')
        .getByText('Last known count — refreshing')
        .count(),
    ).toBe(0);
    await close();
  });

  it('when goals cannot be fetched at all, the cards show no numbers and the page keeps working', async () => {
    const down = await session.startExtra({ failing: { '/goals': 503 }, noStream: true });
    const { page, errors, close } = await openPage(session.browser, down, '/live');
    await expect
      .poll(() => down.apiRequests.filter((path) => path === '/goals').length)
      .toBeGreaterThan(0);
    for (const id of ['goal-telegram-1000', 'goal-twitter-5000']) {
      expect((await status(page, id))?.trim()).toBe('');
    }
    await page.getByRole('heading', { name: 'Goals Live' }).waitFor();
    expect(errors).toEqual([]);
    await close();
  });

  it('falls back to polling /api/v1/goals when the websocket is refused', async () => {
    const fixtures = createFixtures();
    const noStream = await session.startExtra({ noStream: true });
    try {
      const { page, close } = await openPage(session.browser, noStream, '/live', {
        init: (_context, p) => p.clock.install({ time: new Date('2026-11-21T12:00:00Z') }),
      });
      await expect.poll(() => status(page, 'goal-twitter-1000')).toBe('640 users · 360 to go');
      const before = noStream.apiRequests.filter((path) => path === '/goals').length;
      noStream.pushGoals({ ...fixtures.goals, x: { ...fixtures.goals.x, count: 1500 } });
      await page.clock.runFor(31_000);
      await expect.poll(() => status(page, 'goal-twitter-1000')).toBe('Completed');
      expect(noStream.apiRequests.filter((path) => path === '/goals').length).toBeGreaterThan(
        before,
      );
      await close();
    } finally {
      await noStream.close();
    }
  });
});

describe('presale pages', () => {
  it.each([
    ['/presale', '100 SOL', '37.5 SOL Raised · 62.5 SOL to go', 'Presale'],
    ['/private', '250 SOL', '120 SOL Raised · 130 SOL to go', 'Private round'],
    ['/leader?code=beast42', '800 SOL', '210 SOL Raised · 590 SOL to go', 'Leader round'],
  ])(
    '#%s shows the copy, the purchase box and a %s "SOL Target"',
    async (path, goal, line, badge) => {
      const { page } = await session.visit(path);
      await page.getByText('The presale token price is 0.00005 SOL.').waitFor();
      await page
        .getByText(
          'Distribution starts automatically when 100% of the presale allocation is reached.',
        )
        .waitFor();
      await page.getByText('Will the market make us less frustrated?').waitFor();
      await page.getByRole('heading', { name: 'Become an FBT Holder!' }).waitFor();
      await page.getByText('Enter the Amount and Send Now').waitFor();
      await page.locator('.presale__header .eyebrow', { hasText: badge }).waitFor();
      const card = page.getByTestId('sol-target');
      await card.getByRole('heading', { name: 'SOL Target' }).waitFor();
      await expect.poll(() => card.locator('.progress-card__goal').textContent()).toBe(goal);
      await expect.poll(() => page.getByTestId('sol-target-status').textContent()).toBe(line);
    },
  );

  it('a live Pyth price is shown plainly, without the reference-value mark', async () => {
    const { page } = await session.visit('/presale');
    const price = page.getByTestId('purchase-price');
    await expect.poll(() => price.textContent()).toBe('1 SOL = 145.23 USD');
    expect(await price.getAttribute('data-price-caveat')).toBeNull();
    expect(await page.getByTestId('purchase-price-note').count()).toBe(0);
  });

  it('the leader page reads the leader code from the address', async () => {
    const { page } = await session.visit('/leader?code=beast42');
    await expect
      .poll(() => page.getByTestId('leader-code').textContent())
      .toBe('Leader code: beast42');
    await session.visit('/leader');
    await expect
      .poll(() => page.getByTestId('leader-code').textContent())
      .toBe('No leader code in the link');
  });

  it.each([
    [601, true],
    [600, false],
    [WIDTHS.phone, false],
  ])('at %d px the character image is visible: %s', async (width, visible) => {
    const { page } = await session.visit('/presale', width);
    expect(await page.getByTestId('presale-character').isVisible()).toBe(visible);
  });

  it('the character animates 3 s then 2 s; the eyes on the leader page loop 3 s, 2 s, …', async () => {
    const init = async (_c: unknown, p: Page) => {
      await p.clock.install({ time: FAKE_CLOCK_START });
      await p.clock.pauseAt(FAKE_CLOCK_PAUSED_AT);
      await p.addInitScript(() => {
        Math.random = () => 0; // random pauses take their 5 s minimum
      });
    };
    for (const path of ['/presale', '/leader']) {
      const { page, close } = await openPage(session.browser, session.site, path, { init });
      const frame = () => page.getByTestId('presale-character').getAttribute('data-frame');
      expect(await frame()).toBe('0');
      await page.clock.runFor(3100);
      expect(await frame()).toBe('1');
      await page.clock.runFor(2000);
      expect(await frame()).toBe('0');
      await page.clock.runFor(4800);
      expect(await frame()).toBe('0');
      await page.clock.runFor(200);
      expect(await frame()).toBe('1');
      await page.clock.runFor(2000);
      expect(await frame()).toBe('0');
      await close();
    }
  });

  it('stacks the layout on narrow screens', async () => {
    const { page, close } = await openPage(session.browser, session.site, '/presale', {
      width: WIDTHS.narrow - 10,
    });
    const box = await page.locator('.presale__side').boundingBox();
    const visual = await page.locator('.presale__visual').boundingBox();
    expect(box && visual && box.y > visual.y + visual.height - 1).toBe(true);
    await close();
  });
});

describe('leaderboard', () => {
  it('lists the top leaders with buys, volume and commission in SOL', async () => {
    const { page } = await session.visit('/leaderboard');
    await page.getByTestId('leader-row').first().waitFor();
    const rows = await page
      .getByTestId('leader-row')
      .evaluateAll((trs) =>
        trs.map((tr) => [...tr.querySelectorAll('th, td')].map((cell) => cell.textContent)),
      );
    expect(rows).toEqual([
      ['1', 'beast42', '17', '42.5 SOL', '4.25 SOL'],
      ['2', 'roaring_sam', '9', '18 SOL', '1.8 SOL'],
      ['3', 'calm-mia', '3', '2.5 SOL', '0.25 SOL'],
    ]);
  });

  it('says so clearly when the leaderboard cannot be loaded', async () => {
    const failing = await session.startExtra({ failing: { '/leaderboard': 503 } });
    try {
      const { page, close } = await openPage(session.browser, failing, '/leaderboard');
      await page
        .getByRole('alert')
        .getByText('The leaderboard could not be loaded.', { exact: false })
        .waitFor();
      await page.getByRole('button', { name: 'Try again' }).waitFor();
      await close();
    } finally {
      await failing.close();
    }
  });
});

describe('language', () => {
  it('switches to Italian, remembers it across reloads, and switches back', async () => {
    const { page, close } = await openPage(session.browser, session.site, '/');
    await page.locator('[data-testid="lang-it"]:visible').click();
    await expect.poll(() => mainHeading(page).textContent()).toBe('Basta sprecare soldi');
    expect(await page.evaluate(() => document.documentElement.lang)).toBe('it');
    expect(await page.evaluate(() => localStorage.getItem('fbt.language'))).toBe('it');
    await page.reload();
    await expect.poll(() => mainHeading(page).textContent()).toBe('Basta sprecare soldi');
    await page
      .getByRole('navigation', { name: 'Principale' })
      .getByRole('link', { name: 'Roadmap' })
      .click();
    await expect.poll(() => mainHeading(page).textContent()).toBe('Roadmap FBT');
    await page.locator('[data-testid="lang-en"]:visible').click();
    await expect.poll(() => mainHeading(page).textContent()).toBe('FBT Roadmap');
    await close();
  });
});
