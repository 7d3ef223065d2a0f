import { existsSync } from 'node:fs';
import { basename } from 'node:path';
import fastifyStatic from '@fastify/static';
import type { FastifyPluginAsync } from 'fastify';
import type { AppSettings } from '../app-deps';

/** Where the built client is (`apps/client/dist`), or null to serve no client. */
export type ClientRouteOptions = Pick<AppSettings, 'clientDist'>;

/**
 * Serves the built client at `/` (skipped when there is none): hashed files under /assets are
 * immutable for a year, index.html is revalidated on every load so a deploy is picked up at
 * once. API routes are exact paths, so they win over the static wildcard.
 */
export const clientRoutes: FastifyPluginAsync<ClientRouteOptions> = async (
  fastify,
  { clientDist },
) => {
  if (clientDist === null || !existsSync(clientDist)) return;
  await fastify.register(fastifyStatic, {
    root: clientDist,
    prefix: '/',
    wildcard: true,
    index: ['index.html'],
    cacheControl: false,
    setHeaders(reply, filePath) {
      if (/[\\/]assets[\\/]/.test(filePath)) {
        reply.header('cache-control', 'public, max-age=31536000, immutable');
      } else if (basename(filePath) === 'index.html') {
        reply.header('cache-control', 'no-cache');
      } else {
        reply.header('cache-control', 'public, max-age=3600');
      }
    },
  });
};
