import fastifyCors from '@fastify/cors';
import fastifyRateLimit from '@fastify/rate-limit';
import type { FastifyPluginAsync } from 'fastify';
import type { Redis } from 'ioredis';
import fp from 'fastify-plugin';
import type { AppSettings } from '../../app-deps';
import { clientKey } from '../../http/client-key';
import { globalRateLimitHook } from '../../http/global-rate-limit';
import { securityHeaders } from './security-headers';

/**
 * Helmet's headers with a CSP that allows only our own origin: the site loads no third-party
 * script, style or font, and talks only to this server (`/rpc`, `/api/v1/stream`).
 */
const SECURITY_HEADERS = securityHeaders({
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

/** The global limit's window (also the routes' own limits'). */
const ONE_MINUTE_MS = 60_000;

/** What {@link securityPlugin} reads from the settings. */
export type SecurityOptions = Pick<AppSettings, 'corsOrigins' | 'rateLimitMax'> & {
  /** Set: counts are shared by every instance (Redis store); Redis down lets requests through. */
  readonly redis?: Redis;
};

/**
 * Security headers, CORS and the global rate limit, on the root instance so they cover every
 * route (including the docs and the built client). The headers are helmet's for our options,
 * worked out once ({@link securityHeaders}) and set by one `onRequest` hook. CORS is closed
 * (not registered) unless origins are configured. Routes tighten the limit
 * through `config.rateLimit` (writes, `/rpc`) or opt out of it (ops probes). Without Redis the
 * global limit is one synchronous hook on every route without a `config.rateLimit`
 * ({@link globalRateLimitHook}); `@fastify/rate-limit` keeps the routes' own limits, and with
 * Redis it counts the global one too.
 */
const security: FastifyPluginAsync<SecurityOptions> = async (fastify, options) => {
  const headers = SECURITY_HEADERS;
  fastify.addHook('onRequest', (_request, reply, next) => {
    void reply.headers(headers);
    next();
  });
  // Closed CORS is no CORS plugin at all: with `origin: false` it only costs a hook per request
  // and answers preflights 404 through the not-found handler, as Fastify does without it.
  if (options.corsOrigins.length > 0) {
    await fastify.register(fastifyCors, {
      origin: [...options.corsOrigins],
      methods: ['GET', 'POST'],
    });
  }
  const shared = options.redis !== undefined;
  if (!shared) {
    const limit = globalRateLimitHook(options.rateLimitMax, ONE_MINUTE_MS);
    fastify.addHook('onRoute', (route) => {
      // As @fastify/rate-limit decides (`config.rateLimit: false` opts out); a new array, so a
      // GET's automatic HEAD route, a copy of its options, does not count a request twice.
      if (route.config?.rateLimit !== undefined) return;
      const hooks = route.onRequest;
      route.onRequest = [
        ...(Array.isArray(hooks) ? hooks : hooks === undefined ? [] : [hooks]),
        limit,
      ];
    });
  }
  await fastify.register(fastifyRateLimit, {
    global: shared,
    max: options.rateLimitMax,
    timeWindow: ONE_MINUTE_MS,
    keyGenerator: clientKey,
    ...(options.redis === undefined
      ? {}
      : { redis: options.redis, skipOnError: true, nameSpace: 'fbt-rate-limit:' }),
  });
};

/** Helmet + CORS + rate limit (see {@link security}). */
export const securityPlugin = fp(security, { name: 'security', fastify: '5.x' });
