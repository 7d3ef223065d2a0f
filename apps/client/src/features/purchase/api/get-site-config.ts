import type { ConfigResponse } from '@fbt/domain';
import { queryOptions, useQuery } from '@tanstack/react-query';
import { parseWire } from '../../../lib/api-client';
import { prepareWireCheck } from '../../../lib/wire-check';
import { fetchSiteConfig } from '../../../lib/site-config';

/** The whole `GET /api/v1/config` body, validated: cluster, rpcPath, program, mint, presales. */
export async function getSiteConfig(): Promise<ConfigResponse> {
  prepareWireCheck();
  const body = await fetchSiteConfig();
  if (body === null) throw new Error('The site configuration could not be loaded.');
  return parseWire('configResponseSchema', body, 'site configuration');
}

export const siteConfigQueryOptions = queryOptions({
  queryKey: ['site-config'],
  queryFn: getSiteConfig,
  staleTime: Infinity,
});

export function useSiteConfig() {
  return useQuery(siteConfigQueryOptions);
}
