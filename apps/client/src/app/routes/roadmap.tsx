import { RoadmapTimeline } from '../../features/roadmap/components/roadmap-timeline';

export function RoadmapRoute() {
  return <RoadmapTimeline />;
}
