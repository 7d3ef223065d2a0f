import type { ActionsJson } from '@solana/actions';
import type { FastifyPluginCallback } from 'fastify';
import type { ZodTypeProvider } from 'fastify-type-provider-zod';
import { z } from 'zod';
import type { Deployment, PresaleVariant } from '@fbt/domain';
import {
  isValidLeaderCode,
  PRESALE_ACTION_PATH,
  PRESALE_VARIANTS,
  presaleSitePath,
} from '@fbt/domain';

/** What `/actions.json` and the path-form presale links read. */
export interface ActionsJsonRouteOptions {
  readonly deployment: Pick<Deployment, 'privateRouteName'>;
  /** Headers of every Action answer (CORS `*`, versions). */
  readonly headers: () => Promise<Record<string, string>>;
}

/**
 * First path segments the BFF answers itself: a private route name equal to one of them (the
 * deployment check reserves only the site's routes) gets no path-form link and no rule, so it
 * can neither shadow nor collide with a BFF route.
 */
const BFF_SEGMENTS: ReadonlySet<string> = new Set([
  'api',
  'assets',
  'content',
  'ct',
  'docs',
  'gettg',
  'gettw',
  'healthz',
  'metrics',
  'readyz',
  'rpc',
]);

/** The presale variants with a path-form link on this site. */
function linkedVariants(privateRouteName: string): readonly PresaleVariant[] {
  return PRESALE_VARIANTS.filter(
    (variant) => variant !== 'private' || !BFF_SEGMENTS.has(privateRouteName),
  );
}

/**
 * The rules a Blink client applies to a link of this site: each presale page, in path form,
 * to its Action (the query string, e.g. `?code=`, is carried over by the client), and the
 * Action URLs to themselves, so a posted Action URL unfurls too.
 */
export function actionsJson(privateRouteName: string): ActionsJson {
  return {
    rules: [
      ...linkedVariants(privateRouteName).map((variant) => ({
        pathPattern: presaleSitePath(variant, privateRouteName),
        apiPath: `${PRESALE_ACTION_PATH}/${variant}`,
      })),
      { pathPattern: '/api/actions/**', apiPath: '/api/actions/**' },
    ],
  };
}

const rulesSchema = z.object({
  rules: z.array(z.object({ pathPattern: z.string(), apiPath: z.string() })),
});

/**
 * `/actions.json` at the site root (GET and the CORS preflight, readable from any origin, as the
 * Solana Actions specification requires), and the path-form presale links it maps: `/presale`,
 * `/leader?code=…` and `/<private route>` redirect a browser to the site's hash route
 * (`/#/leader?code=…`), so the same link is a Blink where Blinks render and the presale page
 * everywhere else.
 */
export const actionsJsonRoute: FastifyPluginCallback<ActionsJsonRouteOptions> = (
  fastify,
  { deployment, headers },
  done,
) => {
  const body = actionsJson(deployment.privateRouteName);
  const typed = fastify.withTypeProvider<ZodTypeProvider>();
  typed.get(
    '/actions.json',
    {
      config: { cors: false },
      schema: {
        tags: ['actions'],
        summary: 'Solana Actions rules: site links to their Action',
        response: { 200: rulesSchema },
      },
    },
    async (_request, reply) =>
      reply
        .headers(await headers())
        .header('content-type', 'application/json; charset=utf-8')
        .header('cache-control', 'public, max-age=300')
        .send(body),
  );
  typed.options(
    '/actions.json',
    { config: { cors: false }, schema: { tags: ['actions'], summary: 'CORS preflight' } },
    async (_request, reply) =>
      reply
        .headers(await headers())
        .code(204)
        .send(),
  );

  for (const variant of linkedVariants(deployment.privateRouteName)) {
    const path = presaleSitePath(variant, deployment.privateRouteName);
    typed.get(
      path,
      {
        schema: {
          tags: ['actions'],
          summary: `The ${variant} presale page (redirect to its hash route)`,
          querystring: z.object({ code: z.string().optional() }).loose(),
        },
      },
      (request, reply) => {
        const code = variant === 'leader' ? request.query.code : undefined;
        const query = code !== undefined && isValidLeaderCode(code) ? `?code=${code}` : '';
        return reply.header('cache-control', 'no-cache').redirect(`/#${path}${query}`, 302);
      },
    );
  }
  done();
};
