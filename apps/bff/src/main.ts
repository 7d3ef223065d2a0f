import { readFileSync } from 'node:fs';
import { isAbsolute, resolve } from 'node:path';
import { fileURLToPath } from 'node:url';
import {
  createCommunityCounters,
  createPythHermesPriceSource,
  createSolanaBuyerRecordReader,
  createSolanaConnection,
  createSolanaPresaleStateReader,
  createSolanaTransactionVerifier,
  createSqliteLeaderLedger,
  createTelegramMemberCounter,
  createXFollowerCounter,
} from '@fbt/adapters';
import { clusterFromEndpoint, deploymentSchema, type Deployment } from '@fbt/domain';
import { buildApp } from './app';
import { intervalScheduler } from './cache/scheduler';
import { createBuyerRecordDeriver, createProgramBuyDecoder } from './chain-wiring';
import { ConfigError, loadConfig, type Config } from './config';

/** Relative paths in the config are resolved against the repository root, whatever the cwd. */
const REPO_ROOT = fileURLToPath(new URL('../../../', import.meta.url));
const fromRoot = (path: string): string => (isAbsolute(path) ? path : resolve(REPO_ROOT, path));

/** Reads and validates the deployment file, then applies env overrides. */
function loadDeployment(config: Config): Deployment {
  const path = fromRoot(config.DEPLOYMENT_FILE);
  let raw: unknown;
  try {
    raw = JSON.parse(readFileSync(path, 'utf8'));
  } catch (error) {
    throw new ConfigError([
      `DEPLOYMENT_FILE: cannot read ${path} (${(error as Error).message}); start the local chain (npm start) or point DEPLOYMENT_FILE at a deployment`,
    ]);
  }
  const parsed = deploymentSchema.safeParse(raw);
  if (!parsed.success) {
    throw new ConfigError(
      parsed.error.issues.map(
        (issue) => `DEPLOYMENT_FILE ${path}: ${issue.path.join('.')}: ${issue.message}`,
      ),
    );
  }
  const rpcUrl = config.SOLANA_RPC_URL ?? parsed.data.rpcUrl;
  const wsUrl =
    config.SOLANA_WS_URL ?? (config.SOLANA_RPC_URL === undefined ? parsed.data.wsUrl : undefined);
  return {
    ...parsed.data,
    rpcUrl,
    ...(wsUrl === undefined ? {} : { wsUrl }),
    cluster:
      config.CLUSTER ??
      (config.SOLANA_RPC_URL === undefined ? parsed.data.cluster : clusterFromEndpoint(rpcUrl)),
  };
}

async function main(): Promise<void> {
  let config: Config;
  let deployment: Deployment;
  try {
    config = loadConfig(process.env);
    deployment = loadDeployment(config);
  } catch (error) {
    if (error instanceof ConfigError) {
      console.error(`bff: refusing to start.\n${error.message}`);
      process.exit(2);
    }
    throw error;
  }

  const clock = { now: () => Date.now() };
  // Pubsub errors repeat on every reconnect attempt: log one line a minute at most.
  let reportWebsocketError: (error: Error) => void = () => undefined;
  let lastWebsocketErrorAt = 0;
  const connection = createSolanaConnection({
    rpcUrl: deployment.rpcUrl,
    ...(deployment.wsUrl === undefined ? {} : { wsUrl: deployment.wsUrl }),
    onWebsocketError: (error) => {
      if (clock.now() - lastWebsocketErrorAt < 60_000) return;
      lastWebsocketErrorAt = clock.now();
      reportWebsocketError(error);
    },
  });
  const ledger = createSqliteLeaderLedger({ path: fromRoot(config.DATABASE_PATH), clock });
  const app = await buildApp({
    settings: {
      presaleRefreshMs: config.PRESALE_REFRESH_MS,
      priceRefreshMs: config.PRICE_REFRESH_MS,
      goalsRefreshMs: config.GOALS_REFRESH_MS,
      reconcileIntervalMs: config.RECONCILE_INTERVAL_MS,
      corsOrigins: config.CORS_ORIGINS,
      rateLimitMax: config.RATE_LIMIT_MAX,
      rateLimitWriteMax: config.RATE_LIMIT_WRITE_MAX,
      rpcRateLimitMax: config.RPC_RATE_LIMIT_MAX,
      streamHeartbeatMs: config.STREAM_HEARTBEAT_MS,
      streamMaxBufferBytes: config.STREAM_MAX_BUFFER_BYTES,
      streamMaxClients: config.STREAM_MAX_CLIENTS,
      streamMaxClientsPerAddress: config.STREAM_MAX_CLIENTS_PER_IP,
      publicLinks: config.PUBLIC_LINKS,
      publicRpcUrl: config.PUBLIC_RPC_URL ?? null,
      clientDist: fromRoot(config.CLIENT_DIST),
      trustProxy: config.TRUST_PROXY,
    },
    deployment,
    clock,
    scheduler: intervalScheduler,
    presaleReader: createSolanaPresaleStateReader({ connection }),
    buyerReader: createSolanaBuyerRecordReader({
      connection,
      deriveBuyerRecordAddress: createBuyerRecordDeriver(deployment.programId),
    }),
    priceSource:
      config.PYTH_HERMES_URL === undefined
        ? null
        : createPythHermesPriceSource({
            endpoint: config.PYTH_HERMES_URL,
            clock,
            ...(config.PYTH_API_KEY === undefined ? {} : { apiKey: config.PYTH_API_KEY }),
          }),
    counters: createCommunityCounters({
      ledger,
      ...(config.TELEGRAM_BOT_TOKEN === undefined || config.TELEGRAM_CHAT_ID === undefined
        ? {}
        : {
            telegram: createTelegramMemberCounter({
              apiBase: config.TELEGRAM_API_BASE,
              botToken: config.TELEGRAM_BOT_TOKEN,
              chatId: config.TELEGRAM_CHAT_ID,
            }),
          }),
      ...(config.X_BEARER_TOKEN === undefined || config.X_USERNAME === undefined
        ? {}
        : {
            twitter: createXFollowerCounter({
              apiBase: config.X_API_BASE,
              bearerToken: config.X_BEARER_TOKEN,
              username: config.X_USERNAME,
            }),
          }),
    }),
    ledger,
    verifier: createSolanaTransactionVerifier({
      connection,
      decodeBuy: createProgramBuyDecoder(deployment.programId),
    }),
    rpcUpstreamUrl: deployment.rpcUrl,
    logger: { level: config.LOG_LEVEL },
  });
  app.addHook('onClose', async () => ledger.close());
  reportWebsocketError = (error) =>
    app.log.warn(
      { reason: error.message },
      'chain pubsub websocket unavailable; presale pushes paused, periodic refresh continues',
    );

  let closing = false;
  const shutdown = (signal: string) => {
    if (closing) return;
    closing = true;
    app.log.info({ signal }, 'shutting down: draining websockets and requests');
    const force = setTimeout(() => process.exit(1), 10_000);
    force.unref();
    app.close().then(
      () => process.exit(0),
      (error: unknown) => {
        app.log.error({ err: error }, 'shutdown failed');
        process.exit(1);
      },
    );
  };
  process.on('SIGTERM', () => shutdown('SIGTERM'));
  process.on('SIGINT', () => shutdown('SIGINT'));

  await app.listen({ host: config.HOST, port: config.PORT });
  app.log.info(
    {
      cluster: deployment.cluster,
      rpc: new URL(deployment.rpcUrl).origin,
      programId: deployment.programId,
    },
    'bff ready',
  );
}

await main();
