// The sale's on-chain rules on the site, set by the operator CLI on the real local chain: the
// sale window (a countdown to the start, the sale opening when it ends, a closed sale) and the
// private round's list (told before Send; a listed wallet's buy carries its proof).
import { mkdtempSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import path from 'node:path';
import type { Keypair } from '@solana/web3.js';
import type { Page } from 'playwright-core';
import { afterEach, describe, expect, it } from 'vitest';
import { appRendered } from '../../test/support/harness';
import { openBuyerPage, saveShot, scrollToPurchaseBox } from '../../test/support/buy-stack';
import {
  connect,
  sendAndWait,
  SOL,
  typeAmount,
  useBuySession,
} from '../../test/support/buy-session';

const session = useBuySession();
const nowSeconds = () => Math.floor(Date.now() / 1000);

async function setWindow(presale: string, start: number, end: number): Promise<void> {
  await session.stack.operatorCli([
    'window',
    'set',
    '--presale',
    presale,
    '--start',
    String(start),
    '--end',
    String(end),
  ]);
}

/** Switches the open page to Italian (remembered like the language switch does) and reloads. */
async function inItalian(page: Page): Promise<void> {
  await page.evaluate(() => localStorage.setItem('fbt.language', 'it'));
  await page.reload();
  await scrollToPurchaseBox(page);
}

describe('the sale window', () => {
  afterEach(async () => {
    await setWindow('public', 0, 0);
  });

  it('before the start the box counts down and Send waits; when the countdown ends the buy goes through', async () => {
    const start = nowSeconds() + 20;
    await setWindow('public', start, 0);
    const wallet = await session.stack.fundedWallet(5);
    const { page, close, errors } = await openBuyerPage(
      session.browser,
      session.stack,
      '/presale',
      {
        wallet,
      },
    );
    await connect(page, wallet);
    const countdown = page.getByTestId('sale-countdown');
    await countdown.waitFor();
    expect(await countdown.locator('.sale-countdown__label').textContent()).toBe(
      'The sale opens in',
    );
    expect(await page.getByTestId('sale-opens-at').textContent()).toMatch(/^Opens \d/);
    expect(await page.getByTestId('purchase-send').isDisabled()).toBe(true);
    // The countdown ends on the chain's time: then the box is live and the program accepts.
    await countdown.waitFor({ state: 'detached', timeout: 45_000 });
    await expect.poll(() => page.getByTestId('purchase-send').isEnabled()).toBe(true);
    await typeAmount(page, '1');
    const { title, text } = await sendAndWait(page);
    expect(title, text).toBe('Transaction successful');
    expect(await session.stack.boughtLamports('public', wallet.publicKey)).toBe(SOL);
    expect(errors).toEqual([]);
    await close();
  });

  it('a start days away shows days, hours, minutes and seconds, in English and Italian', async () => {
    const start = nowSeconds() + ((2 * 24 + 3) * 60 + 4) * 60 + 30;
    await setWindow('public', start, start + 86_400);
    const wallet = session.stack.buyers[2]!;
    const { page, close } = await openBuyerPage(session.browser, session.stack, '/presale', {
      wallet,
    });
    await connect(page, wallet);
    const values = page.locator('.sale-countdown__value');
    await expect.poll(() => values.allTextContents()).toEqual(expect.arrayContaining(['02', '03']));
    expect((await values.allTextContents()).slice(0, 2)).toEqual(['02', '03']);
    expect(await page.locator('.sale-countdown__name').allTextContents()).toEqual([
      'days',
      'hours',
      'min',
      'sec',
    ]);
    await saveShot(page, 'window-countdown');
    await inItalian(page);
    await page.getByTestId('sale-countdown').waitFor();
    expect(await page.locator('.sale-countdown__label').textContent()).toBe('La vendita apre tra');
    expect(await page.getByTestId('sale-opens-at').textContent()).toMatch(/^Apre il \d/);
    await saveShot(page, 'window-countdown-it');
    await close();
  });

  it('once the window has ended the box is replaced by "The presale has ended", live', async () => {
    const { page, close } = await openBuyerPage(session.browser, session.stack, '/presale', {
      width: 390,
    });
    await page.getByTestId('purchase-box').waitFor();
    // The box is in the page's build-time markup: wait until the app has read the presale, so
    // the change below reaches it through the stream, as it reaches a page open for a while.
    await appRendered(page);
    await expect
      .poll(() =>
        page.evaluate(() =>
          performance
            .getEntriesByType('resource')
            .some((entry) => entry.name.endsWith('/api/v1/presales/public')),
        ),
      )
      .toBe(true);
    const end = nowSeconds() - 60;
    await setWindow('public', end - 3_600, end);
    // The chain change reaches the open page through the BFF's stream.
    const ended = page.getByTestId('sale-ended');
    await ended.waitFor({ timeout: 10_000 });
    expect(await page.getByTestId('purchase-box').count()).toBe(0);
    expect(await ended.locator('h2').textContent()).toBe('The presale has ended');
    expect(await ended.locator('p').textContent()).toMatch(
      /^Buying closed on .+\. Thank you, beasts!$/,
    );
    await saveShot(page, 'window-ended');
    await close();
  });

  it('a slow answer read before the window ended never brings the box back after the stream said so', async () => {
    // The presale read the page starts with is answered by the BFF at once (the window still
    // open), then held back here until the stream has told the page the window ended.
    let releaseRead: () => void = () => undefined;
    const readReleased = new Promise<void>((resolve) => (releaseRead = resolve));
    let readAnswered: () => void = () => undefined;
    const answered = new Promise<void>((resolve) => (readAnswered = resolve));
    const context = await session.browser.newContext({ viewport: { width: 1440, height: 900 } });
    try {
      const page = await context.newPage();
      await page.route(/\/api\/v1\/presales\/public$/, async (route) => {
        const response = await route.fetch();
        readAnswered();
        await readReleased;
        await route.fulfill({ response });
      });
      await page.goto(`${session.stack.url}#/presale`);
      await answered;
      const end = nowSeconds() - 60;
      await setWindow('public', end - 3_600, end);
      const ended = page.getByTestId('sale-ended');
      await ended.waitFor({ timeout: 15_000 });
      const staleRead = page.waitForResponse(/\/api\/v1\/presales\/public$/);
      releaseRead();
      await staleRead;
      // Longer than the page needs to apply a read (parse and render).
      await page.waitForTimeout(1_000);
      expect(await ended.isVisible()).toBe(true);
      expect(await page.getByTestId('purchase-box').count()).toBe(0);
    } finally {
      releaseRead();
      await context.close();
    }
  });

  it('an open window with an end says until when', async () => {
    await setWindow('public', nowSeconds() - 60, nowSeconds() + 7 * 86_400);
    const { page, close } = await openBuyerPage(session.browser, session.stack, '/presale');
    await expect
      .poll(() => page.getByTestId('sale-closes-at').textContent())
      .toMatch(/^Open until /);
    await close();
  });
});

describe('the private round’s list', () => {
  let listed: Keypair;

  async function setList(wallets: readonly Keypair[]): Promise<void> {
    const dir = mkdtempSync(path.join(tmpdir(), 'fbt-allowlist-'));
    const file = path.join(dir, 'wallets.csv');
    writeFileSync(file, `${wallets.map((w) => w.publicKey.toBase58()).join('\n')}\n`);
    await session.stack.operatorCli(['allowlist', 'set', '--presale', 'private', '--file', file]);
  }

  afterEach(async () => {
    await session.stack.operatorCli(['allowlist', 'clear', '--presale', 'private']);
  });

  it('a listed wallet is told so and buys (BuyWith carries its proof)', async () => {
    listed = await session.stack.fundedWallet(5);
    const others = await Promise.all([1, 2, 3].map(() => session.stack.fundedWallet(1)));
    await setList([listed, ...others]);
    const { page, close, errors } = await openBuyerPage(
      session.browser,
      session.stack,
      '/private',
      {
        wallet: listed,
      },
    );
    const status = page.getByTestId('allowlist-status');
    await expect
      .poll(() => status.textContent())
      .toBe('The private round is open to listed wallets only.');
    await saveShot(page, 'allowlist-disconnected');
    await connect(page, listed);
    await expect.poll(() => status.getAttribute('data-state')).toBe('listed');
    expect(await status.textContent()).toBe('This wallet is on the private round’s list.');
    await saveShot(page, 'allowlist-listed');
    await typeAmount(page, '1');
    const { title, text } = await sendAndWait(page);
    expect(title, text).toBe('Transaction successful');
    expect(await session.stack.boughtLamports('private', listed.publicKey)).toBe(SOL);
    expect(errors).toEqual([]);
    await close();
  });

  it('a wallet not on the list is told so before Send, which stays disabled (EN and IT)', async () => {
    await setList([await session.stack.fundedWallet(1)]);
    const outsider = await session.stack.fundedWallet(5);
    const { page, close } = await openBuyerPage(session.browser, session.stack, '/private', {
      wallet: outsider,
      width: 390,
    });
    await connect(page, outsider);
    const status = page.getByTestId('allowlist-status');
    await expect.poll(() => status.getAttribute('data-state')).toBe('not-listed');
    expect(await status.textContent()).toBe(
      'This wallet is not on the private round’s list, so it cannot buy here. Connect a listed wallet, or buy on the public presale.',
    );
    expect(await status.getAttribute('role')).toBe('alert');
    await typeAmount(page, '1');
    expect(await page.getByTestId('purchase-send').isDisabled()).toBe(true);
    await saveShot(page, 'allowlist-not-listed');
    await inItalian(page);
    await expect
      .poll(() => status.textContent())
      .toBe(
        'Questo wallet non è nella lista del round privato, quindi qui non può acquistare. Connetti un wallet in lista oppure acquista nella prevendita pubblica.',
      );
    await saveShot(page, 'allowlist-not-listed-it');
    expect(await session.stack.boughtLamports('private', outsider.publicKey)).toBe(0n);
    await close();
  });

  it('the list being unreadable is said and Send waits, never sending a buy the chain refuses', async () => {
    await setList([await session.stack.fundedWallet(1)]);
    const wallet = await session.stack.fundedWallet(2);
    const { page, close } = await openBuyerPage(session.browser, session.stack, '/private', {
      wallet,
    });
    await page.route('**/api/v1/presales/private/allowlist/**', (route) =>
      route.fulfill({
        status: 503,
        contentType: 'application/json',
        body: JSON.stringify({ error: { code: 'ALLOWLIST__UNAVAILABLE', message: 'down' } }),
      }),
    );
    await connect(page, wallet);
    const status = page.getByTestId('allowlist-status');
    await expect
      .poll(() => status.getAttribute('data-state'), { timeout: 15_000 })
      .toBe('unavailable');
    expect(await status.textContent()).toBe(
      'The private round’s list could not be checked right now. Trying again in a moment…',
    );
    expect(await page.getByTestId('purchase-send').isDisabled()).toBe(true);
    await close();
  });
});
