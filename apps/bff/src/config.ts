import { accessSync, constants, existsSync, statSync } from 'node:fs';
import { z } from 'zod';
import { DEFAULT_PYTH_HERMES_URL, postgresUrlProblem } from '@fbt/adapters';
import { clusterSchema, isAddress, normalizeSiteOrigin, parseSolAmount } from '@fbt/domain';
import { keypairFileProblem } from './keeper-key';
import { publicLinksEnvSchema, siteContentProblems } from './site-content-config';
import { redisUrlProblem } from './cluster/redis-url';
import { fromRepoRoot } from './repo-root';

/** Raydium's AMM v4, CPMM, CLMM and routing programs on mainnet-beta. */
const DEFAULT_SWAP_PROGRAM_IDS = [
  '675kPX9MHTjS2zt1qfr1NYHuzeLXfQM9H24wFSUt1Mp8',
  'CPMMoo8L3F4NbTegBCKVNunggL7H1ZpdTHKxQB5qKP1C',
  'CAMMCzo5YL8w4VFF8KVHrK22GGUsp5VTaW7grrKgrWqK',
  'routeUGWgWzqBWFcrCfv8tritsqukccJPu3q5GPP3xS',
];

const intInRange = (fallback: number, min: number, max: number) =>
  z
    .string()
    .trim()
    .regex(/^\d+$/, 'must be a whole number')
    .transform(Number)
    .pipe(z.number().int().min(min).max(max))
    .default(fallback);

const optionalText = z
  .string()
  .trim()
  .transform((value) => (value === '' ? undefined : value))
  .optional();

const optionalUrl = z
  .string()
  .trim()
  .transform((value) => (value === '' ? undefined : value))
  .pipe(z.string().url().optional())
  .optional();

/** Where docker compose takes PUBLIC_SITE_URL from, for the messages that name it. */
const COMPOSE_SITE_URL = '(docker compose sets it from SITE_ADDRESS)';

const booleanText = (fallback: boolean) =>
  z
    .enum(['true', 'false', '1', '0'])
    .transform((value) => value === 'true' || value === '1')
    .default(fallback);

/**
 * Every environment variable the BFF reads, with its default. apps/bff/README.md documents
 * the same table; keep them in step.
 */
const envSchema = z.object({
  NODE_ENV: z.enum(['development', 'production', 'test']).default('development'),
  HOST: z.string().trim().min(1).default('127.0.0.1'),
  PORT: intInRange(8080, 0, 65_535),
  /** Port of the metrics server (`/metrics`); `off` disables it, `0` picks a free port. */
  METRICS_PORT: z
    .string()
    .trim()
    .default('9464')
    .refine((value) => value === 'off' || /^\d+$/.test(value), 'must be a port number or off')
    .transform((value) => (value === 'off' ? null : Number(value)))
    .pipe(z.number().int().min(0).max(65_535).nullable()),
  /** Address of the metrics server: loopback unless Prometheus scrapes from elsewhere. */
  METRICS_HOST: z.string().trim().min(1).default('127.0.0.1'),
  LOG_LEVEL: z.enum(['fatal', 'error', 'warn', 'info', 'debug', 'trace', 'silent']).default('info'),
  TRUST_PROXY: booleanText(false),
  DEPLOYMENT_FILE: z.string().trim().min(1).default('./data/localnet/deployment.json'),
  SOLANA_RPC_URL: optionalUrl,
  SOLANA_WS_URL: optionalUrl,
  CLUSTER: clusterSchema.optional(),
  PUBLIC_RPC_URL: optionalUrl,
  /**
   * The site's public origin, for absolute links in Blinks. Required in production; unset
   * elsewhere: each request's own origin.
   */
  PUBLIC_SITE_URL: optionalText.superRefine((value, ctx) => {
    if (value === undefined) return;
    try {
      normalizeSiteOrigin(value);
    } catch {
      ctx.addIssue({
        code: 'custom',
        message: `must be an http(s) origin without a path, like https://fbt.example ${COMPOSE_SITE_URL}`,
      });
    }
  }),
  CLIENT_DIST: z.string().trim().min(1).default('./apps/client/dist'),
  DATABASE_PATH: z.string().trim().min(1).default('./data/ledger.sqlite'),
  /** Set: the leader ledger lives in this PostgreSQL database instead of `DATABASE_PATH`. */
  DATABASE_URL: optionalText.superRefine((value, ctx) => {
    const problem = value === undefined ? null : postgresUrlProblem(value);
    if (problem !== null) ctx.addIssue({ code: 'custom', message: problem });
  }),
  /** Empty disables Pyth: the fallback price is served and readiness ignores the price. */
  PYTH_HERMES_URL: z
    .string()
    .trim()
    .default(DEFAULT_PYTH_HERMES_URL)
    .transform((value) => (value === '' ? undefined : value))
    .pipe(z.string().url().optional()),
  PYTH_API_KEY: optionalText,
  PRICE_REFRESH_MS: intInRange(30_000, 5_000, 300_000),
  PRESALE_REFRESH_MS: intInRange(60_000, 1_000, 3_600_000),
  GOALS_REFRESH_MS: intInRange(300_000, 10_000, 3_600_000),
  RECONCILE_INTERVAL_MS: intInRange(60_000, 0, 3_600_000),
  TELEGRAM_BOT_TOKEN: optionalText,
  TELEGRAM_CHAT_ID: optionalText,
  TELEGRAM_API_BASE: z.string().trim().url().default('https://api.telegram.org'),
  X_BEARER_TOKEN: optionalText,
  X_USERNAME: optionalText,
  X_API_BASE: z.string().trim().url().default('https://api.x.com'),
  CORS_ORIGINS: z
    .string()
    .default('')
    .transform((value) =>
      value
        .split(',')
        .map((origin) => origin.trim())
        .filter((origin) => origin !== ''),
    )
    .pipe(z.array(z.string().url())),
  RATE_LIMIT_MAX: intInRange(600, 1, 1_000_000),
  RATE_LIMIT_WRITE_MAX: intInRange(30, 1, 1_000_000),
  RPC_RATE_LIMIT_MAX: intInRange(120, 1, 1_000_000),
  /** `/rpc` cost units a client may spend a minute (accounts read; 10 per simulation). */
  RPC_COST_BUDGET_PER_MINUTE: intInRange(2_000, 1, 10_000_000),
  /** Longest time to receive a whole request, headers and body. */
  REQUEST_TIMEOUT_MS: intInRange(30_000, 100, 600_000),
  /** Longest time to receive the request headers (at most REQUEST_TIMEOUT_MS). */
  HEADERS_TIMEOUT_MS: intInRange(10_000, 100, 600_000),
  /** PostgreSQL ledger: most connections of this instance's pool. */
  DATABASE_POOL_MAX: intInRange(10, 1, 1_000),
  /** PostgreSQL ledger: longest wait for one query before answering 503 LEDGER__UNAVAILABLE. */
  DATABASE_QUERY_TIMEOUT_MS: intInRange(5_000, 100, 600_000),
  STREAM_HEARTBEAT_MS: intInRange(25_000, 1_000, 600_000),
  STREAM_MAX_BUFFER_BYTES: intInRange(1_048_576, 1_024, 67_108_864),
  STREAM_MAX_CLIENTS: intInRange(10_000, 1, 1_000_000),
  STREAM_MAX_CLIENTS_PER_IP: intInRange(20, 1, 1_000_000),
  /** Set: instances share fan-out, upstream leases and rate limits through this Redis. */
  REDIS_URL: optionalText.superRefine((value, ctx) => {
    const problem = value === undefined ? null : redisUrlProblem(value);
    if (problem !== null) ctx.addIssue({ code: 'custom', message: problem });
  }),
  /** Lease owner and metrics label; default `<hostname>-<pid>`. */
  INSTANCE_ID: optionalText.pipe(
    z
      .string()
      .max(100, 'at most 100 characters')
      .regex(/^[A-Za-z0-9._:-]+$/, 'only letters, digits and . _ : -')
      .optional(),
  ),
  LEASE_TTL_MS: intInRange(10_000, 1_000, 60_000),
  /** The site's outbound links (known names, https / `/content/<file>` / mailto:). */
  PUBLIC_LINKS: publicLinksEnvSchema,
  /** Directory served at `/content/` (whitepapers, terms, audit report as files). */
  CONTENT_DIR: optionalText,
  /**
   * Directory of the operator's allowlist files (`allowlist-<variant>.json`, written by
   * `allowlist set`); unset: the deployment file's directory, where `allowlist set` writes them.
   */
  ALLOWLIST_DIR: optionalText,
  /** The firm named on the audit badge; set together with `PUBLIC_LINKS.auditReport`. */
  AUDIT_FIRM: optionalText,
  /** The links and documents are samples (the local stack): the site says so. */
  SAMPLE_CONTENT: booleanText(false),
  /** Raydium's Trade API host (`/compute/…`, `/transaction/…`); unset: the swap page waits. */
  SWAP_API_URL: optionalUrl,
  /** Fee service for the swap's priority fee (fee-statistics or api-v3 `/main/auto-fee`). */
  SWAP_PRIORITY_FEE_URL: optionalUrl,
  /** Micro-lamports per compute unit when the fee service is unset or failing (cap 25,000). */
  SWAP_PRIORITY_FEE_FALLBACK: intInRange(10_000, 0, 25_000),
  /** Transaction format asked of the Trade API. */
  SWAP_TX_VERSION: z.enum(['V0', 'LEGACY']).default('LEGACY'),
  /** Exchange programs a swap may call (comma-separated); default Raydium's mainnet programs. */
  SWAP_PROGRAM_IDS: z
    .string()
    .default(DEFAULT_SWAP_PROGRAM_IDS.join(','))
    .transform((value) =>
      value
        .split(',')
        .map((id) => id.trim())
        .filter((id) => id !== ''),
    )
    .pipe(z.array(z.string().refine(isAddress, 'must be base58 program addresses')).min(1)),
  /** Longest wait for one Trade API or fee answer (one retry follows a timeout). */
  SWAP_TIMEOUT_MS: intInRange(8_000, 500, 60_000),
  /** Swap requests (quotes, transactions, fee) per minute per client. */
  SWAP_RATE_LIMIT_MAX: intInRange(120, 1, 1_000_000),
  /**
   * The keeper's fee payer: a Solana CLI keypair file (a small hot key the operator funds,
   * never a seller's). Unset, or a file not there (yet): no keeper, and a `/readyz` warning.
   */
  KEEPER_KEYPAIR: optionalText,
  /** Below this balance (SOL) the keeper's fee payer is reported underfunded. */
  KEEPER_MIN_BALANCE_SOL: z
    .string()
    .trim()
    .default('0.05')
    .transform((value, ctx) => {
      const parsed = parseSolAmount(value);
      if (parsed.ok) return parsed.lamports;
      ctx.addIssue({ code: 'custom', message: 'must be an amount of SOL like 0.05' });
      return z.NEVER;
    }),
  /** How often the keeper looks at each presale not done yet. */
  KEEPER_INTERVAL_MS: intInRange(30_000, 1_000, 3_600_000),
  /** Between two distribution rounds of a vesting, after its cliff (default a day). */
  KEEPER_VESTING_ROUND_MS: intInRange(86_400_000, 60_000, 2_592_000_000),
  /** Priority fee of the keeper's transactions, micro-lamports per compute unit. */
  KEEPER_PRIORITY_FEE_MICRO_LAMPORTS: intInRange(0, 0, 1_000_000),
});

/** The BFF's configuration, parsed once at start-up. */
export type Config = Readonly<z.output<typeof envSchema>>;

/** Start-up refused: names every bad variable. */
export class ConfigError extends Error {
  override readonly name = 'ConfigError';
  constructor(readonly problems: readonly string[]) {
    super(`Invalid configuration:\n${problems.map((problem) => `  - ${problem}`).join('\n')}`);
  }
}

/**
 * Parses the environment into a frozen {@link Config}. Throws a {@link ConfigError} listing
 * every bad key (not only the first one), so an operator fixes them in one go.
 */
export function loadConfig(env: Readonly<Record<string, string | undefined>>): Config {
  const parsed = envSchema.safeParse(env);
  if (!parsed.success) {
    throw new ConfigError(
      parsed.error.issues.map((issue) => `${issue.path.join('.') || '(env)'}: ${issue.message}`),
    );
  }
  const config = parsed.data;
  const problems: string[] = [];
  if ((config.TELEGRAM_BOT_TOKEN === undefined) !== (config.TELEGRAM_CHAT_ID === undefined)) {
    problems.push('TELEGRAM_BOT_TOKEN and TELEGRAM_CHAT_ID: set both or neither');
  }
  if ((config.X_BEARER_TOKEN === undefined) !== (config.X_USERNAME === undefined)) {
    problems.push('X_BEARER_TOKEN and X_USERNAME: set both or neither');
  }
  // DATABASE_PATH has a default, so only an explicit one conflicts with DATABASE_URL.
  if (config.DATABASE_URL !== undefined && (env.DATABASE_PATH ?? '').trim() !== '') {
    problems.push(
      'DATABASE_URL and DATABASE_PATH: set one (PostgreSQL or SQLite leader ledger), not both',
    );
  }
  problems.push(...siteContentProblems(config));
  problems.push(...publicSiteUrlProblems(config));
  if (config.SWAP_PRIORITY_FEE_URL !== undefined && config.SWAP_API_URL === undefined) {
    problems.push(
      'SWAP_PRIORITY_FEE_URL: set it only with SWAP_API_URL (no swap without an exchange)',
    );
  }
  const allowlistDir =
    config.ALLOWLIST_DIR === undefined ? undefined : fromRepoRoot(config.ALLOWLIST_DIR);
  if (allowlistDir !== undefined && !isReadableDirectory(allowlistDir)) {
    problems.push(`ALLOWLIST_DIR: ${allowlistDir} is not a readable directory`);
  }
  // A key file not there (yet) is a warning at run time; one that is there must be a keypair.
  const keeperKey =
    config.KEEPER_KEYPAIR === undefined ? undefined : fromRepoRoot(config.KEEPER_KEYPAIR);
  const keeperKeyProblem =
    keeperKey === undefined || !existsSync(keeperKey) ? null : keypairFileProblem(keeperKey);
  if (keeperKeyProblem !== null) problems.push(`KEEPER_KEYPAIR: ${keeperKeyProblem}`);
  if (problems.length > 0) throw new ConfigError(problems);
  return Object.freeze(config);
}

/**
 * A Blink's links are absolute and its answers are cached publicly, so a production BFF never
 * builds them from a request's `Host` (or `X-Forwarded-Host`), which any client can forge: it
 * needs the site's origin from its configuration. A local or development start may use the
 * request's origin.
 */
function publicSiteUrlProblems(config: Config): string[] {
  if (config.NODE_ENV !== 'production' || config.PUBLIC_SITE_URL !== undefined) return [];
  return [
    `PUBLIC_SITE_URL: required when NODE_ENV=production: the site's public origin, like https://fbt.example, for the absolute links of its Blinks (never taken from a request's Host header in production) ${COMPOSE_SITE_URL}`,
  ];
}

function isReadableDirectory(dir: string): boolean {
  try {
    accessSync(dir, constants.R_OK | constants.X_OK);
    return statSync(dir).isDirectory();
  } catch {
    return false;
  }
}
