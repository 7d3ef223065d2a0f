import { describe, expect, it } from 'vitest';
import type { ResourceHealth } from '../cache/refreshing-resource';
import { registerHealthMetrics } from './health-metrics';
import { createMetricsRegistry } from './metrics';

function resource(overrides: Partial<ResourceHealth>): ResourceHealth {
  return {
    name: 'presale:public',
    hasValue: true,
    stale: false,
    ageMs: 4_500,
    maxAgeMs: 180_000,
    lastError: null,
    refreshes: 1,
    failures: 0,
    ...overrides,
  };
}

describe('health metrics', () => {
  it('age, budget and staleness per cached value, and readiness as /readyz judges it', async () => {
    let reasons: string[] = [];
    const registry = createMetricsRegistry({ instanceId: 'x', processMetrics: false });
    registerHealthMetrics(registry, {
      resources: () => [
        resource({}),
        resource({ name: 'price', stale: true, ageMs: 61_000, maxAgeMs: 60_000 }),
        resource({ name: 'goals:telegram', hasValue: false, ageMs: null, maxAgeMs: 900_000 }),
      ],
      notReadyReasons: () => Promise.resolve(reasons),
    });
    const id = 'instance_id="x"';

    const ready = await registry.render();
    expect(ready).toContain(`fbt_cache_age_seconds{resource="presale:public",${id}} 4.5`);
    expect(ready).toContain(`fbt_cache_age_seconds{resource="price",${id}} 61`);
    // No value yet: no age, but a budget and a staleness.
    expect(ready).not.toContain('fbt_cache_age_seconds{resource="goals:telegram"');
    expect(ready).toContain(`fbt_cache_max_age_seconds{resource="presale:public",${id}} 180`);
    expect(ready).toContain(`fbt_cache_max_age_seconds{resource="goals:telegram",${id}} 900`);
    expect(ready).toContain(`fbt_cache_stale{resource="price",${id}} 1`);
    expect(ready).toContain(`fbt_cache_stale{resource="presale:public",${id}} 0`);
    expect(ready).toContain(`fbt_ready{${id}} 1`);

    reasons = ['price: last good value is 61 s old (budget 60 s)'];
    expect(await registry.render()).toContain(`fbt_ready{${id}} 0`);
  });
});
