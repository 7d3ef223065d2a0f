import { maxHeaderSize } from 'node:http';
import Fastify, { type FastifyInstance, type FastifyServerOptions } from 'fastify';
import { serializerCompiler, validatorCompiler } from 'fastify-type-provider-zod';
import type { AppDeps } from './app-deps';
import { registerErrorHandling } from './http/error-handler';
import { clientErrorHandler, frameworkErrors } from './http/framework-errors';
import { deferredChildLogger } from './http/request-logger';
import { requestTimeouts } from './http/request-timeouts';
import { allowlistsPlugin } from './plugins/app/allowlists';
import { backgroundLoopsPlugin } from './plugins/app/background-loops';
import { cachesPlugin } from './plugins/app/caches';
import { clusterPlugin } from './plugins/app/cluster';
import { healthPlugin } from './plugins/app/health';
import { leaderServicePlugin } from './plugins/app/leader-service';
import { streamHubPlugin } from './plugins/app/stream-hub';
import { compressionPlugin } from './plugins/external/compression';
import { docsPlugin } from './plugins/external/docs';
import { metricsPlugin } from './plugins/external/metrics';
import { securityPlugin } from './plugins/external/security';
import { websocketPlugin } from './plugins/external/websocket';
import { routesPlugin } from './routes/index';

export type { AppDeps, AppSettings } from './app-deps';

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

/** JSON bodies are small reports; `/rpc` raises its own limit in its scope. */
const JSON_BODY_LIMIT_BYTES = 16 * 1024;

/**
 * Longest path parameter the router matches: as long as the longest request line node accepts
 * (its header size limit, `http.maxHeaderSize`, bounds the request line too), so a parameter of
 * any length the server lets in reaches its route, whose schema says what is wrong with it.
 */
const MAX_PATH_PARAM_LENGTH = maxHeaderSize;

/**
 * The app's logging options for Fastify: pino at `info` unless `logger` says otherwise, the
 * redactions, a request id of our own (a client's `x-request-id` is not trusted) and a
 * request's pino child made only when it writes a line (most never do at warn).
 */
export function requestLogging(
  logger: AppDeps['logger'],
): Pick<FastifyServerOptions, 'logger' | 'childLoggerFactory' | 'genReqId' | 'requestIdHeader'> {
  return {
    logger:
      logger === false
        ? false
        : {
            level: 'info',
            redact: { paths: LOG_REDACTIONS, censor: '[redacted]' },
            ...(logger === true || logger === undefined ? {} : logger),
          },
    childLoggerFactory: deferredChildLogger,
    genReqId: () => crypto.randomUUID(),
    requestIdHeader: false,
  };
}

/**
 * Builds the Fastify app from its dependencies (ports already wired): the external plugins
 * (security, docs, metrics), the app's services as plugins (caches, stream hub, leader
 * service, background loops, health), websockets, then the routes. Background refresh starts
 * on `ready` and stops on `close`; websockets are drained before the server closes.
 */
export async function buildApp(deps: AppDeps): Promise<FastifyInstance> {
  const timeouts = requestTimeouts(deps.settings);
  const app = Fastify({
    ...requestLogging(deps.logger),
    bodyLimit: JSON_BODY_LIMIT_BYTES,
    // A path parameter longer than the router's default 100 characters matched no route, so an
    // over-long leader code or wallet read as "No route" instead of the route's own message.
    // Every parameter is a plain segment (no regex to backtrack), validated by its route's
    // schema; the request line itself stays bounded by the server's header size limit.
    routerOptions: { maxParamLength: MAX_PATH_PARAM_LENGTH },
    trustProxy: deps.settings.trustProxy,
    return503OnClosing: true,
    // Slow clients (a body trickled a byte at a time) are cut off; websockets, once upgraded,
    // are outside these request timers.
    requestTimeout: timeouts.requestMs,
    http: {
      headersTimeout: timeouts.headersMs,
      connectionsCheckingInterval: timeouts.checkEveryMs,
    },
    frameworkErrors,
    clientErrorHandler,
  });
  app.setValidatorCompiler(validatorCompiler);
  app.setSerializerCompiler(serializerCompiler);
  registerErrorHandling(app);

  await app.register(securityPlugin, {
    ...deps.settings,
    ...(deps.cluster?.redis === undefined ? {} : { redis: deps.cluster.redis.redis }),
  });
  await app.register(compressionPlugin);
  await app.register(docsPlugin);
  await app.register(metricsPlugin, { instanceId: deps.cluster?.instanceId });

  await app.register(cachesPlugin, deps);
  await app.register(clusterPlugin, deps);
  await app.register(allowlistsPlugin, deps);
  await app.register(streamHubPlugin, deps);
  await app.register(leaderServicePlugin, deps);
  await app.register(backgroundLoopsPlugin, deps);
  await app.register(healthPlugin, deps);
  await app.register(websocketPlugin);

  await app.register(routesPlugin, deps);
  return app;
}
