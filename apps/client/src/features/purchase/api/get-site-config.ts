import { configResponseSchema, type ConfigResponse } from '@fbt/domain';
import { queryOptions, useQuery } from '@tanstack/react-query';
import { fetchSiteConfig } from '../../../lib/site-config';

/** The whole `GET /api/v1/config` body, validated: cluster, rpcPath, program, mint, presales. */
export async function getSiteConfig(): Promise<ConfigResponse> {
  const body = await fetchSiteConfig();
  if (body === null) throw new Error('The site configuration could not be loaded.');
  const parsed = configResponseSchema.safeParse(body);
  if (!parsed.success) {
    throw new Error(
      `Invalid site configuration: ${parsed.error.issues.map((issue) => issue.path.join('.')).join(', ')}`,
    );
  }
  return parsed.data;
}

export const siteConfigQueryOptions = queryOptions({
  queryKey: ['site-config'],
  queryFn: getSiteConfig,
  staleTime: Infinity,
});

export function useSiteConfig() {
  return useQuery(siteConfigQueryOptions);
}
