import fastifyCors from '@fastify/cors';
import fastifyRateLimit from '@fastify/rate-limit';
import type { FastifyPluginAsync } from 'fastify';
import type { Redis } from 'ioredis';
import fp from 'fastify-plugin';
import type { AppSettings } from '../../app-deps';
import { clientKey } from '../../http/client-key';
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
 * through `config.rateLimit` (writes, `/rpc`) or opt out of it (ops probes).
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
  await fastify.register(fastifyRateLimit, {
    global: true,
    max: options.rateLimitMax,
    timeWindow: '1 minute',
    keyGenerator: clientKey,
    ...(options.redis === undefined
      ? {}
      : { redis: options.redis, skipOnError: true, nameSpace: 'fbt-rate-limit:' }),
  });
};

/** Helmet + CORS + rate limit (see {@link security}). */
export const securityPlugin = fp(security, { name: 'security', fastify: '5.x' });
