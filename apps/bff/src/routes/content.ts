import fastifyStatic from '@fastify/static';
import type { FastifyPluginAsync } from 'fastify';
import { CONTENT_PATH_PREFIX } from '@fbt/domain';
import type { AppSettings } from '../app-deps';

/** The operator's documents directory, or null to serve none. */
export interface ContentRouteOptions {
  readonly contentDir: NonNullable<AppSettings['contentDir']> | null;
}

/**
 * How long a browser or CDN may reuse a document before asking again. Documents are replaced
 * in place (same name, no rebuild), so not for long; a re-ask is cheap (ETag / Last-Modified:
 * 304 without the body).
 */
export const CONTENT_MAX_AGE_SECONDS = 300;

/**
 * `GET /content/<file>`: the operator's documents (whitepapers, terms, an audit report) from
 * `CONTENT_DIR`, so they change without a site build. `@fastify/static` (`send`) gives each its
 * content type by extension (`application/pdf`), `ETag` and `Last-Modified` with conditional
 * 304s, and refuses paths that leave the directory (`..`, encoded or not); dotfiles are denied,
 * directories are neither listed nor indexed. Nothing is listed when `contentDir` is null.
 */
export const contentRoutes: FastifyPluginAsync<ContentRouteOptions> = async (
  fastify,
  { contentDir },
) => {
  if (contentDir === null) return;
  await fastify.register(fastifyStatic, {
    root: contentDir,
    prefix: CONTENT_PATH_PREFIX,
    decorateReply: false,
    wildcard: true,
    index: false,
    list: false,
    dotfiles: 'deny',
    redirect: false,
    etag: true,
    lastModified: true,
    cacheControl: false,
    setHeaders(reply) {
      reply.header('cache-control', `public, max-age=${CONTENT_MAX_AGE_SECONDS}`);
    },
  });
};
