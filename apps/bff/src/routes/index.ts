import type { FastifyPluginAsync } from 'fastify';
import fp from 'fastify-plugin';
import type { AppDeps } from '../app-deps';
import { createLeaderReportReply } from '../http/leader-report-reply';
import { registerLedgerMetrics } from '../observability/ledger-metrics';
import { actionsRoutes } from './api/actions/index';
import { configRoute } from './api/v1/config';
import { leaderReportsRoute } from './api/v1/leader-reports';
import { leaderboardRoute } from './api/v1/leaderboard';
import { leaderEarningsRoute } from './api/v1/leaders/by-wallet';
import { leaderRoute } from './api/v1/leaders/code';
import { allowlistRoute } from './api/v1/presales/allowlist';
import { buyerRoute } from './api/v1/presales/buyers';
import { presaleRoute } from './api/v1/presales/index';
import { streamRoute } from './api/v1/stream';
import { swapRoutes } from './api/v1/swap/index';
import { clientRoutes } from './client';
import { contentRoutes } from './content';
import { ctRoute } from './ct';
import { healthzRoute } from './healthz';
import { idlRoute } from './idl';
import { legacyGoalsRoutes } from './legacy-goals';
import { readyzRoute } from './readyz';
import { rpcRoute } from './rpc';
import { rpcSubscriptionsRoute } from './rpc-subscriptions';
import { tokenMetadataRoute } from './token-metadata';
import { topicRoutes } from './topic-routes';

/** The ports and settings the routes read (the services come from the app plugins). */
export type RoutesOptions = Pick<
  AppDeps,
  | 'deployment'
  | 'settings'
  | 'buyerReader'
  | 'presaleReader'
  | 'clock'
  | 'ledger'
  | 'leaderRecords'
  | 'rpcUpstreamUrl'
  | 'accountWatch'
  | 'presaleIdl'
  | 'fetch'
  | 'swap'
  | 'cluster'
>;

/**
 * Every route, one module per URL (the files mirror the URL tree), each given only what it
 * uses. Encapsulated: route modules cannot decorate or hook the root instance. Registration
 * order is the order of the OpenAPI document.
 */
const routes: FastifyPluginAsync<RoutesOptions> = async (fastify, options) => {
  const { deployment, settings, buyerReader, ledger } = options;
  const { topics, presaleCache, goalsCache, leaders, leaderboard, streamHub } = fastify;
  const { upstreamCalls, upstreamFailures } = fastify;
  const { metrics } = fastify;
  const replyToReport = createLeaderReportReply(
    fastify.leaderReports,
    metrics.counter(
      'fbt_leader_reports_total',
      'Leader reports by outcome (recorded, already-recorded, rejection code, unavailable).',
    ),
  );

  await fastify.register(configRoute, {
    deployment,
    publicRpcUrl: settings.publicRpcUrl,
    publicLinks: settings.publicLinks,
    siteContent: settings.siteContent ?? { sample: false, auditFirm: null },
    swap: options.swap ?? null,
  });
  await fastify.register(presaleRoute, { presaleCache });
  await fastify.register(buyerRoute, {
    presaleCache,
    buyerReader,
    upstreamCalls,
    upstreamFailures,
  });
  await fastify.register(allowlistRoute, { presaleCache, allowlists: fastify.allowlists });
  // The routes the topics declare (the price, the goals): their cached answers as they are.
  await fastify.register(topicRoutes, { feeds: topics.feeds });
  await fastify.register(legacyGoalsRoutes, { goalsCache });
  const { rateLimitWriteMax } = settings;
  await fastify.register(leaderReportsRoute, { replyToReport, rateLimitWriteMax });
  await fastify.register(ctRoute, { replyToReport, rateLimitWriteMax });
  await fastify.register(leaderRoute, { ledger, leaders });
  await fastify.register(leaderEarningsRoute, { leaders });
  await fastify.register(leaderboardRoute, { leaderboard });
  await fastify.register(streamRoute, { streamHub });
  await fastify.register(actionsRoutes, {
    deployment,
    presaleCache,
    presaleReader: options.presaleReader,
    buyerReader,
    leaderRecords: options.leaderRecords,
    leaders,
    clock: options.clock,
    rpcUpstreamUrl: options.rpcUpstreamUrl,
    publicSiteUrl: settings.publicSiteUrl ?? null,
    rateLimitWriteMax,
  });
  await fastify.register(healthzRoute);
  await fastify.register(readyzRoute, {
    notReadyReasons: fastify.health.notReadyReasons,
    warnings: fastify.health.warnings,
    priceMode: fastify.health.priceMode,
    cluster: fastify.health.cluster,
    detail: fastify.health.detail,
  });
  // The ledger totals go to the metrics port (src/metrics-server.ts), not to a route.
  registerLedgerMetrics(metrics, ledger, fastify.log);
  await fastify.register(rpcRoute, {
    rpcUpstreamUrl: options.rpcUpstreamUrl,
    fetch: options.fetch,
    rpcRateLimitMax: settings.rpcRateLimitMax,
    rpcCostBudgetPerMinute: settings.rpcCostBudgetPerMinute,
    upstreamCalls,
    upstreamFailures,
    localnet: deployment.cluster === 'localnet',
    ...(options.cluster?.redis === undefined
      ? {}
      : {
          costBudgetRedis: options.cluster.redis.redis,
          costBudgetPrefix: `fbt:${deployment.programId}:`,
        }),
  });
  await fastify.register(rpcSubscriptionsRoute, {
    accountWatch: options.accountWatch,
    upstreamCalls,
  });
  await fastify.register(swapRoutes, {
    swap: options.swap ?? null,
    mint: deployment.mint,
    clock: options.clock,
    rpcUpstreamUrl: options.rpcUpstreamUrl,
  });
  await fastify.register(idlRoute, { presaleIdl: options.presaleIdl });
  await fastify.register(tokenMetadataRoute, { publicSiteUrl: settings.publicSiteUrl ?? null });
  await fastify.register(contentRoutes, { contentDir: settings.contentDir ?? null });
  await fastify.register(clientRoutes, { clientDist: settings.clientDist });
};

/** All routes, in their own encapsulated scope (see {@link routes}). */
export const routesPlugin = fp(routes, {
  name: 'routes',
  fastify: '5.x',
  encapsulate: true,
  dependencies: [
    'metrics',
    'caches',
    'allowlists',
    'stream-hub',
    'leader-service',
    'health',
    'websocket',
  ],
});
