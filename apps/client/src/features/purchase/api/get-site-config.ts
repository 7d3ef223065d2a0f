import type { ConfigResponse } from '@fbt/domain';
import { queryOptions, useQuery } from '@tanstack/react-query';
import { loadWireSchemas, parseResponse } from '../../../lib/api-client';
import { fetchSiteConfig } from '../../../lib/site-config';

/** The whole `GET /api/v1/config` body, validated: cluster, rpcPath, program, mint, presales. */
export async function getSiteConfig(): Promise<ConfigResponse> {
  const schemas = loadWireSchemas();
  const body = await fetchSiteConfig();
  if (body === null) throw new Error('The site configuration could not be loaded.');
  return parseResponse((await schemas).configResponseSchema, body, 'site configuration');
}

export const siteConfigQueryOptions = queryOptions({
  queryKey: ['site-config'],
  queryFn: getSiteConfig,
  staleTime: Infinity,
});

export function useSiteConfig() {
  return useQuery(siteConfigQueryOptions);
}
