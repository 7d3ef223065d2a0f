/**
 * Buy latency on the local chain: click-to-success in a real browser vs the same buy sent
 * directly with web3.js in Node.
 *
 * Starts the full stack exactly like the buy e2e tests (litesvm local chain seeded by the
 * operator, BFF serving a fresh production build of the site), opens Chromium with the
 * injected test wallet, and measures in the page from the Send click's input event to the
 * first frame painted with the 'Transaction successful' dialog open: validation, BFF `/rpc`
 * round trips, simulation, signing, send, confirmation and rendering (`buy-latency-probe.ts`).
 * Each span between the site's `fbt:buy:<stage>` marks is printed, with the `/rpc` requests per
 * buy by method, and the driver's own view (Playwright's click() until the page reports the
 * painted dialog) on a line of its own. The baseline, interleaved round by round in the same
 * run, is the same Buy (same presale, same amount, token account already created) built with
 * the program client and sent from Node with `sendRawTransaction` + `confirmTransaction`
 * straight to the local chain's JSON-RPC and websocket: the floor the chain itself imposes.
 * Afterwards the browser wallet's bought total on chain must have grown by every round's
 * amount (each success dialog a buy of its own).
 *
 * Prints p50/p90/p99/max per path and the ratio browser/baseline. No timing assertions.
 *
 * Run: npm run buy-latency -w @fbt/bench   (ROUNDS=30 to change the sample size)
 */
import { mkdtempSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { buildBuyInstructions } from '@fbt/presale-client';
import { PublicKey, TransactionMessage, VersionedTransaction, type Keypair } from '@solana/web3.js';
import { buildSite } from '@fbt/stack';
import {
  buyFromNode,
  launchChromium,
  openBuyerPage,
  startBuyStack,
  type BuyStack,
} from '@fbt/stack/testing';
import {
  armBuyProbe,
  awaitBuyProbe,
  BUY_SPANS,
  installBuyProbe,
  instants,
  rpcCallsOfBuy,
  rpcTimeWithin,
  type BuyProbe,
} from './buy-latency-probe';

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
    buyerTokenAccount: stack.fbtAccount(buyer.publicKey),
    tokenProgram: stack.tokenProgram,
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

/**
 * Clicks Send once and waits for the painted result: the elapsed time seen by the driver, and
 * the driver's share on the wall clock both processes share (from the click() call to the
 * page's click event, and from the painted frame until the driver heard of it).
 */
function browserClicker(page: Parameters<typeof armBuyProbe>[0]) {
  const probes: BuyProbe[] = [];
  const driverIn: number[] = [];
  const driverOut: number[] = [];
  const clickOnce = async (): Promise<number> => {
    await page.locator('[data-testid="purchase-send"]:not([disabled])').waitFor();
    await armBuyProbe(page);
    // The pointer leaves the Close button's spot, as a buyer's does on the way to Send (a
    // hovered button lifts 1px over 150 ms, which Playwright's stability check waits out).
    await page.mouse.move(0, 0);
    const started = performance.now();
    await page.getByTestId('purchase-send').click();
    const probe = await awaitBuyProbe(page);
    const seen = performance.now();
    const elapsed = seen - started;
    const epoch = (at: number) => performance.timeOrigin + at;
    driverIn.push(probe.timeOrigin + probe.clickAt - epoch(started));
    driverOut.push(epoch(seen) - (probe.timeOrigin + probe.paintedAt));
    if (probe.title !== 'Transaction successful') {
      throw new Error(
        `browser buy failed: ${(await page.getByRole('dialog').textContent()) ?? ''}`,
      );
    }
    probes.push(probe);
    const dialog = page.getByRole('dialog');
    await dialog.locator('.dialog__actions').getByRole('button', { name: 'Close' }).click();
    await dialog.waitFor({ state: 'detached' });
    return elapsed;
  };
  const forget = () => {
    probes.length = 0;
    driverIn.length = 0;
    driverOut.length = 0;
  };
  return { clickOnce, forget, probes, driverIn, driverOut };
}

/** Prints the figures: per path, per span of the site's marks, the driver's share, /rpc calls. */
function printReport(
  clicker: ReturnType<typeof browserClicker>,
  rpcCalls: Parameters<typeof rpcCallsOfBuy>[0],
  driverMs: readonly number[],
  nodeMs: readonly number[],
): void {
  const { probes, driverIn, driverOut } = clicker;
  const inPage = summary(probes.map((probe) => probe.paintedAt - probe.clickAt));
  const driver = summary(driverMs);
  const n = summary(nodeMs);
  const cell = (v: number) => v.toFixed(0).padStart(8);
  const row = (name: string, s: ReturnType<typeof summary>) =>
    `${name.padEnd(50)}${[s.p50, s.p90, s.p99, s.max].map(cell).join('')}`;
  console.log(
    `buy latency on the local chain (slot 100 ms), ${ROUNDS} interleaved rounds of 0.1 SOL`,
  );
  console.log(
    `${'path'.padEnd(50)}${['p50', 'p90', 'p99', 'max'].map((h) => `${h} ms`.padStart(8)).join('')}`,
  );
  console.log(row('browser: click -> success dialog painted', inPage));
  for (const [name, from, to] of BUY_SPANS) {
    const spans = probes.map((probe) => {
      const at = instants(probe);
      return (at[to] ?? Number.NaN) - (at[from] ?? Number.NaN);
    });
    const waits = probes.map((probe) => {
      const at = instants(probe);
      return rpcTimeWithin(probe, at[from] ?? Number.NaN, at[to] ?? Number.NaN);
    });
    const onRpc = summary(waits).p50;
    console.log(
      row(`  ${name}`, summary(spans)) +
        (onRpc > 0 ? `   (/rpc fetch p50 ${onRpc.toFixed(0)})` : ''),
    );
  }
  console.log(row('driver: Playwright click() -> dialog seen', driver));
  console.log(row('  click() call -> click event in the page', summary(driverIn)));
  console.log(row('  dialog painted -> driver told', summary(driverOut)));
  console.log(row('baseline: web3.js in Node, direct to RPC', n));

  const perBuy = probes.map((probe) => rpcCallsOfBuy(rpcCalls, probe));
  const methods = new Map<string, number>();
  for (const calls of perBuy)
    for (const call of calls)
      for (const method of call.methods) methods.set(method, (methods.get(method) ?? 0) + 1);
  const requests = summary(perBuy.map((calls) => calls.length));
  console.log(
    `/rpc per buy: p50 ${requests.p50} requests, max ${requests.max}; methods over ${ROUNDS} buys: ${[
      ...methods,
    ]
      .map(([method, count]) => `${method} ${count}`)
      .join(', ')}`,
  );
  console.log(
    `ratio browser/baseline: p50 ${(inPage.p50 / n.p50).toFixed(2)}x, p90 ${(inPage.p90 / n.p90).toFixed(2)}x` +
      ` (driver: p50 ${(driver.p50 / n.p50).toFixed(2)}x)`,
  );
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
    const rpcCalls = await installBuyProbe(page);
    const clicker = browserClicker(page);

    // Warm-up: first buys create the token accounts and buyer records; not measured.
    await clicker.clickOnce();
    clicker.forget();
    // The Node wallet's first buy creates its token account (not measured).
    await buyFromNode(stack, nodeWallet, '0.1');
    const boughtBefore = await stack.boughtLamports('public', browserWallet.publicKey);

    const driverMs: number[] = [];
    const nodeMs: number[] = [];
    for (let round = 0; round < ROUNDS; round++) {
      driverMs.push(await clicker.clickOnce());
      nodeMs.push(await directBuy(stack, nodeWallet));
    }
    await close();
    // Every success dialog stood for a buy of its own on chain (none a replay of the last one).
    const boughtAfter = await stack.boughtLamports('public', browserWallet.publicKey);
    if (boughtAfter - boughtBefore !== BigInt(ROUNDS) * AMOUNT_LAMPORTS) {
      throw new Error(
        `the chain holds ${boughtAfter - boughtBefore} lamports of browser buys, not ${BigInt(ROUNDS) * AMOUNT_LAMPORTS}`,
      );
    }
    printReport(clicker, rpcCalls, driverMs, nodeMs);
  } finally {
    await browser.close();
    await stack.stop();
    rmSync(distDir, { recursive: true, force: true });
  }
}

await main();
// web3.js keeps retrying its websocket to the stopped chain; the figures are printed, so leave.
process.exit(0);
