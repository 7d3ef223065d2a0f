import { existsSync } from 'node:fs';
import { basename } from 'node:path';
import fastifyStatic from '@fastify/static';
import type { FastifyPluginAsync } from 'fastify';
import type { AppSettings } from '../app-deps';
import { SERVES_PRECOMPRESSED_FILES } from '../plugins/external/compression';

/** Where the built client is (`apps/client/dist`), or null to serve no client. */
export type ClientRouteOptions = Pick<AppSettings, 'clientDist'>;

/** The suffixes of the precompressed siblings the site build writes (`x.js.br`, `x.js.gz`). */
const ENCODED_SUFFIX = /\.(?:br|gz)$/;

/**
 * Serves the built client at `/` (skipped when there is none): hashed files under /assets are
 * immutable for a year, index.html is revalidated on every load so a deploy is picked up at
 * once. API routes are exact paths, so they win over the static wildcard.
 *
 * The site build writes brotli and gzip copies next to every compressible file
 * (apps/client/vite.config.ts); `preCompressed` answers with the best one the request's
 * `Accept-Encoding` allows (br, then gzip, then the original), with its `content-encoding`,
 * the original's `content-type` and `Vary: Accept-Encoding` on every answer, so a shared cache
 * never hands one client's encoding to another. `setHeaders` sees the path actually sent
 * (`index.html.br`), so the caching rule is chosen by the original's name. Nothing here is
 * compressed per request (see {@link SERVES_PRECOMPRESSED_FILES}).
 */
export const clientRoutes: FastifyPluginAsync<ClientRouteOptions> = async (
  fastify,
  { clientDist },
) => {
  if (clientDist === null || !existsSync(clientDist)) return;
  fastify.decorate(SERVES_PRECOMPRESSED_FILES, true);
  await fastify.register(fastifyStatic, {
    root: clientDist,
    prefix: '/',
    wildcard: true,
    index: ['index.html'],
    preCompressed: true,
    cacheControl: false,
    setHeaders(reply, filePath) {
      const original = filePath.replace(ENCODED_SUFFIX, '');
      if (/[\\/]assets[\\/]/.test(original)) {
        reply.header('cache-control', 'public, max-age=31536000, immutable');
      } else if (basename(original) === 'index.html') {
        reply.header('cache-control', 'no-cache');
      } else {
        reply.header('cache-control', 'public, max-age=3600');
      }
    },
  });
};
