import type { ResourceHealth } from '../cache/refreshing-resource';
import type { MetricsRegistry } from './metrics';

/** What the health series read of the instance. */
export interface HealthSource {
  /** Health of every cached upstream value. */
  resources(): ResourceHealth[];
  /** Why `/readyz` answers 503; empty when it answers 200. */
  notReadyReasons(): Promise<string[]>;
}

/**
 * Freshness and readiness, labelled `resource` by cached value (a fixed list: the topics'):
 *
 * - `fbt_cache_age_seconds`: age of each cached value (none before its first value);
 * - `fbt_cache_max_age_seconds`: the age past which `/readyz` fails it (its budget);
 * - `fbt_cache_stale`: 1 when the value is the last good one after a failed refresh;
 * - `fbt_ready`: 1 when `/readyz` would answer 200, 0 when 503 (read at scrape time, by the
 *   same rule: every value within its budget and the ledger answering).
 */
export function registerHealthMetrics(metrics: MetricsRegistry, health: HealthSource): void {
  metrics.gauge('fbt_cache_age_seconds', 'Age of each cached upstream value.', () =>
    health
      .resources()
      .filter((entry) => entry.ageMs !== null)
      .map((entry) => ({ labels: { resource: entry.name }, value: (entry.ageMs ?? 0) / 1000 })),
  );
  metrics.gauge(
    'fbt_cache_max_age_seconds',
    'Age past which a cached upstream value fails /readyz.',
    () =>
      health
        .resources()
        .map((entry) => ({ labels: { resource: entry.name }, value: entry.maxAgeMs / 1000 })),
  );
  metrics.gauge(
    'fbt_cache_stale',
    '1 when the cached value is the last good one after a failed refresh.',
    () =>
      health.resources().map((entry) => ({
        labels: { resource: entry.name },
        value: entry.stale ? 1 : 0,
      })),
  );
  metrics.gauge('fbt_ready', '1 when /readyz answers 200, 0 when it answers 503.', async () => [
    { value: (await health.notReadyReasons()).length === 0 ? 1 : 0 },
  ]);
}
