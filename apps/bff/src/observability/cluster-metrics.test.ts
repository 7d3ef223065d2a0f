import { describe, expect, it } from 'vitest';
import { registerClusterMetrics, type ClusterSource } from './cluster-metrics';
import { createMetricsRegistry } from './metrics';

const MODES = ['single', 'redis', 'local-fallback'];

describe('cluster metrics', () => {
  it('say the mode, whether this instance polls, holds the lease and how often it took it', async () => {
    let status = { mode: 'redis', polling: false, leaseHolder: false };
    let takes = 0;
    const cluster: ClusterSource = { status: () => status, leaseTakes: () => takes };
    const registry = createMetricsRegistry({ instanceId: 'bff-1', processMetrics: false });
    registerClusterMetrics(registry, cluster, MODES);
    const id = 'instance_id="bff-1"';

    const following = await registry.render();
    expect(following).toContain(`fbt_cluster_mode{mode="redis",${id}} 1`);
    expect(following).toContain(`fbt_cluster_mode{mode="single",${id}} 0`);
    expect(following).toContain(`fbt_cluster_mode{mode="local-fallback",${id}} 0`);
    expect(following).toContain(`fbt_cluster_polling{${id}} 0`);
    expect(following).toContain(`fbt_cluster_lease_holder{${id}} 0`);
    expect(following).toContain(`fbt_cluster_lease_acquired_total{${id}} 0`);
    expect(following).toContain('# TYPE fbt_cluster_lease_acquired_total counter');

    status = { mode: 'redis', polling: true, leaseHolder: true };
    takes = 2;
    const holding = await registry.render();
    expect(holding).toContain(`fbt_cluster_polling{${id}} 1`);
    expect(holding).toContain(`fbt_cluster_lease_holder{${id}} 1`);
    expect(holding).toContain(`fbt_cluster_lease_acquired_total{${id}} 2`);

    // Polling on its own while Redis is down is no lease.
    status = { mode: 'local-fallback', polling: true, leaseHolder: false };
    const fallback = await registry.render();
    expect(fallback).toContain(`fbt_cluster_mode{mode="local-fallback",${id}} 1`);
    expect(fallback).toContain(`fbt_cluster_polling{${id}} 1`);
    expect(fallback).toContain(`fbt_cluster_lease_holder{${id}} 0`);
  });
});
