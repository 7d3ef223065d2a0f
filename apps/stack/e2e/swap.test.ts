// The swap page in Chromium. Without an exchange: "Trading opens after the presale". With the
// loopback Trade API in front of a pool wallet on the real local chain (`swapPool`): a buyer's
// wallet (the injected test wallet, a real key) swaps SOL -> FBT and FBT -> SOL for real, and
// a transaction that pays someone else or gives less than the minimum is refused before the
// wallet is asked. Every state is photographed at 1440 and 390 px in test-output/swap/.
import { execFile } from 'node:child_process';
import { mkdirSync } from 'node:fs';
import path from 'node:path';
import { promisify } from 'node:util';
import { buildTestWalletScript } from '@fbt/keypair-wallet/testing';
import { getAssociatedTokenAddressSync } from '@solana/spl-token';
import { Keypair, PublicKey } from '@solana/web3.js';
import type { Browser, Page } from 'playwright-core';
import { afterAll, beforeAll, describe, expect, inject, it } from 'vitest';
import { startStack, type Stack } from '../src/stack';
import { launchChromium } from '../test/support/browser';
import { startSite, type RunningSite } from '../test/support/fixture-site';
import { OUTPUT_DIR } from '../test/support/harness';

const SHOTS = path.join(OUTPUT_DIR, 'swap');
mkdirSync(SHOTS, { recursive: true });
const SOL = 1_000_000_000;

let stack: Stack;
let browser: Browser;
let closedSite: RunningSite;

beforeAll(async () => {
  [stack, browser, closedSite] = await Promise.all([
    startStack({
      localChain: { slotMs: 100 },
      siteDir: inject('siteDistDir'),
      swapPool: true,
      bff: {
        logger: false,
        env: {
          RECONCILE_INTERVAL_MS: '0',
          RATE_LIMIT_MAX: '100000',
          RPC_RATE_LIMIT_MAX: '100000',
          SWAP_RATE_LIMIT_MAX: '100000',
        },
      },
    }),
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

async function fundedWallet(sol: number): Promise<Keypair> {
  const wallet = Keypair.generate();
  const signature = await stack.connection.requestAirdrop(wallet.publicKey, sol * SOL);
  await stack.connection.confirmTransaction(
    { signature, ...(await stack.connection.getLatestBlockhash('confirmed')) },
    'confirmed',
  );
  return wallet;
}

async function fbtOf(owner: PublicKey): Promise<bigint> {
  const account = getAssociatedTokenAddressSync(new PublicKey(stack.deployment.mint), owner);
  const balance = await stack.connection
    .getTokenAccountBalance(account, 'confirmed')
    .catch(() => null);
  return balance === null ? 0n : BigInt(balance.value.amount);
}

/** Screenshots of the current state at both widths (the viewport is restored). */
async function shot(page: Page, name: string): Promise<void> {
  const original = page.viewportSize() ?? { width: 1440, height: 900 };
  for (const width of [1440, 390]) {
    await page.setViewportSize({ width, height: width < 600 ? 844 : 900 });
    const box = page.getByTestId('swap-box').or(page.getByTestId('swap-closed'));
    await box.evaluate((element) =>
      element.scrollIntoView({ block: 'center', behavior: 'instant' }),
    );
    await page.screenshot({ path: path.join(SHOTS, `${name}-${width}.png`) });
  }
  await page.setViewportSize(original);
}

/** `#/swap` with the test wallet (named Phantom) holding `wallet`'s key, connected. */
async function openSwap(wallet: Keypair, width: number, language: 'en' | 'it' = 'en') {
  const context = await browser.newContext({
    viewport: { width, height: width < 600 ? 844 : 900 },
    deviceScaleFactor: 1,
  });
  await context.addInitScript(
    await buildTestWalletScript({
      name: 'Phantom',
      secretKey: [...wallet.secretKey],
      chains: ['solana:localnet'],
    }),
  );
  if (language === 'it') {
    await context.addInitScript(() => localStorage.setItem('fbt.language', 'it'));
  }
  const page = await context.newPage();
  const errors: string[] = [];
  page.on('pageerror', (error) => errors.push(error.message));
  // What the BFF's `/rpc` websocket sends the page (its account subscriptions' answers, pushes).
  const pushed: string[] = [];
  page.on('websocket', (socket) => {
    if (new URL(socket.url()).pathname !== '/rpc') return;
    socket.on('framereceived', ({ payload }) => pushed.push(payload.toString()));
  });
  await page.goto(`${stack.url}#/swap`);
  await page.getByTestId('swap-box').waitFor();
  const connect = page.getByTestId('swap-connect');
  await expect.poll(() => connect.isEnabled()).toBe(true);
  await connect.click();
  await page
    .getByRole('dialog', { name: language === 'en' ? 'Connect Wallet' : 'Connetti Wallet' })
    .getByRole('button', { name: /Phantom Wallet/ })
    .click();
  await page.getByTestId('swap-send').waitFor();
  await expect
    .poll(() => page.getByTestId('swap-pay-balance').textContent())
    .toMatch(/^(Balance|Saldo): /);
  return { page, errors, pushed, close: () => context.close() };
}

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

/** Waits for a settled quote (details shown, not updating) and returns the threshold line. */
async function settledQuote(page: Page): Promise<string> {
  await page.locator('[data-testid="swap-details"][aria-busy="false"]').waitFor();
  await expect.poll(() => page.getByTestId('swap-send').isEnabled()).toBe(true);
  return (await page.getByTestId('swap-threshold').textContent()) ?? '';
}

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
      await page.screenshot({ path: path.join(SHOTS, `picker-${language}-${width}.png`) });
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
      await page.screenshot({ path: path.join(SHOTS, `burner-dialog-${language}-${width}.png`) });

      await dialog.getByTestId('wallet-fund').click();
      await expect
        .poll(() => dialog.getByTestId('wallet-fund-status').textContent())
        .toBe(language === 'en' ? '10 test SOL received.' : '10 SOL di prova ricevuti.');
      expect(await stack.connection.getBalance(burner.publicKey, 'confirmed')).toBe(10 * SOL);
      await page.screenshot({ path: path.join(SHOTS, `burner-funded-${language}-${width}.png`) });
      // The balance on the page is read again at once, not at its next 30 s poll.
      expect(await balance.textContent()).toMatch(/^(Balance|Saldo): 10 SOL/);
      expect(errors).toEqual([]);
      await context.close();
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
