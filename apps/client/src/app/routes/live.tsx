import { QueryBoundary } from '../../lib/query-boundary';
import { GoalsBoard } from '../../features/goals/components/goals-board';

export function LiveRoute() {
  return (
    <QueryBoundary>
      <GoalsBoard />
    </QueryBoundary>
  );
}
