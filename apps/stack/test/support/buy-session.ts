import type { TestWalletControl } from '@fbt/keypair-wallet/testing';
import type { Keypair } from '@solana/web3.js';
import type { Browser, Page } from 'playwright-core';
import { afterAll, beforeAll, expect, inject } from 'vitest';
import { launchChromium } from './browser';
import { saveShot, startBuyStack, type BuyStack } from './buy-stack';

declare global {
  interface Window {
    fbtTestWallet?: TestWalletControl;
  }
}

export const SOL = 1_000_000_000n;

/** The product and a browser, shared by the tests of one file. */
export interface BuySession {
  readonly stack: BuyStack;
  readonly browser: Browser;
}

/**
 * Registers beforeAll/afterAll hooks that start the whole product (`startBuyStack`) and
 * Chromium for this test file, and stop them after it.
 */
export function useBuySession(): BuySession {
  let stack: BuyStack | undefined;
  let browser: Browser | undefined;
  beforeAll(async () => {
    [stack, browser] = await Promise.all([startBuyStack(inject('siteDistDir')), launchChromium()]);
  }, 120_000);
  afterAll(async () => {
    await browser?.close();
    await stack?.stop();
  });
  return {
    get stack() {
      if (stack === undefined) throw new Error('stack not started');
      return stack;
    },
    get browser() {
      if (browser === undefined) throw new Error('browser not started');
      return browser;
    },
  };
}

/**
 * Connects through the page's Connect Wallet button (`connectTestId`, the purchase box's by
 * default) and the picker, choosing 'Phantom Wallet' (the injected test wallet); done once
 * `readyTestId` (the box's Send button) shows.
 */
export async function connect(
  page: Page,
  wallet: Keypair,
  shotName?: string,
  readyTestId = 'purchase-send',
  connectTestId = 'purchase-connect',
): Promise<void> {
  const purchaseConnect = page.getByTestId(connectTestId);
  await expect.poll(() => purchaseConnect.isEnabled()).toBe(true);
  await purchaseConnect.click();
  const picker = page.getByRole('dialog', { name: 'Connect Wallet' });
  await picker.getByRole('button', { name: /Phantom Wallet/ }).waitFor();
  if (shotName !== undefined) await saveShot(page, shotName);
  await picker.getByRole('button', { name: /Phantom Wallet/ }).click();
  await page.getByTestId(readyTestId).first().waitFor();
  const address = wallet.publicKey.toBase58();
  const topBar = page.getByTestId('connect-button');
  if (await topBar.isVisible()) {
    await expect
      .poll(() => topBar.textContent())
      .toBe(`${address.slice(0, 4)}...${address.slice(-4)}`);
  }
}

export async function typeAmount(page: Page, amount: string): Promise<void> {
  const input = page.getByTestId('amount-input');
  await input.fill(amount);
}

/**
 * Clicks Send and waits for the result dialog; returns its title and text. With `pendingShot`,
 * the send of the signed transaction is held for a moment so the spinner can be photographed.
 */
export async function sendAndWait(
  page: Page,
  pendingShot?: string,
): Promise<{ title: string; text: string; dialog: ReturnType<Page['getByRole']> }> {
  if (pendingShot !== undefined) {
    await page.route('**/rpc', async (route) => {
      if (route.request().postData()?.includes('sendTransaction')) {
        await new Promise((resolve) => setTimeout(resolve, 1_500));
      }
      await route.continue();
    });
  }
  await page.getByTestId('purchase-send').click();
  if (pendingShot !== undefined) {
    await page.locator('[data-testid="purchase-send"][aria-busy="true"]').waitFor();
    await expect.poll(() => page.getByTestId('purchase-send').textContent()).toBe('Sending…');
    expect(await page.getByTestId('purchase-send').isDisabled()).toBe(true);
    await saveShot(page, pendingShot);
  }
  const dialog = page.getByRole('dialog');
  await dialog.waitFor({ timeout: 30_000 });
  const title = (await dialog.locator('.dialog__title').textContent()) ?? '';
  const text = (await dialog.textContent()) ?? '';
  if (pendingShot !== undefined) await page.unroute('**/rpc');
  return { title, text, dialog };
}
