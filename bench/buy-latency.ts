/**
 * Buy latency on the local chain: click-to-confirmed in a real browser vs the same buy sent
 * directly with web3.js in Node.
 *
 * Starts the full stack exactly like the buy e2e tests (litesvm local chain seeded by the
 * operator, BFF serving a fresh production build of the site), opens Chromium with the
 * injected test wallet, and measures from the click on Send to the 'Transaction successful'
 * dialog: validation, BFF `/rpc` round trips, simulation, signing, send and confirmation by
 * status polling, plus rendering (and the driver's own latency: the in-page share, from the
 * click event to the dialog entering the DOM, is printed on its own line). The baseline, interleaved round by round in the same run, is
 * the same Buy (same presale, same amount, token account already created) built with the
 * program client and sent from Node with `sendRawTransaction` + `confirmTransaction` straight
 * to the local chain's JSON-RPC and websocket: the floor the chain itself imposes.
 *
 * Prints p50/p90/p99/max per path and the ratio browser/baseline. No assertions.
 *
 * Run: npm run buy-latency -w @fbt/bench   (ROUNDS=30 to change the sample size)
 */
import { mkdtempSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { buildBuyInstructions } from '@fbt/presale-client';
import { getAssociatedTokenAddressSync } from '@solana/spl-token';
import { PublicKey, TransactionMessage, VersionedTransaction, type Keypair } from '@solana/web3.js';
import { buildSite } from '@fbt/stack';
import {
  buyFromNode,
  launchChromium,
  openBuyerPage,
  startBuyStack,
  type BuyStack,
} from '@fbt/stack/e2e';

const ROUNDS = Number(process.env.ROUNDS ?? 20);
const AMOUNT_LAMPORTS = 100_000_000n; // 0.1 SOL, the seeded minimum

function percentile(sorted: readonly number[], p: number): number {
  const index = Math.min(sorted.length - 1, Math.ceil((p / 100) * sorted.length) - 1);
  return sorted[Math.max(0, index)] ?? Number.NaN;
}

function summary(samples: readonly number[]) {
  const sorted = [...samples].sort((a, b) => a - b);
  return {
    p50: percentile(sorted, 50),
    p90: percentile(sorted, 90),
    p99: percentile(sorted, 99),
    max: sorted[sorted.length - 1] ?? Number.NaN,
  };
}

async function directBuy(stack: BuyStack, buyer: Keypair): Promise<number> {
  const { connection, deployment } = stack;
  const presale = stack.presaleAddress('public');
  const started = performance.now();
  const info = await connection.getAccountInfo(presale, 'confirmed');
  if (info === null) throw new Error('presale missing');
  const { decodePresaleState } = await import('@fbt/domain');
  const state = decodePresaleState(info.data);
  const mint = new PublicKey(deployment.mint);
  const instructions = buildBuyInstructions({
    programId: new PublicKey(deployment.programId),
    presale,
    buyer: buyer.publicKey,
    seller: new PublicKey(state.sellerPubkey),
    tempTokenAccount: new PublicKey(state.tempTokenAccountPubkey),
    mint,
    lamports: AMOUNT_LAMPORTS,
    buyerTokenAccount: getAssociatedTokenAddressSync(mint, buyer.publicKey),
    createBuyerTokenAccount: false,
  });
  const latest = await connection.getLatestBlockhash('confirmed');
  const message = new TransactionMessage({
    payerKey: buyer.publicKey,
    recentBlockhash: latest.blockhash,
    instructions,
  }).compileToLegacyMessage();
  const transaction = new VersionedTransaction(message);
  transaction.sign([buyer]);
  const signature = await connection.sendRawTransaction(transaction.serialize());
  const result = await connection.confirmTransaction({ signature, ...latest }, 'confirmed');
  if (result.value.err !== null)
    throw new Error(`direct buy failed: ${JSON.stringify(result.value.err)}`);
  return performance.now() - started;
}

async function main(): Promise<void> {
  const distDir = mkdtempSync(join(tmpdir(), 'fbt-buy-latency-'));
  await buildSite({ outDir: distDir });
  const [stack, browser] = await Promise.all([startBuyStack(distDir), launchChromium()]);
  try {
    const browserWallet = await stack.fundedWallet(20);
    const nodeWallet = await stack.fundedWallet(20);
    const { page, close } = await openBuyerPage(browser, stack, '/presale', {
      wallet: browserWallet,
    });
    await page.getByTestId('purchase-connect').click();
    await page
      .getByRole('dialog', { name: 'Connect Wallet' })
      .getByRole('button', { name: /Phantom Wallet/ })
      .click();
    await page.getByTestId('purchase-send').waitFor();
    await page.getByTestId('amount-input').fill('0.1');
    // In-page clock: from the click event to the result dialog entering the DOM, without the
    // driver's own latency (Playwright's actionability checks and its polling for the dialog).
    await page.evaluate(`(() => {
      window.fbtClickAt = 0;
      window.fbtDialogAt = 0;
      document.addEventListener('click', () => (window.fbtClickAt = performance.now()), true);
      new MutationObserver(() => {
        if (window.fbtDialogAt < window.fbtClickAt && document.querySelector('.dialog__title'))
          window.fbtDialogAt = performance.now();
      }).observe(document.body, { childList: true, subtree: true });
    })()`);
    const inPageMs: number[] = [];

    const clickOnce = async (): Promise<number> => {
      await page.locator('[data-testid="purchase-send"]:not([disabled])').waitFor();
      const started = performance.now();
      await page.getByTestId('purchase-send').click();
      const dialog = page.getByRole('dialog');
      await dialog.waitFor({ timeout: 60_000 });
      const elapsed = performance.now() - started;
      inPageMs.push(await page.evaluate<number>('window.fbtDialogAt - window.fbtClickAt'));
      const title = await dialog.locator('.dialog__title').textContent();
      if (title !== 'Transaction successful') {
        throw new Error(`browser buy failed: ${(await dialog.textContent()) ?? ''}`);
      }
      await dialog.locator('.dialog__actions').getByRole('button', { name: 'Close' }).click();
      await dialog.waitFor({ state: 'detached' });
      return elapsed;
    };

    // Warm-up: first buys create the token accounts and buyer records; not measured.
    await clickOnce();
    inPageMs.length = 0;
    // The Node wallet's first buy creates its token account (not measured).
    await buyFromNode(stack, nodeWallet, '0.1');

    const browserMs: number[] = [];
    const nodeMs: number[] = [];
    for (let round = 0; round < ROUNDS; round++) {
      browserMs.push(await clickOnce());
      nodeMs.push(await directBuy(stack, nodeWallet));
    }
    await close();

    const b = summary(browserMs);
    const n = summary(nodeMs);
    const row = (name: string, s: ReturnType<typeof summary>) =>
      `${name.padEnd(44)}${[s.p50, s.p90, s.p99, s.max].map((v) => v.toFixed(0).padStart(8)).join('')}`;
    console.log(
      `buy latency on the local chain (slot 100 ms), ${ROUNDS} interleaved rounds of 0.1 SOL`,
    );
    console.log(
      `${'path'.padEnd(44)}${['p50', 'p90', 'p99', 'max'].map((h) => `${h} ms`.padStart(8)).join('')}`,
    );
    console.log(row('browser: click Send -> success dialog', b));
    console.log(row('  of which in the page (click event -> DOM)', summary(inPageMs)));
    console.log(row('baseline: web3.js in Node, direct to RPC', n));
    console.log(
      `ratio browser/baseline: p50 ${(b.p50 / n.p50).toFixed(2)}x, p90 ${(b.p90 / n.p90).toFixed(2)}x`,
    );
  } finally {
    await browser.close();
    await stack.stop();
    rmSync(distDir, { recursive: true, force: true });
  }
}

await main();
// web3.js keeps retrying its websocket to the stopped chain; the figures are printed, so leave.
process.exit(0);
