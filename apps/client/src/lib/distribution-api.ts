import type { DistributionResponse, PresaleVariant } from '@fbt/domain';
import { useQuery } from '@tanstack/react-query';
import { getParsed, parseWire } from './api-client';
import { PRESALE_REFRESH_MS } from './presale-api';

/** The keeper's live report of a presale's distribution, one cache entry per variant. */
export const distributionQueryKey = (variant: PresaleVariant) => ['distribution', variant] as const;

/** Validates a `distribution` stream message's data (in the answer-checking worker). */
export function parseDistribution(body: unknown): Promise<DistributionResponse> {
  return parseWire('distributionResponseSchema', body, 'distribution report');
}

/**
 * The newer of two reports by when the BFF read the chain (`fetchedAt`); the incoming one on a
 * tie. Reports arrive by HTTP and by the stream, not always in the order they were read.
 */
export function newerDistribution(
  current: DistributionResponse | undefined,
  incoming: DistributionResponse,
): DistributionResponse {
  if (current === undefined) return incoming;
  return Date.parse(incoming.fetchedAt) >= Date.parse(current.fetchedAt) ? incoming : current;
}

/**
 * The keeper's report of the presale's distribution (phase, "N of M" buyers served), from
 * `GET /api/v1/presales/:variant/distribution` and then the stream's `distribution:<variant>`
 * (the presale stream writes it), read only for an at-completion presale (`enabled`);
 * undefined while none arrived (the page then reads the presale account's own fields).
 */
export function useDistributionReport(
  variant: PresaleVariant,
  enabled: boolean,
): DistributionResponse | undefined {
  return useQuery({
    queryKey: distributionQueryKey(variant),
    queryFn: async ({ client, queryKey, signal }) => {
      const fetched = await getParsed(
        `/presales/${variant}/distribution`,
        'distributionResponseSchema',
        'distribution report',
        signal ? { signal } : {},
      );
      return newerDistribution(client.getQueryData<DistributionResponse>(queryKey), fetched);
    },
    enabled,
    refetchInterval: PRESALE_REFRESH_MS,
    retry: 2,
  }).data;
}
