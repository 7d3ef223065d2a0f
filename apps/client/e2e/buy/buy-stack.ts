import { mkdirSync, mkdtempSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import path from 'node:path';
import { fileURLToPath } from 'node:url';
import {
  createCommunityCounters,
  createSolanaBuyerRecordReader,
  createSolanaConnection,
  createSolanaPresaleStateReader,
  createSolanaTransactionVerifier,
  createSqliteLeaderLedger,
} from '@fbt/adapters';
import { buildApp, type AppSettings } from '@fbt/bff';
import type { Deployment, LeaderLedger, PresaleVariant } from '@fbt/domain';
import { decodePresaleState } from '@fbt/domain';
import { buyFbt } from '@fbt/purchase';
import { buildTestWalletScript } from '@fbt/keypair-wallet/testing';
import { createLocalnet, type Localnet } from '@fbt/localnet';
import { readKeypairFile, seedLocalChain, updatePresaleLimits } from '@fbt/operator';
import type { PresaleLimits } from '@fbt/presale-client';
import { fetchBuyerRecord } from '@fbt/presale-client';
import { getAssociatedTokenAddressSync } from '@solana/spl-token';
import { Connection, Keypair, PublicKey } from '@solana/web3.js';
import type { FastifyInstance } from 'fastify';
import type { Browser, BrowserContext, Page } from 'playwright-core';
// The BFF's own wiring (its composition root uses exactly these); read-only use from the harness.
import { intervalScheduler } from '../../../bff/src/cache/scheduler';
import { createBuyerRecordDeriver, createProgramBuyDecoder } from '../../../bff/src/chain-wiring';

/** Screenshots of the buy flow (git-ignored test output). */
export const BUY_OUTPUT_DIR = fileURLToPath(new URL('../../test-output/buy/', import.meta.url));
mkdirSync(BUY_OUTPUT_DIR, { recursive: true });

/** The leader code registered in the ledger for these tests. */
export const LEADER_CODE = 'beast42';

const SOL = 1_000_000_000n;

/** The whole product on random ports: local chain (seeded), BFF serving the built site, ledger. */
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
  fbtBalance(owner: PublicKey): Promise<bigint>;
  boughtLamports(variant: PresaleVariant, owner: PublicKey): Promise<bigint>;
  stop(): Promise<void>;
}

function settings(distDir: string, publicRpcUrl: string): AppSettings {
  return {
    presaleRefreshMs: 60_000,
    priceRefreshMs: 300_000,
    goalsRefreshMs: 300_000,
    reconcileIntervalMs: 0,
    corsOrigins: [],
    rateLimitMax: 100_000,
    rateLimitWriteMax: 10_000,
    rpcRateLimitMax: 100_000,
    streamHeartbeatMs: 25_000,
    streamMaxBufferBytes: 1_048_576,
    streamMaxClients: 100,
    streamMaxClientsPerAddress: 100,
    publicLinks: {},
    publicRpcUrl,
    clientDist: distDir,
    trustProxy: false,
  };
}

/**
 * Starts the real stack the way `npm start` composes it, but on random ports with a temporary
 * data directory: litesvm JSON-RPC + websocket, the operator's one-time seeding (program,
 * mint, three presales, funded buyer wallets), a SQLite ledger with the leader code
 * registered, and the BFF (`buildApp` with the real Solana adapters) serving `distDir`.
 */
export async function startBuyStack(distDir: string): Promise<BuyStack> {
  const dataDir = mkdtempSync(path.join(tmpdir(), 'fbt-buy-e2e-'));
  const localnet = await createLocalnet({ port: 0, wsPort: 0, dataDir, slotMs: 100 });
  const connection = new Connection(localnet.rpcUrl, {
    commitment: 'confirmed',
    wsEndpoint: localnet.wsUrl,
  });
  const { deployment } = await seedLocalChain({
    connection,
    rpcUrl: localnet.rpcUrl,
    wsUrl: localnet.wsUrl,
    dataDir,
  });
  const wallets = path.join(dataDir, 'wallets');
  const operator = readKeypairFile(path.join(wallets, 'operator.json'));
  const buyers = ['buyer-1', 'buyer-2', 'buyer-3'].map((name) =>
    readKeypairFile(path.join(wallets, `${name}.json`)),
  );

  const clock = { now: () => Date.now() };
  const ledger = createSqliteLeaderLedger({ path: path.join(dataDir, 'ledger.sqlite'), clock });
  await ledger.registerLeader({
    code: LEADER_CODE,
    wallet: Keypair.generate().publicKey.toBase58(),
  });

  const chain = createSolanaConnection({
    rpcUrl: deployment.rpcUrl,
    ...(deployment.wsUrl === undefined ? {} : { wsUrl: deployment.wsUrl }),
  });
  const app = await buildApp({
    settings: settings(distDir, localnet.rpcUrl),
    deployment,
    clock,
    scheduler: intervalScheduler,
    presaleReader: createSolanaPresaleStateReader({ connection: chain }),
    buyerReader: createSolanaBuyerRecordReader({
      connection: chain,
      deriveBuyerRecordAddress: createBuyerRecordDeriver(deployment.programId),
    }),
    priceSource: null,
    counters: createCommunityCounters({ ledger }),
    ledger,
    verifier: createSolanaTransactionVerifier({
      connection: chain,
      decodeBuy: createProgramBuyDecoder(deployment.programId),
    }),
    rpcUpstreamUrl: deployment.rpcUrl,
    logger: false,
  });
  await app.listen({ host: '127.0.0.1', port: 0 });
  const address = app.server.address();
  if (address === null || typeof address === 'string') throw new Error('BFF did not listen');

  const programId = new PublicKey(deployment.programId);
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
    url: `http://127.0.0.1:${address.port}/`,
    localnet,
    connection,
    deployment,
    ledger,
    app,
    operator,
    buyers,
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
        seller: operator,
        presale: presaleAddress(variant),
        limits: {
          minUserBuyable: limits.minUserBuyable ?? current.minUserBuyable,
          maxUserBuyable: limits.maxUserBuyable ?? current.maxUserBuyable,
          maxTotalBuyable: limits.maxTotalBuyable ?? current.maxTotalBuyable,
        },
      });
    },
    readLimits,
    async fbtBalance(owner) {
      const ata = getAssociatedTokenAddressSync(new PublicKey(deployment.mint), owner);
      const info = await connection.getTokenAccountBalance(ata, 'confirmed').catch(() => null);
      return info === null ? 0n : BigInt(info.value.amount);
    },
    async boughtLamports(variant, owner) {
      const record = await fetchBuyerRecord(connection, programId, presaleAddress(variant), owner);
      return record?.fbtBuyedAmount ?? 0n;
    },
    async stop() {
      await app.close();
      await ledger.close();
      await localnet.stop();
      rmSync(dataDir, { recursive: true, force: true });
    },
  };
}

/** A buy made outside the browser (same flow, signed in Node), so only the chain changes. */
export async function buyFromNode(
  target: BuyStack,
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
  stack: BuyStack,
  pathAndQuery: string,
  options: {
    wallet?: Keypair;
    width?: number;
    blockStream?: boolean;
    userAgent?: string;
    /** Playwright's controllable clock, installed before the site's code runs. */
    fakeClock?: boolean;
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
  await page.getByTestId('purchase-box').or(page.getByTestId('sold-out')).waitFor();
  return { page, context, errors, close: () => context.close() };
}

/** The widths every buy-flow state is photographed at. */
export const SHOT_WIDTHS = [1440, 390] as const;

/**
 * Saves screenshots of the current state at desktop and phone width, as
 * test-output/buy/<name>-<width>.png (the viewport is resized and restored, so dialogs stay
 * open). Returns the smallest file size in bytes.
 */
export async function saveShot(page: Page, name: string): Promise<number> {
  const original = page.viewportSize() ?? { width: 1440, height: 900 };
  let smallest = Number.POSITIVE_INFINITY;
  const ordered = [...SHOT_WIDTHS].sort((a) => (a === original.width ? -1 : 1));
  for (const width of ordered) {
    await page.setViewportSize({ width, height: width < 600 ? 844 : 900 });
    // Frame the purchase box (dialogs are centred in the viewport anyway).
    await page
      .getByTestId('purchase-box')
      .or(page.getByTestId('sold-out'))
      .evaluate((box) => box.scrollIntoView({ block: 'center', behavior: 'instant' }));
    const shot = await page.screenshot({ path: path.join(BUY_OUTPUT_DIR, `${name}-${width}.png`) });
    smallest = Math.min(smallest, shot.byteLength);
  }
  await page.setViewportSize(original);
  return smallest;
}
