import fastifyCors from '@fastify/cors';
import fastifyHelmet from '@fastify/helmet';
import fastifyRateLimit from '@fastify/rate-limit';
import fastifySwagger from '@fastify/swagger';
import fastifySwaggerUi from '@fastify/swagger-ui';
import fastifyWebsocket from '@fastify/websocket';
import Fastify, { type FastifyInstance } from 'fastify';
import {
  jsonSchemaTransform,
  serializerCompiler,
  validatorCompiler,
} from 'fastify-type-provider-zod';
import type { PresaleVariant, StreamTopic } from '@fbt/domain';
import { PRESALE_VARIANTS } from '@fbt/domain';
import type { AppContext, AppDeps } from './app-context';
import { registerErrorHandling } from './http/error-handler';
import { createMetricsRegistry } from './observability/metrics';
import { registerClientRoutes } from './routes/client-routes';
import { registerLeaderRoutes } from './routes/leader-routes';
import { registerMarketRoutes } from './routes/market-routes';
import { collectHealth, registerOpsRoutes } from './routes/ops-routes';
import { registerPresaleRoutes } from './routes/presale-routes';
import { registerRpcProxyRoutes } from './routes/rpc-proxy-routes';
import { registerStreamRoutes } from './routes/stream-routes';
import { createGoalsCache } from './services/goals-cache';
import { createLeaderService } from './services/leader-service';
import { createPresaleCache } from './services/presale-cache';
import { createPriceCache } from './services/price-cache';
import { createStreamHub } from './stream/stream-hub';

export type { AppDeps, AppSettings } from './app-context';

/** Log fields that must never be written: auth headers, keys, tokens. */
export const LOG_REDACTIONS = [
  'req.headers.authorization',
  'req.headers.cookie',
  'req.headers["x-api-key"]',
  'req.headers["x-admin-token"]',
  'res.headers["set-cookie"]',
  '*.apiKey',
  '*.botToken',
  '*.bearerToken',
  '*.password',
];

const JSON_BODY_LIMIT_BYTES = 16 * 1024;

function presaleMessage(variant: PresaleVariant, json: string): string {
  return `{"type":"presale","topic":"presale:${variant}","data":${json}}`;
}

/**
 * Builds the Fastify app from its dependencies (ports already wired): caches, the stream hub,
 * the leader service, routes, security and docs. Background refresh starts on `ready` and
 * stops on `close`; websockets are drained before the server closes.
 */
export async function buildApp(deps: AppDeps): Promise<FastifyInstance> {
  const { settings, clock } = deps;
  const app = Fastify({
    logger:
      deps.logger === false
        ? false
        : {
            level: 'info',
            redact: { paths: LOG_REDACTIONS, censor: '[redacted]' },
            ...(deps.logger === true || deps.logger === undefined ? {} : deps.logger),
          },
    bodyLimit: JSON_BODY_LIMIT_BYTES,
    trustProxy: settings.trustProxy,
    genReqId: () => crypto.randomUUID(),
    requestIdHeader: false,
    return503OnClosing: true,
  });
  app.setValidatorCompiler(validatorCompiler);
  app.setSerializerCompiler(serializerCompiler);

  const metrics = createMetricsRegistry();
  const upstreamCalls = metrics.counter('fbt_upstream_calls_total', 'Calls to upstream services.');
  const refreshOutcomes = metrics.counter(
    'fbt_cache_refresh_failures_total',
    'Failed refreshes of cached upstream values.',
  );
  const logRefreshError = (resource: string) => (error: unknown) => {
    refreshOutcomes.inc({ resource });
    app.log.warn({ resource, err: error }, 'upstream refresh failed');
  };
  const countedPresaleReader = {
    readPresaleState: (address: string) => {
      upstreamCalls.inc({ upstream: 'rpc', operation: 'readPresaleState' });
      return deps.presaleReader.readPresaleState(address);
    },
    watchPresaleState: deps.presaleReader.watchPresaleState.bind(deps.presaleReader),
  };

  const presales = createPresaleCache({
    addresses: {
      public: deps.deployment.presales.public.address,
      private: deps.deployment.presales.private.address,
      leader: deps.deployment.presales.leader.address,
    },
    reader: countedPresaleReader,
    clock,
    refreshMs: settings.presaleRefreshMs,
    onError: (variant, error) => logRefreshError(`presale:${variant}`)(error),
  });
  const price = createPriceCache({
    source: {
      getSolUsd: () => {
        if (deps.priceSource === null) return Promise.reject(new Error('PRICE__DISABLED'));
        upstreamCalls.inc({ upstream: 'pyth', operation: 'getSolUsd' });
        return deps.priceSource.getSolUsd();
      },
    },
    clock,
    refreshMs: settings.priceRefreshMs,
    onError: deps.priceSource === null ? () => undefined : logRefreshError('price'),
  });
  const goals = createGoalsCache({
    counters: {
      getCount: (community) => {
        upstreamCalls.inc({ upstream: 'community', operation: community });
        return deps.counters.getCount(community);
      },
    },
    clock,
    refreshMs: settings.goalsRefreshMs,
    onError: (community, error) => logRefreshError(`goals:${community}`)(error),
  });
  const leaders = createLeaderService({
    ledger: deps.ledger,
    verifier: deps.verifier,
    leaderPresale: deps.deployment.presales.leader.address,
    notFoundRetryDelaysMs: settings.leaderReportRetryDelaysMs ?? [500, 1_000, 1_500],
    onError: (error, operation) =>
      app.log.warn({ err: error, operation }, 'leader verification upstream failed'),
  });
  const hub = createStreamHub({
    clock,
    heartbeatMs: settings.streamHeartbeatMs,
    maxBufferBytes: settings.streamMaxBufferBytes,
    maxClients: settings.streamMaxClients,
    maxClientsPerAddress: settings.streamMaxClientsPerAddress,
    currentMessage: (topic: StreamTopic) => {
      if (topic === 'price') {
        const entry = price.resource.current();
        return entry === null ? null : `{"type":"price","topic":"price","data":${entry.json}}`;
      }
      if (topic === 'goals') {
        const json = goals.json();
        return json === null ? null : `{"type":"goals","topic":"goals","data":${json}}`;
      }
      const variant = topic.slice('presale:'.length) as PresaleVariant;
      const entry = presales.resources[variant].current();
      return entry === null ? null : presaleMessage(variant, entry.json);
    },
  });
  for (const variant of PRESALE_VARIANTS) {
    presales.resources[variant].subscribe((entry) =>
      hub.publish(`presale:${variant}`, presaleMessage(variant, entry.json)),
    );
  }
  price.resource.subscribe((entry) =>
    hub.publish('price', `{"type":"price","topic":"price","data":${entry.json}}`),
  );
  goals.subscribe((json) =>
    hub.publish('goals', `{"type":"goals","topic":"goals","data":${json}}`),
  );

  const context: AppContext = {
    deps,
    presales,
    price,
    goals,
    leaders,
    hub,
    metrics,
    upstreamCalls,
  };
  registerMetrics(context);

  registerErrorHandling(app);
  await app.register(fastifyHelmet, {
    contentSecurityPolicy: {
      useDefaults: false,
      directives: {
        defaultSrc: ["'self'"],
        scriptSrc: ["'self'"],
        styleSrc: ["'self'"],
        imgSrc: ["'self'", 'data:'],
        fontSrc: ["'self'"],
        connectSrc: ["'self'"],
        objectSrc: ["'none'"],
        baseUri: ["'self'"],
        formAction: ["'self'"],
        frameAncestors: ["'none'"],
        manifestSrc: ["'self'"],
        workerSrc: ["'self'"],
      },
    },
    crossOriginEmbedderPolicy: false,
  });
  await app.register(fastifyCors, {
    origin: settings.corsOrigins.length === 0 ? false : [...settings.corsOrigins],
    methods: ['GET', 'POST'],
  });
  await app.register(fastifyRateLimit, {
    global: true,
    max: settings.rateLimitMax,
    timeWindow: '1 minute',
  });
  await app.register(fastifySwagger, {
    openapi: {
      info: {
        title: 'FBT presale BFF',
        description: 'Cached presale, price and goals data; leader ledger; JSON-RPC proxy.',
        version: '0.1.0',
      },
    },
    transform: jsonSchemaTransform,
  });
  await app.register(fastifySwaggerUi, { routePrefix: '/docs', staticCSP: true });
  const stops: (() => void)[] = [];
  await app.register(fastifyWebsocket, {
    options: { maxPayload: 4096 },
    // Replaces the plugin's default (close without a code): stop the background loops, then
    // tell every client we are going away (1001) and wait for them, before the server closes.
    preClose: async () => {
      for (const stop of stops.splice(0)) stop();
      await hub.closeAll();
    },
  });

  registerPresaleRoutes(app, context);
  registerMarketRoutes(app, context);
  registerLeaderRoutes(app, context);
  registerRpcProxyRoutes(app, context);
  registerStreamRoutes(app, context);
  registerOpsRoutes(app, context);
  await registerClientRoutes(app, settings.clientDist);

  const httpDuration = metrics.histogram(
    'fbt_http_request_duration_seconds',
    'HTTP request latency by route.',
    [0.001, 0.005, 0.01, 0.05, 0.1, 0.5, 1, 5],
  );
  const httpRequests = metrics.counter(
    'fbt_http_requests_total',
    'HTTP requests by route and status.',
  );
  // The id under which this request was logged, so a user's report can be matched to the log.
  app.addHook('onRequest', (request, reply, done) => {
    void reply.header('x-request-id', request.id);
    done();
  });
  app.addHook('onResponse', (request, reply, done) => {
    const route = request.routeOptions.url ?? 'unmatched';
    httpRequests.inc({ method: request.method, route, status: String(reply.statusCode) });
    httpDuration.observe({ method: request.method, route }, reply.elapsedTime / 1000);
    done();
  });

  app.addHook('onReady', (done) => {
    stops.push(presales.start(deps.scheduler));
    // Without a price source the fallback is served once; nothing to refresh or broadcast.
    if (deps.priceSource === null) void price.resource.refresh();
    else stops.push(price.start(deps.scheduler));
    stops.push(goals.start(deps.scheduler));
    stops.push(hub.start(deps.scheduler));
    if (settings.reconcileIntervalMs > 0) {
      const reconcile = () => {
        leaders
          .reconcile()
          .then(({ recorded }) => {
            if (recorded > 0) app.log.info({ recorded }, 'reconciler recorded leader buys');
          })
          .catch((error: unknown) => app.log.warn({ err: error }, 'reconciler failed'));
      };
      stops.push(deps.scheduler.every(settings.reconcileIntervalMs, reconcile));
    }
    done();
  });
  app.decorate('fbt', context);
  return app;
}

function registerMetrics(context: AppContext): void {
  const { metrics, hub } = context;
  metrics.gauge('fbt_cache_age_seconds', 'Age of each cached upstream value.', () =>
    collectHealth(context)
      .filter((health) => health.ageMs !== null)
      .map((health) => ({ labels: { resource: health.name }, value: (health.ageMs ?? 0) / 1000 })),
  );
  metrics.gauge(
    'fbt_cache_stale',
    '1 when the cached value is the last good one after a failed refresh.',
    () =>
      collectHealth(context).map((health) => ({
        labels: { resource: health.name },
        value: health.stale ? 1 : 0,
      })),
  );
  metrics.gauge('fbt_ws_clients', 'Open websocket clients.', () => [
    { value: hub.stats().clients },
  ]);
  metrics.gauge('fbt_ws_dropped_total', 'Websocket clients dropped (slow or dead).', () => [
    { value: hub.stats().dropped },
  ]);
  metrics.gauge('fbt_ws_messages_sent_total', 'Websocket messages sent.', () => [
    { value: hub.stats().sent },
  ]);
}

declare module 'fastify' {
  interface FastifyInstance {
    /** The app's caches and services (tests and main.ts use them). */
    fbt: AppContext;
  }
}
