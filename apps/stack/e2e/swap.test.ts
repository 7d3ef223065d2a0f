// The swap page in Chromium. Without an exchange: "Trading opens after the presale". With the
// loopback Trade API in front of a pool wallet on the real local chain (`swapPool`): a buyer's
// wallet (the injected test wallet, a real key) swaps SOL -> FBT and FBT -> SOL for real, and
// a transaction that pays someone else or gives less than the minimum is refused before the
// wallet is asked. Every state is photographed at 1440 and 390 px in test-output/swap/.
import path from 'node:path';
import { fetchMintTokenProgram } from '@fbt/presale-client';
import { getAssociatedTokenAddressSync } from '@solana/spl-token';
import { Keypair, PublicKey } from '@solana/web3.js';
import type { Browser, Page } from 'playwright-core';
import { afterAll, beforeAll, describe, expect, inject, it } from 'vitest';
import type { Stack } from '../src/stack';
import { launchChromium } from '../test/support/browser';
import { startSite, type RunningSite } from '../test/support/fixture-site';
import {
  fundedWallet as fundedWalletOn,
  openSwap as openSwapPage,
  settledQuote,
  SOL,
  startSwapStack,
  SWAP_SHOTS,
  swapShot,
} from '../test/support/swap-page';

let stack: Stack;
let browser: Browser;
let closedSite: RunningSite;

beforeAll(async () => {
  [stack, browser, closedSite] = await Promise.all([
    startSwapStack(inject('siteDistDir')),
    launchChromium(),
    startSite({ distDir: inject('siteDistDir') }),
  ]);
}, 180_000);

afterAll(async () => {
  await browser?.close();
  await closedSite?.close();
  await stack?.stop();
});

const pool = () => {
  if (stack.swapPool === null) throw new Error('the stack runs no swap pool');
  return stack.swapPool;
};

async function fbtOf(owner: PublicKey): Promise<bigint> {
  const mint = new PublicKey(stack.deployment.mint);
  const account = getAssociatedTokenAddressSync(
    mint,
    owner,
    false,
    await fetchMintTokenProgram(stack.connection, mint),
  );
  const balance = await stack.connection
    .getTokenAccountBalance(account, 'confirmed')
    .catch(() => null);
  return balance === null ? 0n : BigInt(balance.value.amount);
}

const fundedWallet = (sol: number) => fundedWalletOn(stack, sol);
const openSwap = (wallet: Keypair, width: number) => openSwapPage(browser, stack, wallet, width);
const shot = swapShot;

async function swapAndWait(page: Page): Promise<{ title: string; text: string }> {
  await page.getByTestId('swap-send').click();
  const dialog = page.getByRole('dialog');
  await dialog.waitFor({ timeout: 30_000 });
  return {
    title: (await dialog.locator('.dialog__title').textContent()) ?? '',
    text: (await dialog.textContent()) ?? '',
  };
}

describe('without an exchange configured', () => {
  it('says trading opens after the presale, with no dead controls', async () => {
    const context = await browser.newContext({ viewport: { width: 1440, height: 900 } });
    const page = await context.newPage();
    await page.goto(`${closedSite.url}#/swap`);
    await page.getByTestId('swap-closed').waitFor();
    expect(await page.locator('main h1').first().textContent()).toBe(
      'Trading opens after the presale',
    );
    expect(await page.getByTestId('swap-box').count()).toBe(0);
    await shot(page, 'closed');
    await context.close();
  });
});

describe('with the loopback pool on the local chain', () => {
  it('buys FBT with SOL at 1440 px: quote, Swap, success dialog, balances moved on chain', async () => {
    const wallet = await fundedWallet(5);
    const { page, errors, close } = await openSwap(wallet, 1440);
    await shot(page, 'connected');
    await page.getByTestId('swap-pay-input').fill('0.5');
    const threshold = await settledQuote(page);
    expect(threshold).toMatch(/^[\d,.]+ FBT$/);
    expect(await page.getByTestId('swap-route').textContent()).toContain('fee 0.25%');
    expect(await page.getByTestId('swap-priority-fee').textContent()).toBe('up to 0.000006 SOL');
    await shot(page, 'quote-buy');

    const poolBefore = await stack.connection.getBalance(pool().pool, 'confirmed');
    const { title, text } = await swapAndWait(page);
    expect(title, text).toBe('Transaction successful');
    expect(text).toContain('Click Open to view in Solscan');
    await shot(page, 'success-buy');
    const signature = (await page.getByTestId('transaction-signature').textContent()) ?? '';
    const link = page.getByRole('link', { name: /Open/ });
    expect(await link.getAttribute('href')).toContain(`https://solscan.io/tx/${signature}`);

    const minimum = BigInt(threshold.replace(/[^\d]/g, '')) * 10_000n; // 2 decimals shown
    expect(await fbtOf(wallet.publicKey)).toBeGreaterThanOrEqual(minimum);
    expect((await stack.connection.getBalance(pool().pool, 'confirmed')) - poolBefore).toBe(
      SOL / 2,
    );

    // The trade is done: the form is empty (one more tap cannot repeat it) and the balances
    // shown are the chain's at once, not at their next 30 s poll.
    await page.keyboard.press('Escape');
    await page.getByRole('dialog').waitFor({ state: 'detached' });
    expect(await page.getByTestId('swap-pay-input').inputValue()).toBe('');
    expect(await page.getByTestId('swap-receive-input').inputValue()).toBe('');
    expect(await page.getByTestId('swap-send').textContent()).toBe('Enter an amount');
    expect(await page.getByTestId('swap-send').isDisabled()).toBe(true);
    const lamports = BigInt(await stack.connection.getBalance(wallet.publicKey, 'confirmed'));
    const sol = `${lamports / 1_000_000_000n}.${String((lamports % 1_000_000_000n) / 1_000n).padStart(6, '0')}`;
    await expect
      .poll(() => page.getByTestId('swap-pay-balance').textContent())
      .toBe(`Balance: ${sol.replace(/\.?0+$/, '')} SOLMax`);
    await shot(page, 'after-buy');
    expect(errors).toEqual([]);
    await close();
  });

  it.each([
    [1440, 'en'],
    [390, 'it'],
  ] as const)(
    'at %d px (%s): the Local Burner shows its full address with Copy, and gets 10 test SOL from the page, shown at once',
    async (width, language) => {
      const words = {
        en: {
          picker: 'Connect Wallet',
          pickerText: 'Choose the wallet you want to swap with.',
          install: 'Install',
          dialog: 'Disconnect Wallet',
          copied: 'Address copied',
        },
        it: {
          picker: 'Connetti Wallet',
          pickerText: 'Scegli il wallet con cui fare lo swap.',
          install: 'Installa',
          dialog: 'Disconnetti Wallet',
          copied: 'Indirizzo copiato',
        },
      }[language];
      const context = await browser.newContext({
        viewport: { width, height: width < 600 ? 844 : 900 },
        deviceScaleFactor: 1,
      });
      await context.grantPermissions(['clipboard-read', 'clipboard-write'], {
        origin: stack.url,
      });
      await context.addInitScript((lang) => localStorage.setItem('fbt.language', lang), language);
      const page = await context.newPage();
      const errors: string[] = [];
      page.on('pageerror', (error) => errors.push(error.message));
      await page.goto(`${stack.url}#/swap`);
      const connect = page.getByTestId('swap-connect');
      await expect.poll(() => connect.isEnabled()).toBe(true);
      await connect.click();
      const picker = page.getByRole('dialog', { name: words.picker });
      expect(await picker.locator('.dialog__text').textContent()).toBe(words.pickerText);
      expect(
        await picker
          .getByRole('button', { name: /Phantom Wallet/ })
          .getByTestId('wallet-picker-status')
          .textContent(),
      ).toBe(words.install);
      await page.screenshot({ path: path.join(SWAP_SHOTS, `picker-${language}-${width}.png`) });
      await picker.getByRole('button', { name: /Local Burner/ }).click();
      await page.getByTestId('swap-send').waitFor();
      const stored = await page.evaluate(() => localStorage.getItem('fbt.burnerSecretKey'));
      const burner = Keypair.fromSecretKey(Uint8Array.from(JSON.parse(stored ?? '[]') as number[]));
      const address = burner.publicKey.toBase58();
      const balance = page.getByTestId('swap-pay-balance');
      await expect.poll(() => balance.textContent()).toMatch(/^(Balance|Saldo): 0 SOL/);

      await page.getByTestId('connect-button').click();
      const dialog = page.getByRole('dialog', { name: words.dialog });
      expect(await dialog.getByTestId('wallet-address').textContent()).toBe(address);
      await dialog.getByTestId('wallet-address-copy').click();
      await expect
        .poll(() => dialog.getByTestId('wallet-address-copy').textContent())
        .toBe(words.copied);
      expect(await page.evaluate(() => navigator.clipboard.readText())).toBe(address);
      await page.screenshot({
        path: path.join(SWAP_SHOTS, `burner-dialog-${language}-${width}.png`),
      });

      await dialog.getByTestId('wallet-fund').click();
      await expect
        .poll(() => dialog.getByTestId('wallet-fund-status').textContent())
        .toBe(language === 'en' ? '10 test SOL received.' : '10 SOL di prova ricevuti.');
      expect(await stack.connection.getBalance(burner.publicKey, 'confirmed')).toBe(10 * SOL);
      await page.screenshot({
        path: path.join(SWAP_SHOTS, `burner-funded-${language}-${width}.png`),
      });
      // The balance on the page is read again at once, not at its next 30 s poll.
      expect(await balance.textContent()).toMatch(/^(Balance|Saldo): 10 SOL/);
      expect(errors).toEqual([]);
      await context.close();
    },
  );

  it('sells FBT for an exact amount of SOL at 390 px', async () => {
    const wallet = await fundedWallet(5);
    const { page, close } = await openSwap(wallet, 390);
    // First some FBT, bought the same way.
    await page.getByTestId('swap-pay-input').fill('1');
    await settledQuote(page);
    expect((await swapAndWait(page)).title).toBe('Transaction successful');
    await page.keyboard.press('Escape');
    await page.getByRole('dialog').waitFor({ state: 'detached' });

    await page.getByTestId('swap-switch').click();
    await page.getByTestId('swap-receive-input').fill('0.2');
    const threshold = await settledQuote(page);
    expect(threshold).toMatch(/FBT$/);
    expect(await page.getByTestId('swap-details').locator('dt').nth(1).textContent()).toBe(
      'Maximum paid',
    );
    await shot(page, 'quote-sell');
    const fbtBefore = await fbtOf(wallet.publicKey);
    const solBefore = await stack.connection.getBalance(wallet.publicKey, 'confirmed');
    const { title } = await swapAndWait(page);
    expect(title).toBe('Transaction successful');
    await shot(page, 'success-sell');
    const gained = (await stack.connection.getBalance(wallet.publicKey, 'confirmed')) - solBefore;
    // 0.2 SOL in, less the signature and at most 6,000 lamports of priority fee.
    expect(gained).toBeGreaterThan(0.2 * SOL - 20_000);
    expect(gained).toBeLessThanOrEqual(0.2 * SOL);
    expect(await fbtOf(wallet.publicKey)).toBeLessThan(fbtBefore);
    await close();
  });

  it('slippage: presets, a custom value, the bounds and the high-slippage warning', async () => {
    const wallet = await fundedWallet(2);
    const { page, close } = await openSwap(wallet, 1440);
    await page.getByTestId('slippage-toggle').click();
    await page.getByTestId('slippage-custom').fill('60');
    expect(await page.getByTestId('slippage-error').textContent()).toBe(
      'Slippage can be at most 50%',
    );
    await page.getByTestId('slippage-custom').fill('7.5');
    expect(await page.getByTestId('slippage-warning').textContent()).toBe(
      'A 7.5% slippage lets the price move a lot against you before the swap fails.',
    );
    expect(await page.getByTestId('slippage-toggle').textContent()).toBe('Slippage 7.5%');
    await page.getByTestId('swap-pay-input').fill('0.1');
    await settledQuote(page);
    await shot(page, 'slippage');
    await page.getByTestId('slippage-100').click();
    expect(await page.getByTestId('slippage-toggle').textContent()).toBe('Slippage 1%');
    await close();
  });

  it('refuses, before the wallet is asked, a transaction that pays someone else', async () => {
    const wallet = await fundedWallet(2);
    const { page, close } = await openSwap(wallet, 1440);
    await page.getByTestId('swap-pay-input').fill('0.3');
    await settledQuote(page);
    const stranger = Keypair.generate().publicKey;
    pool().knobs.payTo = stranger;
    try {
      const before = await stack.connection.getBalance(wallet.publicKey, 'confirmed');
      const { title, text } = await swapAndWait(page);
      expect(title).toBe('Error');
      expect(text).toContain(
        `Refused before signing: the transaction sends your funds to ${stranger.toBase58()}, which is neither yours nor the pool.`,
      );
      await shot(page, 'refused-pays-someone-else');
      expect(await stack.connection.getBalance(wallet.publicKey, 'confirmed')).toBe(before);
      expect(await stack.connection.getBalance(stranger, 'confirmed')).toBe(0);
    } finally {
      pool().knobs.payTo = null;
    }
    await close();
  });

  it('refuses a swap whose price moved past the slippage (nothing is sent)', async () => {
    const wallet = await fundedWallet(2);
    const { page, close } = await openSwap(wallet, 390);
    await page.getByTestId('swap-pay-input').fill('0.3');
    await settledQuote(page);
    pool().knobs.shortChangeBps = 200; // 2% less than the price, over the 0.5% slippage
    try {
      const { title, text } = await swapAndWait(page);
      expect(title).toBe('Error');
      expect(text).toContain('The price moved beyond your slippage');
      await shot(page, 'refused-slippage');
      expect(await fbtOf(wallet.publicKey)).toBe(0n);
    } finally {
      pool().knobs.shortChangeBps = 0;
    }
    await close();
  });

  it('says so when the exchange answers garbage, and Swap stays off', async () => {
    const wallet = await fundedWallet(1);
    const { page, close } = await openSwap(wallet, 1440);
    pool().knobs.malformed = { route: 'compute', kind: 'json' };
    try {
      await page.getByTestId('swap-pay-input').fill('0.25');
      await expect
        .poll(() => page.getByTestId('swap-status').textContent(), { timeout: 15_000 })
        .toBe('The exchange’s answer could not be understood. Please try again.');
      expect(await page.getByTestId('swap-send').isDisabled()).toBe(true);
      await shot(page, 'exchange-error');
    } finally {
      pool().knobs.malformed = null;
    }
    await close();
  });
});
