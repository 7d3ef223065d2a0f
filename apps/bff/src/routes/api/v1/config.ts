import type { FastifyPluginCallback } from 'fastify';
import {
  configResponseSchema,
  FBT_DECIMALS,
  LEADER_TARGET_LAMPORTS,
  PUBLIC_TARGET_LAMPORTS,
  TOKEN_PRICE_LAMPORTS,
  type ConfigResponse,
  type DeclaredTermsJson,
  type SiteContent,
} from '@fbt/domain';
import type { AppDeps, AppSettings, SwapDeps } from '../../../app-deps';
import { PRESALE_IDL_PATH } from '../../idl';

/**
 * What `/api/v1/config` publishes: the deployment, the explorer RPC URL, the operator's links
 * and what the site says about its content (sample documents, the audit firm).
 */
export type ConfigRouteOptions = Pick<AppDeps, 'deployment'> &
  Pick<AppSettings, 'publicRpcUrl' | 'publicLinks'> & {
    readonly siteContent: SiteContent;
    /** The swap page's exchange, or null: trading not open. */
    readonly swap?: Pick<SwapDeps, 'dexProgramIds'> | null;
  };

/** A presale's declared delivery terms for the verify page, when the deployment declares them. */
function declaredTerms(presale: { readonly terms?: DeclaredTermsJson }) {
  return presale.terms === undefined ? {} : { declaredTerms: presale.terms };
}

/** The site's configuration for a deployment (checked against the schema once, at start). */
function siteConfig({
  deployment,
  publicRpcUrl,
  publicLinks,
  siteContent,
  swap,
}: ConfigRouteOptions): ConfigResponse {
  return configResponseSchema.parse({
    cluster: deployment.cluster,
    rpcPath: '/rpc',
    explorerRpcUrl: publicRpcUrl ?? (deployment.cluster === 'localnet' ? deployment.rpcUrl : null),
    programId: deployment.programId,
    mint: deployment.mint,
    tokenPriceLamports: TOKEN_PRICE_LAMPORTS.toString(),
    fbtDecimals: FBT_DECIMALS,
    privateRouteName: deployment.privateRouteName,
    variants: [
      {
        variant: 'public',
        route: 'presale',
        presale: deployment.presales.public.address,
        ...declaredTerms(deployment.presales.public),
        displayTargetLamports: PUBLIC_TARGET_LAMPORTS.toString(),
      },
      {
        variant: 'private',
        route: deployment.privateRouteName,
        presale: deployment.presales.private.address,
        ...declaredTerms(deployment.presales.private),
        displayTargetLamports: null,
      },
      {
        variant: 'leader',
        route: 'leader',
        presale: deployment.presales.leader.address,
        ...declaredTerms(deployment.presales.leader),
        displayTargetLamports: LEADER_TARGET_LAMPORTS.toString(),
      },
    ],
    links: publicLinks,
    content: siteContent,
    swap:
      swap === null || swap === undefined
        ? { enabled: false, dexProgramIds: [] }
        : { enabled: true, dexProgramIds: swap.dexProgramIds },
    ...(deployment.lookupTable === undefined ? {} : { lookupTable: deployment.lookupTable }),
    verify: {
      metadataUri: deployment.metadataUri ?? null,
      multisigs: deployment.multisigs ?? [],
      idlPath: PRESALE_IDL_PATH,
    },
  });
}

/**
 * `GET /api/v1/config`: cluster, program, mint, price, the three presale variants and links.
 * It never changes while the process runs, so it is serialized once and sent as bytes (hence
 * the untyped reply; the zod schema still documents it).
 */
export const configRoute: FastifyPluginCallback<ConfigRouteOptions> = (fastify, options, done) => {
  const configJson = JSON.stringify(siteConfig(options));
  fastify.get(
    '/api/v1/config',
    {
      schema: {
        tags: ['presale'],
        summary: 'Public configuration for the site',
        response: { 200: configResponseSchema },
      },
    },
    (_request, reply) => reply.type('application/json').send(configJson),
  );
  done();
};
