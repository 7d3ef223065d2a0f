import { leaderboardResponseSchema, type LeaderboardResponse } from '@fbt/domain';
import { queryOptions, useQuery } from '@tanstack/react-query';
import { getJson, parseResponse } from '../../../lib/api-client';

/** `GET /api/v1/leaderboard`: top leaders by verified volume (lamports as decimal strings). */
export async function getLeaderboard(signal?: AbortSignal): Promise<LeaderboardResponse> {
  const body = await getJson('/leaderboard', signal ? { signal } : {});
  return parseResponse(leaderboardResponseSchema, body, 'leaderboard response');
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
