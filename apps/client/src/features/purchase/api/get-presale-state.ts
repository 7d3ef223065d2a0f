import {
  presaleResponseSchema,
  presaleStateFromJson,
  type PresaleResponse,
  type PresaleState,
  type PresaleVariant,
} from '@fbt/domain';
import { queryOptions, useQuery } from '@tanstack/react-query';
import { getJson } from '../../../lib/api-client';

/** Spec §4: presale info every minute (the stream pushes changes in between). */
export const PRESALE_POLL_MS = 60_000;

/** The query key the presale page shares: one cache entry per variant. */
export const presaleQueryKey = (variant: PresaleVariant) => ['presale', variant] as const;

/** Validates a presale body (from `GET /api/v1/presale/:variant` or the stream). */
export function parsePresale(body: unknown): PresaleResponse {
  const parsed = presaleResponseSchema.safeParse(body);
  if (!parsed.success) {
    throw new Error(
      `Invalid presale response: ${parsed.error.issues.map((issue) => issue.path.join('.')).join(', ')}`,
    );
  }
  return parsed.data;
}

export function presaleStateQueryOptions(variant: PresaleVariant) {
  return queryOptions({
    queryKey: presaleQueryKey(variant),
    queryFn: async ({ signal }) => parsePresale(await getJson(`/presale/${variant}`, { signal })),
    refetchInterval: PRESALE_POLL_MS,
  });
}

/** The presale as last read by the BFF, with bigints. */
export function usePresaleState(variant: PresaleVariant): {
  response: PresaleResponse | undefined;
  state: PresaleState | undefined;
  error: Error | null;
} {
  const query = useQuery(presaleStateQueryOptions(variant));
  return {
    response: query.data,
    state: query.data ? presaleStateFromJson(query.data.state) : undefined,
    error: query.error,
  };
}
