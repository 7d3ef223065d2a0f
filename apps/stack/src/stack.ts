import { existsSync, mkdirSync, mkdtempSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import path from 'node:path';
import { closeConnectionSocket, createSqliteLeaderLedger } from '@fbt/adapters';
import { createBff, loadConfig, loadDeployment, startMetricsServer } from '@fbt/bff';
import type { Deployment, LeaderLedger } from '@fbt/domain';
import { createLocalnet, type Localnet } from '@fbt/localnet';
import {
  ensureKeeperWallet,
  ensureLeaderCodes,
  readDeploymentFile,
  readKeypairFile,
  seedLocalChain,
  seededWalletFiles,
  type SeedDelivery,
} from '@fbt/operator';
import { Connection, PublicKey, type Keypair } from '@solana/web3.js';
import type { FastifyInstance } from 'fastify';
import { DEFAULT_SITE_DIR } from './paths';
import { sampleContentEnv } from './sample-content';
import { siteAddress } from './site-url';
import { readDeploymentMint, startSwapPool, swapPoolEnv, type SwapPool } from './swap-pool';

/** Another cluster instead of the local chain (its deployment written by the operator CLI). */
export interface ExternalCluster {
  readonly rpcUrl: string;
  readonly wsUrl?: string;
  readonly deploymentFile: string;
}

/** The local chain's options; ports 0 (the default) pick free ones. */
export interface LocalChainOptions {
  readonly port?: number;
  readonly wsPort?: number;
  /** Start from an empty chain (and a fresh ledger database). */
  readonly reset?: boolean;
  /** Milliseconds per slot (default 400, the local chain's own default). */
  readonly slotMs?: number;
}

/** Options of {@link startStack}. Everything defaults to a throwaway stack on free ports. */
export interface StackOptions {
  /** Chain ledger, wallets and deployment file; default a fresh temp directory removed on stop. */
  readonly dataDir?: string;
  /** Use this cluster instead of starting the local chain. */
  readonly cluster?: ExternalCluster;
  readonly localChain?: LocalChainOptions;
  /** Route of the private presale page, written into a fresh seeding (default `private`). */
  readonly privateRouteName?: string;
  /**
   * How a fresh seeding's presales deliver their FBT (default `instant`; `npm start` seeds
   * `at-completion`, the BFF's keeper finalizing and distributing them).
   */
  readonly delivery?: SeedDelivery;
  /** The SQLite leader ledger; default `<dataDir>/ledger.sqlite`. */
  readonly databasePath?: string;
  /**
   * Leader codes registered on the local chain's leader presale before the BFF starts, as
   * `fbt-operator leaders register` does (a code already registered to the same wallet is kept).
   */
  readonly leaders?: readonly { readonly code: string; readonly wallet: string }[];
  /** The built site the BFF serves at `/`; default apps/client/dist. */
  readonly siteDir?: string;
  readonly bff?: {
    readonly host?: string;
    /** Default 0 (a free port). */
    readonly port?: number;
    /** Port of the BFF's metrics server (`/metrics`); default 0 (a free port), `off`: none. */
    readonly metricsPort?: number | 'off';
    /** More BFF configuration, as environment variables (validated like the BFF's own env). */
    readonly env?: Readonly<Record<string, string | undefined>>;
    /** Pino options or false (default: JSON logs at LOG_LEVEL). */
    readonly logger?: boolean | Record<string, unknown>;
  };
  /**
   * Local chain only: a loopback swap pool (`startSwapPool`) funded from the seeded operator's
   * FBT, with the BFF's `SWAP_API_URL` pointed at it, so the swap page trades for real.
   */
  readonly swapPool?: boolean;
  /** Progress lines (chain, seeding, BFF). */
  readonly log?: (line: string) => void;
}

/** A running product: chain (local or not), BFF and site. */
export interface Stack {
  /** The site and API, e.g. http://127.0.0.1:41234/ */
  readonly url: string;
  readonly port: number;
  /** The BFF's Prometheus metrics, e.g. http://127.0.0.1:9464/metrics, or null when off. */
  readonly metricsUrl: string | null;
  readonly rpcUrl: string;
  readonly wsUrl: string | undefined;
  readonly deployment: Deployment;
  readonly deploymentFile: string;
  /** True when this start seeded a fresh local chain. */
  readonly seeded: boolean;
  readonly dataDir: string;
  readonly databasePath: string;
  /** The local chain, or null on another cluster. */
  readonly localnet: Localnet | null;
  /** A web3.js connection to the chain at 'confirmed'. */
  readonly connection: Connection;
  readonly app: FastifyInstance;
  /** An operator's handle on the leader ledger database the BFF uses (SQLite WAL). */
  readonly ledger: LeaderLedger;
  /** The seeded operator, buyer and keeper wallets (local chain only). */
  readonly wallets: {
    readonly operator: Keypair;
    readonly buyers: readonly Keypair[];
    /** The BFF keeper's fee payer (`KEEPER_KEYPAIR` unless the env sets another). */
    readonly keeper: Keypair;
  } | null;
  /** The loopback swap pool (with `swapPool`), or null. */
  readonly swapPool: SwapPool | null;
  /** Stops the BFF (draining websockets), then the chain; removes a temporary data directory. */
  stop(): Promise<void>;
}

/** A stack that cannot start, with the reason an operator can act on. */
export class StackError extends Error {
  override readonly name = 'StackError';
}

/** Refuses another cluster without its deployment file, saying how to make one. */
export function checkCluster(cluster: ExternalCluster): void {
  if (!existsSync(cluster.deploymentFile)) {
    throw new StackError(
      `DEPLOYMENT_FILE ${cluster.deploymentFile} does not exist: create one with the operator CLI (see apps/operator) and set DEPLOYMENT_FILE`,
    );
  }
}

/** Starts what has to be stopped again, in order; unwinds it all when a later step fails. */
class Stopper {
  private readonly steps: (() => Promise<void> | void)[] = [];
  push(step: () => Promise<void> | void): void {
    this.steps.push(step);
  }
  async run(): Promise<void> {
    for (const step of this.steps.splice(0).reverse()) await step();
  }
}

function resetLedgerDatabase(databasePath: string): void {
  for (const file of [databasePath, `${databasePath}-wal`, `${databasePath}-shm`]) {
    rmSync(file, { force: true });
  }
}

async function startChain(
  options: StackOptions,
  dataDir: string,
  stopper: Stopper,
  siteUrl: string,
): Promise<{
  localnet: Localnet | null;
  /** At 'confirmed'; the seeding's own on the local chain. */
  connection: Connection;
  rpcUrl: string;
  wsUrl: string | undefined;
  deploymentFile: string;
  seeded: boolean;
}> {
  const log = options.log ?? (() => undefined);
  if (options.cluster !== undefined) {
    checkCluster(options.cluster);
    const { rpcUrl, wsUrl } = options.cluster;
    const connection = new Connection(rpcUrl, {
      commitment: 'confirmed',
      ...(wsUrl === undefined ? {} : { wsEndpoint: wsUrl }),
    });
    stopper.push(() => closeConnectionSocket(connection));
    return {
      localnet: null,
      connection,
      rpcUrl,
      wsUrl,
      deploymentFile: options.cluster.deploymentFile,
      seeded: false,
    };
  }
  const chainOptions = options.localChain ?? {};
  const localnet = await createLocalnet({
    port: chainOptions.port ?? 0,
    wsPort: chainOptions.wsPort ?? 0,
    dataDir,
    reset: chainOptions.reset ?? false,
    ...(chainOptions.slotMs === undefined ? {} : { slotMs: chainOptions.slotMs }),
    log: (line) => log(`localnet: ${line}`),
  });
  stopper.push(() => localnet.stop());
  log(`local chain: JSON-RPC ${localnet.rpcUrl}, websocket ${localnet.wsUrl}`);
  const connection = new Connection(localnet.rpcUrl, {
    commitment: 'confirmed',
    wsEndpoint: localnet.wsUrl,
  });
  // Stopped before the chain (the stopper unwinds in reverse), or web3.js reconnects forever.
  stopper.push(() => closeConnectionSocket(connection));
  const deploymentFile = path.join(dataDir, 'deployment.json');
  const fresh = !existsSync(deploymentFile);
  if (fresh) log('seeding the fresh local chain (once)');
  try {
    await seedLocalChain({
      connection,
      rpcUrl: localnet.rpcUrl,
      wsUrl: localnet.wsUrl,
      dataDir,
      privateRouteName: options.privateRouteName ?? 'private',
      delivery: options.delivery ?? 'instant',
      siteUrl,
      log: (line) => log(`seed: ${line}`),
    });
    // A chain seeded before the keeper existed gets its fee payer now.
    await ensureKeeperWallet(connection, dataDir);
  } catch (error) {
    throw new StackError(
      `seeding failed: ${(error as Error).message}; start again with \`npm start -- --reset\` for a fresh chain`,
    );
  }
  return {
    localnet,
    connection,
    rpcUrl: localnet.rpcUrl,
    wsUrl: localnet.wsUrl,
    deploymentFile,
    seeded: fresh,
  };
}

function seededWallets(dataDir: string): Stack['wallets'] {
  const files = seededWalletFiles(dataDir);
  return {
    operator: readKeypairFile(files.operator),
    buyers: files.buyers.map((file) => readKeypairFile(file)),
    keeper: readKeypairFile(files.keeper),
  };
}

/** Registers `leaders` on the leader presale of the deployment as its seller (`operator`). */
async function registerLeaderCodes(
  connection: Connection,
  deploymentFile: string,
  operator: Keypair,
  leaders: NonNullable<StackOptions['leaders']>,
): Promise<void> {
  const deployment = readDeploymentFile(deploymentFile);
  await ensureLeaderCodes({
    connection,
    programId: new PublicKey(deployment.programId),
    presale: new PublicKey(deployment.presales.leader.address),
    seller: operator,
    leaders,
  });
}

/**
 * Starts the whole product: the local chain (litesvm JSON-RPC + websocket, its ledger on disk)
 * seeded once by the operator code (program, FBT mint, three presales, funded test wallets),
 * or another cluster; the leader ledger; and the BFF (`createBff`: the real adapters) serving
 * the built site. `npm start`, the browser suites and the buy-latency benchmark all start the
 * product through this one function.
 */
export async function startStack(options: StackOptions = {}): Promise<Stack> {
  const temporary = options.dataDir === undefined;
  const dataDir = path.resolve(options.dataDir ?? mkdtempSync(path.join(tmpdir(), 'fbt-stack-')));
  mkdirSync(dataDir, { recursive: true });
  const databasePath = path.resolve(options.databasePath ?? path.join(dataDir, 'ledger.sqlite'));
  const stopper = new Stopper();
  if (temporary) stopper.push(() => rmSync(dataDir, { recursive: true, force: true }));
  try {
    // The leader ledger's buys point at transactions: a fresh chain needs a fresh ledger.
    if (options.localChain?.reset === true) resetLedgerDatabase(databasePath);
    const host = options.bff?.host ?? options.bff?.env?.HOST ?? '127.0.0.1';
    const site = await siteAddress(options.bff?.port ?? 0, host, options.bff?.env ?? {});
    const chain = await startChain(options, dataDir, stopper, site.siteUrl);

    const ledger = createSqliteLeaderLedger({
      path: databasePath,
      clock: { now: () => Date.now() },
    });
    stopper.push(() => ledger.close());

    const wallets = chain.localnet === null ? null : seededWallets(dataDir);
    // Leader codes live on chain (the seeding's, and these): the ledger indexes their buys.
    if ((options.leaders ?? []).length > 0) {
      if (wallets === null)
        throw new StackError('leader codes are registered on the local chain only');
      await registerLeaderCodes(
        chain.connection,
        chain.deploymentFile,
        wallets.operator,
        options.leaders ?? [],
      );
    }
    let swapPool: SwapPool | null = null;
    if (options.swapPool === true) {
      if (wallets === null) throw new StackError('the swap pool runs on the local chain only');
      swapPool = await startSwapPool({
        connection: chain.connection,
        treasury: wallets.operator,
        mint: new PublicKey(readDeploymentMint(chain.deploymentFile)),
      });
      stopper.push(() => swapPool?.close());
      (options.log ?? (() => undefined))(`swap pool: Trade API ${swapPool.url}`);
    }
    const bffEnv: Readonly<Record<string, string | undefined>> = {
      // The local chain's keeper fee payer, unless the environment names another.
      ...(wallets === null ? {} : { KEEPER_KEYPAIR: seededWalletFiles(dataDir).keeper }),
      ...options.bff?.env,
      ...(swapPool === null ? {} : swapPoolEnv(swapPool)),
    };
    // The local chain ships honest sample documents unless the site's content is configured.
    const ownContent = ['PUBLIC_LINKS', 'CONTENT_DIR', 'SAMPLE_CONTENT', 'AUDIT_FIRM'].some(
      (name) => (bffEnv[name] ?? '').trim() !== '',
    );
    const config = loadConfig({
      ...bffEnv,
      ...(chain.localnet !== null && !ownContent ? sampleContentEnv() : {}),
      PORT: String(site.port),
      METRICS_PORT: String(options.bff?.metricsPort ?? 0),
      HOST: host,
      DEPLOYMENT_FILE: chain.deploymentFile,
      SOLANA_RPC_URL: chain.rpcUrl,
      SOLANA_WS_URL: chain.wsUrl,
      DATABASE_PATH: databasePath,
      // `allowlist set` writes its files next to the deployment file.
      ALLOWLIST_DIR: bffEnv.ALLOWLIST_DIR ?? path.dirname(chain.deploymentFile),
      CLIENT_DIST: options.siteDir ?? DEFAULT_SITE_DIR,
      // Offline by default on the local chain: the fallback price, unless Pyth is configured.
      PYTH_HERMES_URL: bffEnv.PYTH_HERMES_URL ?? (chain.localnet === null ? undefined : ''),
    });
    const deployment = loadDeployment(config);
    const app = await createBff(deployment, config, {
      ...(options.bff?.logger === undefined ? {} : { logger: options.bff.logger }),
    });
    stopper.push(() => app.close());
    await app.listen({ host: config.HOST, port: config.PORT });
    const address = app.server.address();
    if (address === null || typeof address === 'string') throw new StackError('BFF did not listen');
    let metricsUrl: string | null = null;
    if (config.METRICS_PORT !== null) {
      const metrics = await startMetricsServer(app, {
        host: config.METRICS_HOST,
        port: config.METRICS_PORT,
      }).catch((error: unknown) => {
        throw new StackError(
          `METRICS_PORT ${config.METRICS_PORT ?? ''}: ${(error as Error).message}; choose another port or METRICS_PORT=off`,
        );
      });
      stopper.push(() => metrics.close());
      metricsUrl = metrics.url;
    }

    return {
      url: `http://127.0.0.1:${address.port}/`,
      port: address.port,
      metricsUrl,
      rpcUrl: chain.rpcUrl,
      wsUrl: chain.wsUrl,
      deployment,
      deploymentFile: chain.deploymentFile,
      seeded: chain.seeded,
      dataDir,
      databasePath,
      localnet: chain.localnet,
      connection: chain.connection,
      app,
      ledger,
      wallets,
      swapPool,
      stop: () => stopper.run(),
    };
  } catch (error) {
    await stopper.run();
    throw error;
  }
}
