import type { LeaderEarningsJson } from '@fbt/domain';
import { queryOptions, useQuery } from '@tanstack/react-query';
import { getParsed } from '../../../lib/api-client';

/** One leader code of the wallet, with bigints. */
export interface LeaderEarnings {
  readonly code: string;
  /** The leader record ClaimCommission pays out of. */
  readonly record: string;
  readonly active: boolean;
  readonly volumeLamports: bigint;
  readonly buys: bigint;
  readonly earnedLamports: bigint;
  readonly claimedLamports: bigint;
  readonly claimableLamports: bigint;
}

function fromJson(json: LeaderEarningsJson): LeaderEarnings {
  return {
    code: json.code,
    record: json.record,
    active: json.active,
    volumeLamports: BigInt(json.volumeLamports),
    buys: BigInt(json.buys),
    earnedLamports: BigInt(json.earnedLamports),
    claimedLamports: BigInt(json.claimedLamports),
    claimableLamports: BigInt(json.claimableLamports),
  };
}

/** Earnings are re-read this often while the page is open (and right after a claim). */
export const EARNINGS_REFRESH_MS = 60_000;

export const leaderEarningsQueryKey = (wallet: string | null) =>
  ['leader-earnings', wallet] as const;

/**
 * `GET /api/v1/leaders/by-wallet/:wallet`: the leader codes whose records pay `wallet`, read
 * from the chain by the BFF, sorted by code.
 */
export async function getLeaderEarnings(
  wallet: string,
  signal?: AbortSignal,
): Promise<LeaderEarnings[]> {
  const answer = await getParsed(
    `/leaders/by-wallet/${encodeURIComponent(wallet)}`,
    'leaderEarningsResponseSchema',
    'leader earnings',
    signal ? { signal } : {},
  );
  return answer.leaders.map(fromJson).sort((a, b) => (a.code < b.code ? -1 : 1));
}

export function leaderEarningsQueryOptions(wallet: string | null) {
  return queryOptions({
    queryKey: leaderEarningsQueryKey(wallet),
    queryFn: ({ signal }) => getLeaderEarnings(wallet ?? '', signal),
    enabled: wallet !== null,
    refetchInterval: EARNINGS_REFRESH_MS,
  });
}

export function useLeaderEarnings(wallet: string | null) {
  return useQuery(leaderEarningsQueryOptions(wallet));
}
