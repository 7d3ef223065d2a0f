import { existsSync } from 'node:fs';
import { basename } from 'node:path';
import fastifyStatic from '@fastify/static';
import type { FastifyInstance } from 'fastify';

/**
 * Serves the built client at `/`: hashed files under /assets are immutable for a year,
 * index.html is revalidated on every load so a deploy is picked up at once.
 */
export async function registerClientRoutes(
  app: FastifyInstance,
  clientDist: string | null,
): Promise<boolean> {
  if (clientDist === null || !existsSync(clientDist)) return false;
  await app.register(fastifyStatic, {
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
  return true;
}
