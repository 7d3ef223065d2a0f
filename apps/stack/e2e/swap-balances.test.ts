// The swap card's figures in Chromium, over the loopback pool on the real local chain: every
// number of the card is written one way in each language (the estimate field too, until it is
// focused), and SOL funded from outside the page (the operator CLI's `fund`) shows at once,
// pushed through the BFF's `/rpc` websocket. Photographed at 1440 and 390 px in
// test-output/swap/.
import { execFile } from 'node:child_process';
import path from 'node:path';
import { promisify } from 'node:util';
import type { PublicKey } from '@solana/web3.js';
import type { Browser, Page } from 'playwright-core';
import { afterAll, beforeAll, describe, expect, inject, it } from 'vitest';
import type { Stack } from '../src/stack';
import { launchChromium } from '../test/support/browser';
import {
  fundedWallet as fundedWalletOn,
  openSwap as openSwapPage,
  settledQuote,
  SOL,
  startSwapStack,
  swapShot as shot,
} from '../test/support/swap-page';

let stack: Stack;
let browser: Browser;

beforeAll(async () => {
  [stack, browser] = await Promise.all([startSwapStack(inject('siteDistDir')), launchChromium()]);
}, 180_000);

afterAll(async () => {
  await browser?.close();
  await stack?.stop();
});

const fundedWallet = (sol: number) => fundedWalletOn(stack, sol);
const openSwap = (
  wallet: Parameters<typeof openSwapPage>[2],
  width: number,
  language: 'en' | 'it',
) => openSwapPage(browser, stack, wallet, width, language);

/** `fbt-operator fund`, the operator CLI as a developer runs it, against the stack's chain. */
async function operatorFund(wallet: PublicKey, sol: number): Promise<void> {
  const cli = path.resolve(import.meta.dirname, '../../operator/bin/fbt-operator.mjs');
  const rpcUrl = stack.localnet?.rpcUrl;
  if (rpcUrl === undefined) throw new Error('the stack runs no local chain');
  await promisify(execFile)(process.execPath, [
    cli,
    'fund',
    '--wallet',
    wallet.toBase58(),
    '--sol',
    String(sol),
    '--url',
    rpcUrl,
  ]);
}

/** A number as each language writes it: EN groups by commas, IT by dots (not at 4 digits). */
const WELL_FORMED = {
  en: /^\d{1,3}(,\d{3})*(\.\d+)?$/,
  it: /^(\d{1,4}|\d{1,3}(\.\d{3})+)(,\d+)?$/,
} as const;

/** Every number the swap card shows: fields, balances and the quote's lines (not the pools). */
async function cardNumbers(page: Page): Promise<string[]> {
  const texts = await Promise.all([
    page.getByTestId('swap-pay-input').inputValue(),
    page.getByTestId('swap-receive-input').inputValue(),
    ...[
      'swap-pay-balance',
      'swap-receive-balance',
      'swap-rate',
      'swap-threshold',
      'swap-impact',
      'swap-priority-fee',
    ].map(async (id) => (await page.getByTestId(id).textContent()) ?? ''),
  ]);
  return texts.flatMap((text) => text.match(/\d[\d.,]*\d|\d/g) ?? []);
}

describe('the swap card with a connected wallet', () => {
  it.each([
    [1440, 'en'],
    [390, 'it'],
  ] as const)(
    'at %d px (%s): the card writes every number one way, the estimate too until it is focused',
    async (width, language) => {
      const wallet = await fundedWallet(3);
      const { page, errors, close } = await openSwap(wallet, width, language);
      await page.getByTestId('swap-pay-input').fill('1');
      await settledQuote(page);
      const numbers = await cardNumbers(page);
      expect(numbers.length).toBeGreaterThanOrEqual(7);
      for (const number of numbers) expect(number).toMatch(WELL_FORMED[language]);

      // The estimate reads like the minimum received under it: grouped, FBT to 2 decimals.
      const receive = page.getByTestId('swap-receive-input');
      const estimate = await receive.inputValue();
      const threshold = (await page.getByTestId('swap-threshold').textContent()) ?? '';
      const fbt =
        language === 'en' ? /^\d{1,3}(,\d{3})+(\.\d{1,2})?$/ : /^\d{1,3}(\.\d{3})+(,\d{1,2})?$/;
      expect(estimate).toMatch(fbt);
      expect(threshold.replace(/ FBT$/, '')).toMatch(fbt);
      await shot(page, `numbers-${language}`);

      // Focused, the field holds the plain value to edit: no grouping, a dot, every decimal.
      await receive.focus();
      const plain = await receive.inputValue();
      expect(plain).toMatch(/^\d+(\.\d{1,6})?$/);
      const [whole = '', fraction = ''] = plain.split('.');
      const shownFraction = fraction.slice(0, 2).replace(/0+$/, '');
      const grouped = new Intl.NumberFormat(language === 'en' ? 'en-US' : 'it-IT').format(
        BigInt(whole),
      );
      expect(estimate).toBe(
        shownFraction === ''
          ? grouped
          : `${grouped}${language === 'en' ? '.' : ','}${shownFraction}`,
      );
      await receive.blur();
      expect(await receive.inputValue()).toBe(estimate);
      expect(errors).toEqual([]);
      await close();
    },
  );

  it.each([
    [1440, 'en'],
    [390, 'it'],
  ] as const)(
    'at %d px (%s): SOL the operator funds from outside the page shows at once, without a reload',
    async (width, language) => {
      const wallet = await fundedWallet(2);
      const { page, errors, pushed, close } = await openSwap(wallet, width, language);
      const balance = page.getByTestId('swap-pay-balance');
      const word = language === 'en' ? 'Balance' : 'Saldo';
      await expect.poll(() => balance.textContent()).toBe(`${word}: 2 SOLMax`);
      // The page watches the wallet and its FBT account through the BFF's websocket.
      await expect
        .poll(() => pushed.filter((frame) => /"result":\d+/.test(frame)).length)
        .toBeGreaterThanOrEqual(2);

      await operatorFund(wallet.publicKey, 3);
      expect(await stack.connection.getBalance(wallet.publicKey, 'confirmed')).toBe(5 * SOL);
      // The chain's push reaches the page, which reads its balances again: no poll, no reload.
      await expect
        .poll(() => pushed.some((frame) => frame.includes('"accountNotification"')))
        .toBe(true);
      await expect.poll(() => balance.textContent()).toBe(`${word}: 5 SOLMax`);
      await shot(page, `funded-outside-${language}`);
      expect(errors).toEqual([]);
      await close();
    },
  );
});
