import path from 'node:path';
import type { FastifyInstance } from 'fastify';
import {
  createCommunityCounters,
  createPostgresLeaderLedger,
  createPythHermesPriceSource,
  createSolanaBuyerRecordReader,
  closeConnectionSocket,
  createSolanaConnection,
  createSolanaPresaleStateReader,
  createSolanaTransactionVerifier,
  createSqliteLeaderLedger,
  createTelegramMemberCounter,
  createXFollowerCounter,
} from '@fbt/adapters';
import type { Clock, CommunityCounters, Deployment, LeaderLedger } from '@fbt/domain';
import { normalizeSiteOrigin } from '@fbt/domain';
import { buildApp } from './app';
import type { AppDeps, AppSettings } from './app-deps';
import { intervalScheduler, type Scheduler } from './cache/scheduler';
import {
  createBuyerRecordDeriver,
  createProgramBuyDecoder,
  createProgramClaimDecoder,
  createProgramLeaderRecordReader,
} from './chain-wiring';
import { createRedisClients, type RedisClients } from './cluster/redis-clients';
import type { Config } from './config';
import { fromRepoRoot } from './deployment-file';
import { keeperDepsFromConfig } from './keeper-wiring';
import { readPresaleIdl } from './presale-idl';
import { swapDepsFromConfig } from './swap-wiring';

/** Pubsub errors repeat on every reconnect attempt: one report a minute at most. */
const WEBSOCKET_ERROR_REPORT_MS = 60_000;

/** What a caller may replace in the wiring (tests drive time; embedders silence the logger). */
export interface BffOptions {
  readonly clock?: Clock;
  readonly scheduler?: Scheduler;
  /** Pino options or false (default: JSON at `LOG_LEVEL`). */
  readonly logger?: AppDeps['logger'];
  /** Overrides of the settings derived from the config. */
  readonly settings?: Partial<AppSettings>;
  /** Told (at most once a minute) when the chain's pubsub websocket fails. */
  readonly onWebsocketError?: (error: Error) => void;
  /** Told (at most once a minute) when a Redis connection fails. */
  readonly onRedisError?: (error: Error) => void;
}

/** The app's dependencies and what closes the ones this wiring opened (the ledger). */
export interface WiredDeps {
  readonly deps: AppDeps;
  close(): Promise<void>;
}

/** The app settings an environment config describes. */
export function settingsFromConfig(config: Config): AppSettings {
  return {
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
    siteContent: { sample: config.SAMPLE_CONTENT, auditFirm: config.AUDIT_FIRM ?? null },
    contentDir: config.CONTENT_DIR === undefined ? null : fromRepoRoot(config.CONTENT_DIR),
    allowlistDir: fromRepoRoot(config.ALLOWLIST_DIR ?? path.dirname(config.DEPLOYMENT_FILE)),
    publicRpcUrl: config.PUBLIC_RPC_URL ?? null,
    publicSiteUrl:
      config.PUBLIC_SITE_URL === undefined ? null : normalizeSiteOrigin(config.PUBLIC_SITE_URL),
    clientDist: fromRepoRoot(config.CLIENT_DIST),
    trustProxy: config.TRUST_PROXY,
    requestTimeoutMs: config.REQUEST_TIMEOUT_MS,
    headersTimeoutMs: config.HEADERS_TIMEOUT_MS,
    rpcCostBudgetPerMinute: config.RPC_COST_BUDGET_PER_MINUTE,
    pythApiKeySet: config.PYTH_API_KEY !== undefined,
  };
}

function communityCounters(config: Config, ledger: LeaderLedger): CommunityCounters {
  return createCommunityCounters({
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
  });
}

/**
 * The leader ledger the config names: PostgreSQL when `DATABASE_URL` is set (migrated before
 * this resolves, so a database that is down stops start-up with `LEDGER__UNAVAILABLE`), else
 * the SQLite file `DATABASE_PATH` (`:memory:` for a throwaway one).
 */
async function openLedger(config: Config, clock: Clock): Promise<LeaderLedger> {
  if (config.DATABASE_URL !== undefined) {
    return createPostgresLeaderLedger({
      connectionString: config.DATABASE_URL,
      clock,
      maxConnections: config.DATABASE_POOL_MAX,
      queryTimeoutMs: config.DATABASE_QUERY_TIMEOUT_MS,
    });
  }
  return createSqliteLeaderLedger({
    path: config.DATABASE_PATH === ':memory:' ? ':memory:' : fromRepoRoot(config.DATABASE_PATH),
    clock,
  });
}

/**
 * The BFF's real adapters for a deployment and a config: the Solana readers and verifier over
 * one connection, Pyth (unless disabled), Telegram and X counters (when configured) and the
 * leader ledger ({@link openLedger}). Async because opening PostgreSQL connects and migrates.
 */
export async function createAppDeps(
  deployment: Deployment,
  config: Config,
  options: BffOptions = {},
): Promise<WiredDeps> {
  const clock = options.clock ?? { now: () => Date.now() };
  // First, so a ledger that cannot be opened leaves no connection behind.
  const ledger = await openLedger(config, clock);
  // Not awaited: an instance starts (in local-fallback) while Redis is down.
  let lastRedisErrorAt = Number.NEGATIVE_INFINITY;
  const redis: RedisClients | undefined =
    config.REDIS_URL === undefined
      ? undefined
      : createRedisClients(config.REDIS_URL, (error) => {
          if (clock.now() - lastRedisErrorAt < WEBSOCKET_ERROR_REPORT_MS) return;
          lastRedisErrorAt = clock.now();
          options.onRedisError?.(error);
        });
  let lastWebsocketErrorAt = Number.NEGATIVE_INFINITY;
  const connection = createSolanaConnection({
    rpcUrl: deployment.rpcUrl,
    ...(deployment.wsUrl === undefined ? {} : { wsUrl: deployment.wsUrl }),
    onWebsocketError: (error) => {
      if (clock.now() - lastWebsocketErrorAt < WEBSOCKET_ERROR_REPORT_MS) return;
      lastWebsocketErrorAt = clock.now();
      options.onWebsocketError?.(error);
    },
  });
  const deps: AppDeps = {
    settings: { ...settingsFromConfig(config), ...options.settings },
    deployment,
    clock,
    scheduler: options.scheduler ?? intervalScheduler,
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
    counters: communityCounters(config, ledger),
    ledger,
    verifier: createSolanaTransactionVerifier({
      connection,
      decodeBuy: createProgramBuyDecoder(deployment.programId),
      decodeClaim: createProgramClaimDecoder(deployment.programId),
    }),
    leaderRecords: createProgramLeaderRecordReader(connection, deployment.programId),
    rpcUpstreamUrl: deployment.rpcUrl,
    presaleIdl: readPresaleIdl(),
    logger: options.logger ?? { level: config.LOG_LEVEL },
    swap: swapDepsFromConfig(config),
    keeper: keeperDepsFromConfig(connection, deployment, config),
    cluster: {
      ...(config.INSTANCE_ID === undefined ? {} : { instanceId: config.INSTANCE_ID }),
      leaseTtlMs: config.LEASE_TTL_MS,
      ...(redis === undefined ? {} : { redis }),
    },
  };
  return {
    deps,
    close: () => {
      closeConnectionSocket(connection);
      redis?.disconnect();
      return ledger.close();
    },
  };
}

/**
 * The BFF for a deployment and a config, with its real adapters: what `main.ts` serves, what
 * the whole-product stack starts and what the real-chain tests exercise. Closing the app closes
 * the ledger it opened. Not listening yet: the caller chooses host and port.
 */
export async function createBff(
  deployment: Deployment,
  config: Config,
  options: BffOptions = {},
): Promise<FastifyInstance> {
  let app: FastifyInstance | undefined;
  const wired = await createAppDeps(deployment, config, {
    ...options,
    onWebsocketError: (error) => {
      options.onWebsocketError?.(error);
      app?.log.warn(
        { reason: error.message },
        'chain pubsub websocket unavailable; presale pushes paused, periodic refresh continues',
      );
    },
    onRedisError: (error) => {
      options.onRedisError?.(error);
      app?.log.warn({ reason: error.message }, 'Redis connection failed; reconnecting');
    },
  });
  try {
    app = await buildApp(wired.deps);
  } catch (error) {
    await wired.close();
    throw error;
  }
  app.addHook('onClose', () => wired.close());
  return app;
}
