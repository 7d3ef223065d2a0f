import type { DistributionResponse, PresaleVariant } from '@fbt/domain';
import { useQuery } from '@tanstack/react-query';
import { parseWire } from './api-client';

/** The keeper's live report of a presale's distribution, one cache entry per variant. */
export const distributionQueryKey = (variant: PresaleVariant) => ['distribution', variant] as const;

/** Validates a `distribution` stream message's data (in the answer-checking worker). */
export function parseDistribution(body: unknown): Promise<DistributionResponse> {
  return parseWire('distributionResponseSchema', body, 'distribution report');
}

/**
 * The keeper's live report of the presale's distribution (phase, "N of M" buyers served), as the
 * BFF stream's `distribution:<variant>` topic last pushed it (the presale stream writes it);
 * undefined while none arrived, and then the page reads the presale account's own fields.
 */
export function useDistributionReport(variant: PresaleVariant): DistributionResponse | undefined {
  return useQuery({
    queryKey: distributionQueryKey(variant),
    queryFn: (): Promise<DistributionResponse> =>
      Promise.reject(new Error('the distribution report comes from the stream')),
    enabled: false,
  }).data;
}
