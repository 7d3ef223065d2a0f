import { mkdirSync } from 'node:fs';
import path from 'node:path';
import { fileURLToPath } from 'node:url';
import type { Deployment, LeaderLedger, PresaleVariant } from '@fbt/domain';
import { decodePresaleState } from '@fbt/domain';
import { buyFbt } from '@fbt/purchase';
import { buildTestWalletScript } from '@fbt/keypair-wallet/testing';
import type { Localnet } from '@fbt/localnet';
import { runCli, seededWalletFiles, updatePresaleLimits } from '@fbt/operator';
import type { PresaleLimits } from '@fbt/presale-client';
import { fetchBuyerRecord, fetchMintTokenProgram } from '@fbt/presale-client';
import { getAssociatedTokenAddressSync } from '@solana/spl-token';
import { Keypair, PublicKey, type Connection } from '@solana/web3.js';
import type { FastifyInstance } from 'fastify';
import type { Browser, BrowserContext, Page } from 'playwright-core';
import { startStack } from '../../src/stack';

/** Screenshots of the buy flow (git-ignored test output). */
export const BUY_OUTPUT_DIR = fileURLToPath(new URL('../../test-output/buy/', import.meta.url));
mkdirSync(BUY_OUTPUT_DIR, { recursive: true });

/**
 * The leader code registered on chain (its leader record) for these tests: leader buys through
 * it name the record and the program pays the leader.
 */
export const LEADER_CODE = 'beast42';

const SOL = 1_000_000_000n;

/** The whole product on random ports (`startStack`) plus what the buy tests do on chain. */
export interface BuyStack {
  /** The site, e.g. http://127.0.0.1:41234/ */
  readonly url: string;
  readonly localnet: Localnet;
  readonly connection: Connection;
  readonly deployment: Deployment;
  readonly ledger: LeaderLedger;
  readonly app: FastifyInstance;
  readonly operator: Keypair;
  /** The seeded wallets buyer-1..3 (100 SOL each). */
  readonly buyers: readonly Keypair[];
  /** A fresh wallet funded from the local faucet. */
  fundedWallet(sol?: number): Promise<Keypair>;
  presaleAddress(variant: PresaleVariant): PublicKey;
  /** Seller-only limit change, sent on chain like the operator CLI does. */
  setLimits(variant: PresaleVariant, limits: Partial<PresaleLimits>): Promise<void>;
  readLimits(variant: PresaleVariant): Promise<PresaleLimits & { currentTotalSold: bigint }>;
  /** The seeded FBT's token program (Token-2022: `npm start` seeds it with its metadata). */
  readonly tokenProgram: PublicKey;
  /** `owner`'s FBT account: its associated account of the mint's token program. */
  fbtAccount(owner: PublicKey): PublicKey;
  fbtBalance(owner: PublicKey): Promise<bigint>;
  boughtLamports(variant: PresaleVariant, owner: PublicKey): Promise<bigint>;
  /**
   * Runs an operator CLI command as the seller against this stack's chain and deployment file
   * (e.g. `['window', 'set', '--presale', 'public', '--start', '0', '--end', '0']`); throws with
   * its output unless it exits 0.
   */
  operatorCli(args: readonly string[]): Promise<string[]>;
  stop(): Promise<void>;
}

/**
 * BFF settings for tests that click fast and often: no rate limiting in the way, no background
 * reconciler racing the assertions, refreshes slower than a test (pushes carry the changes).
 */
const TEST_BFF_ENV = {
  PRESALE_REFRESH_MS: '60000',
  PRICE_REFRESH_MS: '300000',
  GOALS_REFRESH_MS: '300000',
  RECONCILE_INTERVAL_MS: '0',
  RATE_LIMIT_MAX: '100000',
  RATE_LIMIT_WRITE_MAX: '10000',
  RPC_RATE_LIMIT_MAX: '100000',
  STREAM_MAX_CLIENTS: '100',
  STREAM_MAX_CLIENTS_PER_IP: '100',
} as const;

/**
 * Starts the real product through `startStack` (the function `npm start` uses) on random ports
 * with a temporary data directory: the local chain with a fast slot clock, the operator's
 * one-time seeding, the SQLite ledger with the leader code registered, and the BFF serving
 * `distDir`.
 */
export async function startBuyStack(distDir: string): Promise<BuyStack> {
  const leaderWallet = Keypair.generate().publicKey.toBase58();
  const stack = await startStack({
    localChain: { slotMs: 100 },
    siteDir: distDir,
    leaders: [{ code: LEADER_CODE, wallet: leaderWallet }],
    bff: { logger: false, env: TEST_BFF_ENV },
  });
  const { connection, deployment, localnet, wallets } = stack;
  if (localnet === null || wallets === null) throw new Error('the buy stack runs a local chain');

  const operatorCli = async (args: readonly string[]): Promise<string[]> => {
    const out: string[] = [];
    const code = await runCli(
      [
        ...args,
        '--keypair',
        seededWalletFiles(stack.dataDir).operator,
        '--deployment',
        stack.deploymentFile,
        '--url',
        localnet.rpcUrl,
        '--ws-url',
        localnet.wsUrl,
      ],
      { stdout: (line) => out.push(line), stderr: (line) => out.push(line), env: {} },
    );
    if (code !== 0) {
      throw new Error(`fbt-operator ${args.join(' ')} exited ${code}:\n${out.join('\n')}`);
    }
    return out;
  };
  const programId = new PublicKey(deployment.programId);
  const mint = new PublicKey(deployment.mint);
  const tokenProgram = await fetchMintTokenProgram(connection, mint);
  const fbtAccount = (owner: PublicKey) =>
    getAssociatedTokenAddressSync(mint, owner, true, tokenProgram);
  const presaleAddress = (variant: PresaleVariant) =>
    new PublicKey(deployment.presales[variant].address);
  const readLimits = async (variant: PresaleVariant) => {
    const info = await connection.getAccountInfo(presaleAddress(variant), 'confirmed');
    if (info === null) throw new Error(`presale ${variant} missing`);
    const state = decodePresaleState(info.data);
    return {
      minUserBuyable: state.minUserBuyable,
      maxUserBuyable: state.maxUserBuyable,
      maxTotalBuyable: state.maxTotalBuyable,
      currentTotalSold: state.currentTotalSold,
    };
  };

  return {
    url: stack.url,
    localnet,
    connection,
    deployment,
    ledger: stack.ledger,
    app: stack.app,
    operator: wallets.operator,
    buyers: wallets.buyers,
    async fundedWallet(sol = 50) {
      const wallet = Keypair.generate();
      const signature = await connection.requestAirdrop(
        wallet.publicKey,
        Number(BigInt(sol) * SOL),
      );
      const latest = await connection.getLatestBlockhash('confirmed');
      await connection.confirmTransaction({ signature, ...latest }, 'confirmed');
      return wallet;
    },
    presaleAddress,
    async setLimits(variant, limits) {
      const current = await readLimits(variant);
      await updatePresaleLimits({
        connection,
        programId,
        seller: wallets.operator,
        presale: presaleAddress(variant),
        limits: {
          minUserBuyable: limits.minUserBuyable ?? current.minUserBuyable,
          maxUserBuyable: limits.maxUserBuyable ?? current.maxUserBuyable,
          maxTotalBuyable: limits.maxTotalBuyable ?? current.maxTotalBuyable,
        },
      });
    },
    readLimits,
    tokenProgram,
    fbtAccount,
    async fbtBalance(owner) {
      const info = await connection
        .getTokenAccountBalance(fbtAccount(owner), 'confirmed')
        .catch(() => null);
      return info === null ? 0n : BigInt(info.value.amount);
    },
    async boughtLamports(variant, owner) {
      const record = await fetchBuyerRecord(connection, programId, presaleAddress(variant), owner);
      return record?.fbtBuyedAmount ?? 0n;
    },
    operatorCli,
    stop: () => stack.stop(),
  };
}

/** A buy made outside the browser (same flow, signed in Node), so only the chain changes. */
export async function buyFromNode(
  target: Pick<BuyStack, 'connection' | 'deployment' | 'presaleAddress'>,
  wallet: Keypair,
  amount: string,
  variant: PresaleVariant = 'public',
): Promise<void> {
  const presale = target.presaleAddress(variant);
  const info = await target.connection.getAccountInfo(presale, 'confirmed');
  if (info === null) throw new Error('presale missing');
  const result = await buyFbt(
    {
      connection: target.connection,
      signTransaction: (transaction) => {
        transaction.sign([wallet]);
        return Promise.resolve(transaction);
      },
      pollIntervalMs: 100,
    },
    {
      programId: new PublicKey(target.deployment.programId),
      presale,
      mint: new PublicKey(target.deployment.mint),
      state: decodePresaleState(info.data),
      buyer: wallet.publicKey,
      amountInput: amount,
      boughtLamports: 0n,
    },
  );
  if (!result.ok) throw new Error(`node buy failed: ${result.message}`);
}

/** Scrolls the purchase box into the middle of the viewport, as a visitor on a phone does. */
export async function scrollToPurchaseBox(page: Page): Promise<void> {
  // A function, not a string: the site's CSP refuses eval.
  await page.waitForFunction(() => {
    const box = document.querySelector(
      '[data-testid="purchase-box"], [data-testid="sold-out"], [data-testid="sale-ended"], [data-testid="sale-finalized"]',
    );
    box?.scrollIntoView({ block: 'center', behavior: 'instant' });
    return box !== null;
  });
}

/** A page of the site in its own browser context with the test wallet (named Phantom). */
export interface BuyerPage {
  readonly page: Page;
  readonly context: BrowserContext;
  readonly errors: string[];
  readonly close: () => Promise<void>;
}

/**
 * Opens `#<path>` in a fresh context at `width` with a Wallet Standard test wallet signing with
 * `wallet`'s real key. It registers as "Phantom", so the site treats it like the Phantom
 * extension (the Phantom adapter steps aside for the Wallet Standard wallet of that name).
 */
export async function openBuyerPage(
  browser: Browser,
  stack: Pick<BuyStack, 'url'>,
  pathAndQuery: string,
  options: {
    wallet?: Keypair;
    width?: number;
    blockStream?: boolean;
    userAgent?: string;
    /** Playwright's controllable clock, installed before the site's code runs. */
    fakeClock?: boolean;
    /** The wallet previews each transaction through the site's `/rpc`, as Phantom does. */
    walletPreview?: boolean;
  } = {},
): Promise<BuyerPage> {
  const width = options.width ?? 1440;
  const context = await browser.newContext({
    viewport: { width, height: width < 600 ? 844 : 900 },
    deviceScaleFactor: 1,
    ...(options.userAgent === undefined ? {} : { userAgent: options.userAgent }),
  });
  // Wallet sites are never fetched for real: a test sees where the page tried to go.
  await context.route(/^https:\/\/(phantom\.app|phantom\.com|solflare\.com)\//, (route) =>
    route.fulfill({ status: 200, contentType: 'text/html', body: '<title>wallet site</title>' }),
  );
  if (options.wallet !== undefined) {
    await context.addInitScript(
      await buildTestWalletScript({
        name: 'Phantom',
        secretKey: [...options.wallet.secretKey],
        chains: ['solana:localnet'],
        ...(options.walletPreview ? { previewRpc: '/rpc' } : {}),
      }),
    );
  }
  const page = await context.newPage();
  if (options.fakeClock) await page.clock.install();
  if (options.blockStream) {
    // The page never hears about chain changes (as if it loaded just before them).
    await page.routeWebSocket(/\/api\/v1\/stream/, () => undefined);
  }
  const errors: string[] = [];
  page.on('pageerror', (error) => errors.push(error.message));
  await page.goto(`${stack.url}#${pathAndQuery}`);
  // A visitor on a phone scrolls to the box.
  await scrollToPurchaseBox(page);
  await page
    .getByTestId('purchase-box')
    .or(page.getByTestId('sold-out'))
    .or(page.getByTestId('sale-ended'))
    .or(page.getByTestId('sale-finalized'))
    .waitFor();
  // The live page, not its build-time picture (the presale and leader pages paint that first).
  await page.locator('html[data-app="rendered"]').waitFor({ state: 'attached' });
  return { page, context, errors, close: () => context.close() };
}

/** The widths every buy-flow state is photographed at. */
export const SHOT_WIDTHS = [1440, 390] as const;

/**
 * Saves screenshots of the current state at desktop and phone width, as
 * test-output/buy/<name>-<width>.png (the viewport is resized and restored, so dialogs stay
 * open). The purchase box is framed; `frame` names another element (by test id) to centre, or
 * 'top' for the top of the page. Returns the smallest file size in bytes.
 */
export async function saveShot(
  page: Page,
  name: string,
  options: { frame?: string } = {},
): Promise<number> {
  const original = page.viewportSize() ?? { width: 1440, height: 900 };
  let smallest = Number.POSITIVE_INFINITY;
  const ordered = [...SHOT_WIDTHS].sort((a) => (a === original.width ? -1 : 1));
  for (const width of ordered) {
    await page.setViewportSize({ width, height: width < 600 ? 844 : 900 });
    if (options.frame === 'top') {
      await page.evaluate(() => window.scrollTo({ top: 0, behavior: 'instant' }));
    } else {
      // Frame the purchase box (dialogs are centred in the viewport anyway).
      const box =
        options.frame === undefined
          ? page
              .getByTestId('purchase-box')
              .or(page.getByTestId('sold-out'))
              .or(page.getByTestId('sale-ended'))
          : page.getByTestId(options.frame).first();
      await box.evaluate((element) =>
        element.scrollIntoView({ block: 'center', behavior: 'instant' }),
      );
    }
    const shot = await page.screenshot({ path: path.join(BUY_OUTPUT_DIR, `${name}-${width}.png`) });
    smallest = Math.min(smallest, shot.byteLength);
  }
  await page.setViewportSize(original);
  return smallest;
}
