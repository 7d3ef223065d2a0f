import { QueryBoundary } from '../../lib/query-boundary';
import { LeaderboardTable } from '../../features/leaderboard/components/leaderboard-table';

export function LeaderboardRoute() {
  return (
    <QueryBoundary>
      <LeaderboardTable />
    </QueryBoundary>
  );
}
