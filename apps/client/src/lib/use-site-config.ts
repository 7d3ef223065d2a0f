import type { ConfigResponse } from '@fbt/domain';
import { queryOptions, useQuery } from '@tanstack/react-query';
import { parseWire } from './api-client';
import { fetchSiteConfig } from './site-config';
import { prepareWireCheck } from './wire-check';

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

/**
 * The site configuration, validated, for every page that needs more than the private route's
 * name (the presale pages and their purchase box, swap, leader earnings): one query, read once.
 */
export function useSiteConfig() {
  return useQuery(siteConfigQueryOptions);
}
