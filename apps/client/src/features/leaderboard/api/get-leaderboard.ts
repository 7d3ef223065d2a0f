import type { LeaderboardResponse } from '@fbt/domain';
import { queryOptions, useQuery } from '@tanstack/react-query';
import { getParsed } from '../../../lib/api-client';

/** `GET /api/v1/leaderboard`: top leaders by verified volume (lamports as decimal strings). */
export async function getLeaderboard(signal?: AbortSignal): Promise<LeaderboardResponse> {
  return getParsed(
    '/leaderboard',
    'leaderboardResponseSchema',
    'leaderboard response',
    signal ? { signal } : {},
  );
}

export function leaderboardQueryOptions() {
  return queryOptions({
    queryKey: ['leaderboard'],
    queryFn: ({ signal }) => getLeaderboard(signal),
    refetchInterval: 60_000,
  });
}

export function useLeaderboard() {
  return useQuery(leaderboardQueryOptions());
}
