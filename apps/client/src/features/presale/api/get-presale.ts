import { presaleResponseSchema, type PresaleResponse, type PresaleVariant } from '@fbt/domain';
import { queryOptions, useQuery } from '@tanstack/react-query';
import { getJson } from '../../../lib/api-client';

/** Presale info refresh (spec §4: every minute). */
export const PRESALE_REFRESH_MS = 60_000;

/** `GET /api/v1/presales/{variant}`: the presale account as last read by the BFF. */
export async function getPresale(
  variant: PresaleVariant,
  signal?: AbortSignal,
): Promise<PresaleResponse> {
  const body = await getJson(`/presales/${variant}`, signal ? { signal } : {});
  const parsed = presaleResponseSchema.safeParse(body);
  if (!parsed.success) {
    throw new Error(
      `Invalid presale response: ${parsed.error.issues.map((i) => i.path.join('.')).join(', ')}`,
    );
  }
  return parsed.data;
}

export function presaleQueryOptions(variant: PresaleVariant) {
  return queryOptions({
    queryKey: ['presale', variant],
    queryFn: ({ signal }) => getPresale(variant, signal),
    refetchInterval: PRESALE_REFRESH_MS,
  });
}

export function usePresale(variant: PresaleVariant) {
  return useQuery(presaleQueryOptions(variant));
}
