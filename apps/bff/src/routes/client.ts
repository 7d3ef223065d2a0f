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

/** Longest file or directory name the file systems we deploy on hold (NAME_MAX), in bytes. */
const MAX_FILE_NAME_BYTES = 255;

/**
 * Whether a request path names a file no file system holds: a segment longer than
 * {@link MAX_FILE_NAME_BYTES} once percent-decoded. `@fastify/static` cannot check such a
 * name's spelling on disk (`ENAMETOOLONG`) and fails closed with 403 Forbidden; it is simply
 * not there, so it gets the same 404 as any other missing file.
 */
export function namesNoFile(url: string): boolean {
  const query = url.indexOf('?');
  const path = query === -1 ? url : url.slice(0, query);
  if (path.length <= MAX_FILE_NAME_BYTES) return false;
  return path.split('/').some((segment) => {
    if (segment.length <= MAX_FILE_NAME_BYTES) return false;
    try {
      return Buffer.byteLength(decodeURIComponent(segment)) > MAX_FILE_NAME_BYTES;
    } catch {
      return false; // malformed escapes: left to the router's own 400
    }
  });
}

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
  fastify.addHook('onRequest', (request, reply, done) => {
    if (namesNoFile(request.url)) {
      reply.callNotFound();
      return;
    }
    done();
  });
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
