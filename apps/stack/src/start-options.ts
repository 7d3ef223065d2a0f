import path from 'node:path';
import type { StackOptions } from './stack';
import { REPO_ROOT } from './paths';

/** `npm start` refused its input: the message names the variable or argument. */
export class StartOptionsError extends Error {
  override readonly name = 'StartOptionsError';
}

/** What `npm start` runs, read from its environment and arguments. */
export interface StartPlan {
  readonly stack: StackOptions;
  /** Build the site before serving it (false with FBT_SKIP_CLIENT_BUILD=1). */
  readonly buildSite: boolean;
  readonly reset: boolean;
  /** Another cluster (SOLANA_RPC_URL): no local chain. */
  readonly external: boolean;
  readonly siteDir: string;
}

const USAGE = 'usage: npm start [-- --reset] [--swap-pool]';

function port(env: Readonly<Record<string, string | undefined>>, name: string, fallback: number) {
  const raw = env[name]?.trim();
  if (raw === undefined || raw === '') return fallback;
  if (!/^\d+$/.test(raw) || Number(raw) > 65_535) {
    throw new StartOptionsError(`${name} must be a port number (0-65535), got "${raw}"`);
  }
  return Number(raw);
}

function text(env: Readonly<Record<string, string | undefined>>, name: string): string | undefined {
  const value = env[name]?.trim();
  return value === undefined || value === '' ? undefined : value;
}

function url(env: Readonly<Record<string, string | undefined>>, name: string): string | undefined {
  const value = text(env, name);
  if (value === undefined) return undefined;
  try {
    new URL(value);
  } catch {
    throw new StartOptionsError(`${name} must be a URL, got "${value}"`);
  }
  return value;
}

/** Paths in the environment are relative to the repository root, whatever the cwd. */
const fromRoot = (file: string): string => path.resolve(REPO_ROOT, file);

/**
 * Reads `npm start`'s environment and arguments. Defaults: the local chain on 8899/8900 with its
 * ledger in data/localnet, the BFF and site on 8080, the SQLite ledger in data/ledger.sqlite.
 */
export function readStartPlan(
  env: Readonly<Record<string, string | undefined>>,
  args: readonly string[],
  siteDir: string,
): StartPlan {
  const unknown = args.filter((arg) => arg !== '--reset' && arg !== '--swap-pool');
  if (unknown.length > 0) {
    throw new StartOptionsError(`unknown argument ${unknown[0] ?? ''}; ${USAGE}`);
  }
  const reset = args.includes('--reset');
  const swapPool = args.includes('--swap-pool');
  const rpcUrl = url(env, 'SOLANA_RPC_URL');
  const wsUrl = url(env, 'SOLANA_WS_URL');
  const localPort = port(env, 'LOCALNET_PORT', 8899);
  const localWsPort = port(env, 'LOCALNET_WS_PORT', localPort === 0 ? 0 : localPort + 1);
  const dataDir = fromRoot(text(env, 'LOCALNET_DATA_DIR') ?? 'data/localnet');
  const deploymentFile = text(env, 'DEPLOYMENT_FILE');
  const external = rpcUrl !== undefined;
  if (external && swapPool) {
    throw new StartOptionsError(
      '--swap-pool runs a loopback pool on the local chain; set SWAP_API_URL for another cluster',
    );
  }
  if (external && reset) {
    throw new StartOptionsError(
      '--reset starts a fresh local chain; it cannot reset SOLANA_RPC_URL',
    );
  }
  if (!external && deploymentFile !== undefined) {
    throw new StartOptionsError(
      `DEPLOYMENT_FILE is for another cluster (set with SOLANA_RPC_URL); the local chain keeps its deployment in ${path.join(dataDir, 'deployment.json')}`,
    );
  }
  const stack: StackOptions = {
    dataDir,
    ...(external
      ? {
          cluster: {
            rpcUrl,
            ...(wsUrl === undefined ? {} : { wsUrl }),
            deploymentFile: fromRoot(deploymentFile ?? path.join(dataDir, 'deployment.json')),
          },
        }
      : { localChain: { port: localPort, wsPort: localWsPort, reset } }),
    privateRouteName: text(env, 'PRIVATE_ROUTE_NAME') ?? 'private',
    // The product's presales deliver at completion: the BFF's keeper distributes them.
    delivery: 'at-completion',
    databasePath: fromRoot(text(env, 'DATABASE_PATH') ?? 'data/ledger.sqlite'),
    siteDir,
    ...(swapPool ? { swapPool } : {}),
    bff: {
      port: port(env, 'PORT', 8080),
      metricsPort: env.METRICS_PORT?.trim() === 'off' ? 'off' : port(env, 'METRICS_PORT', 9464),
      env,
    },
  };
  return {
    stack,
    buildSite: env.FBT_SKIP_CLIENT_BUILD !== '1',
    reset,
    external,
    siteDir,
  };
}
