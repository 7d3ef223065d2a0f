import type { MetricsRegistry } from './metrics';

/** What the cluster series read of the instance's cluster. */
export interface ClusterSource {
  status(): { readonly mode: string; readonly polling: boolean; readonly leaseHolder: boolean };
  leaseTakes(): number;
}

/**
 * How this instance shares work with the others (every series carries `instance_id`):
 *
 * - `fbt_cluster_mode{mode}`: 1 for the mode in force (one series per mode in `modes`);
 * - `fbt_cluster_polling`: 1 while this instance calls the upstreams (lease holder, fallback or
 *   single);
 * - `fbt_cluster_lease_holder`: 1 while this instance holds the shared upstream lease (never
 *   alone or in fallback): across replicas, the one whose value is 1 is the holder;
 * - `fbt_cluster_lease_acquired_total`: times this instance took the lease since it started; its
 *   increase summed over replicas is how often the lease changed hands.
 */
export function registerClusterMetrics(
  metrics: MetricsRegistry,
  cluster: ClusterSource,
  modes: readonly string[],
): void {
  metrics.gauge(
    'fbt_cluster_mode',
    'How this instance shares work: single, redis or local-fallback (1 = in force).',
    () => {
      const { mode } = cluster.status();
      return modes.map((candidate) => ({
        labels: { mode: candidate },
        value: candidate === mode ? 1 : 0,
      }));
    },
  );
  metrics.gauge(
    'fbt_cluster_polling',
    '1 while this instance calls the upstreams (lease holder, fallback or single).',
    () => [{ value: cluster.status().polling ? 1 : 0 }],
  );
  metrics.gauge(
    'fbt_cluster_lease_holder',
    '1 while this instance holds the shared upstream lease.',
    () => [{ value: cluster.status().leaseHolder ? 1 : 0 }],
  );
  metrics.counterFrom(
    'fbt_cluster_lease_acquired_total',
    'Times this instance took the shared upstream lease since it started.',
    () => cluster.leaseTakes(),
  );
}
