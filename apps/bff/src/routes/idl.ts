import { createHash } from 'node:crypto';
import type { FastifyPluginCallback } from 'fastify';
import type { AppDeps } from '../app-deps';

/** Where the program's IDL is served. */
export const PRESALE_IDL_PATH = '/idl/presale.json';

/**
 * How long a browser or CDN may reuse the IDL before asking again: it changes only with a
 * deploy, and a re-ask is a 304 by its ETag.
 */
export const IDL_MAX_AGE_SECONDS = 3600;

/** The IDL's bytes. */
export type IdlRouteOptions = Pick<AppDeps, 'presaleIdl'>;

/**
 * `GET /idl/presale.json`: the program's Codama IDL, the committed bytes as they are
 * (`application/json`), so explorers and integrators decode every instruction, account and
 * error of the deployment. Cacheable (public, {@link IDL_MAX_AGE_SECONDS}), with a strong ETag
 * of its content (`If-None-Match` gets 304), and readable from any origin: it is public and
 * carries no credentials.
 */
export const idlRoute: FastifyPluginCallback<IdlRouteOptions> = (fastify, { presaleIdl }, done) => {
  const body = Buffer.from(presaleIdl);
  const etag = `"${createHash('sha256').update(body).digest('base64url')}"`;
  fastify.get(
    PRESALE_IDL_PATH,
    { schema: { tags: ['program'], summary: "The program's Codama IDL (JSON)" } },
    (request, reply) => {
      reply
        .header('cache-control', `public, max-age=${IDL_MAX_AGE_SECONDS}`)
        .header('etag', etag)
        .header('access-control-allow-origin', '*')
        .header('cross-origin-resource-policy', 'cross-origin');
      if (request.headers['if-none-match'] === etag) return reply.code(304).send();
      return reply.header('content-type', 'application/json; charset=utf-8').send(body);
    },
  );
  done();
};
