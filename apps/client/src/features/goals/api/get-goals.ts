import type { GoalsResponse } from '@fbt/domain';
import { queryOptions, useQuery } from '@tanstack/react-query';
import { getParsed, parseWire } from '../../../lib/api-client';

/** How often the goals are polled when the live stream is unavailable. */
export const GOALS_POLL_MS = 30_000;

/** `GET /api/v1/goals`: Telegram members and X followers, as cached by the BFF. */
export async function getGoals(signal?: AbortSignal): Promise<GoalsResponse> {
  return getParsed('/goals', 'goalsResponseSchema', 'goals response', signal ? { signal } : {});
}

/** Validates a goals body from the stream (in the answer-checking worker, see lib/wire-check.ts). */
export function parseGoals(body: unknown): Promise<GoalsResponse> {
  return parseWire('goalsResponseSchema', body, 'goals response');
}

export const goalsQueryKey = ['goals'] as const;

/** Query options; `poll` turns on polling (used while the websocket is down). */
export function goalsQueryOptions(poll: boolean) {
  return queryOptions({
    queryKey: goalsQueryKey,
    queryFn: ({ signal }) => getGoals(signal),
    refetchInterval: poll ? GOALS_POLL_MS : false,
  });
}

export function useGoals(poll: boolean) {
  return useQuery(goalsQueryOptions(poll));
}
