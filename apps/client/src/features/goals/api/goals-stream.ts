import { useQueryClient } from '@tanstack/react-query';
import { ignoreMalformed, useStream, type StreamStatus } from '../../../lib/use-stream';
import { goalsQueryKey, parseGoals } from './get-goals';

/**
 * Live community counts: writes every `goals` update from the BFF stream into the goals query.
 * The caller polls while the status is not 'open'.
 */
export function useGoalsStream(): StreamStatus {
  const queryClient = useQueryClient();
  return useStream(['goals'], (message) => {
    if (message.type !== 'goals') return;
    parseGoals(message.data).then(
      (goals) => queryClient.setQueryData(goalsQueryKey, goals),
      ignoreMalformed,
    );
  });
}
