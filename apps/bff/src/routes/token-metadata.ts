import { FBT_METADATA_PATH, fbtMetadataDocument } from '@fbt/domain';
import type { FastifyPluginCallback } from 'fastify';

/** How long a wallet or CDN may reuse the document: it changes only with the site's address. */
export const TOKEN_METADATA_MAX_AGE_SECONDS = 3600;

/** The site's public origin (`PUBLIC_SITE_URL`); null: the request's own origin. */
export interface TokenMetadataRouteOptions {
  readonly publicSiteUrl: string | null;
}

/**
 * `GET /token/fbt.json`: the FBT metadata document the mint's metadata `uri` names (name,
 * symbol, description, and the site's logo `/token/fbt.png` as an absolute URL under the public
 * origin), readable from any origin, since wallets and explorers fetch it from theirs.
 */
export const tokenMetadataRoute: FastifyPluginCallback<TokenMetadataRouteOptions> = (
  fastify,
  { publicSiteUrl },
  done,
) => {
  fastify.get(
    FBT_METADATA_PATH,
    { schema: { tags: ['token'], summary: 'The FBT metadata document (name, symbol, logo)' } },
    (request, reply) =>
      reply
        .header('content-type', 'application/json; charset=utf-8')
        .header('cache-control', `public, max-age=${TOKEN_METADATA_MAX_AGE_SECONDS}`)
        .header('access-control-allow-origin', '*')
        .header('cross-origin-resource-policy', 'cross-origin')
        .send(
          JSON.stringify(
            fbtMetadataDocument(publicSiteUrl ?? `${request.protocol}://${request.host}`),
          ),
        ),
  );
  done();
};
