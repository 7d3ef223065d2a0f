// The swap page's browser suites' shared steps: the stack with the loopback pool, a funded
// wallet, the page connected with the injected test wallet, a settled quote, screenshots.
import { mkdirSync } from 'node:fs';
import path from 'node:path';
import { buildTestWalletScript } from '@fbt/keypair-wallet/testing';
import { Keypair } from '@solana/web3.js';
import type { Browser, Page } from 'playwright-core';
import { expect } from 'vitest';
import { startStack, type Stack } from '../../src/stack';
import { OUTPUT_DIR } from './harness';

/** Where the swap suites' screenshots go. */
export const SWAP_SHOTS = path.join(OUTPUT_DIR, 'swap');
mkdirSync(SWAP_SHOTS, { recursive: true });

export const SOL = 1_000_000_000;

/** The whole stack with the loopback swap pool on the local chain, limits out of the way. */
export function startSwapStack(siteDir: string): Promise<Stack> {
  return startStack({
    localChain: { slotMs: 100 },
    siteDir,
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
  });
}

/** A new wallet holding `sol` SOL on the stack's chain. */
export async function fundedWallet(stack: Stack, sol: number): Promise<Keypair> {
  const wallet = Keypair.generate();
  const signature = await stack.connection.requestAirdrop(wallet.publicKey, sol * SOL);
  await stack.connection.confirmTransaction(
    { signature, ...(await stack.connection.getLatestBlockhash('confirmed')) },
    'confirmed',
  );
  return wallet;
}

/** Screenshots of the current state at both widths (the viewport is restored). */
export async function swapShot(page: Page, name: string): Promise<void> {
  const original = page.viewportSize() ?? { width: 1440, height: 900 };
  for (const width of [1440, 390]) {
    await page.setViewportSize({ width, height: width < 600 ? 844 : 900 });
    const box = page.getByTestId('swap-box').or(page.getByTestId('swap-closed'));
    await box.evaluate((element) =>
      element.scrollIntoView({ block: 'center', behavior: 'instant' }),
    );
    await page.screenshot({ path: path.join(SWAP_SHOTS, `${name}-${width}.png`) });
  }
  await page.setViewportSize(original);
}

/**
 * `#/swap` with the test wallet (named Phantom) holding `wallet`'s key, connected, in
 * `language`. `pushed` collects what the BFF's `/rpc` websocket sends the page (its account
 * subscriptions' answers and pushes).
 */
export async function openSwap(
  browser: Browser,
  stack: Stack,
  wallet: Keypair,
  width: number,
  language: 'en' | 'it' = 'en',
) {
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

/** Waits for a settled quote (details shown, not updating) and returns the threshold line. */
export async function settledQuote(page: Page): Promise<string> {
  await page.locator('[data-testid="swap-details"][aria-busy="false"]').waitFor();
  await expect.poll(() => page.getByTestId('swap-send').isEnabled()).toBe(true);
  return (await page.getByTestId('swap-threshold').textContent()) ?? '';
}
