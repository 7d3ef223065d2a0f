import { describe, expect, it } from 'vitest';
import { isExported, metricFamiliesOf, metricNamesOf } from './promql';

describe('metric names of a PromQL expression', () => {
  it('takes the metrics and leaves functions, aggregations, labels, ranges and keywords', () => {
    expect(
      metricNamesOf(
        'histogram_quantile(0.99, sum by (le, route) (rate(fbt_http_request_duration_seconds_bucket{route!="/readyz"}[$__rate_interval])))',
      ),
    ).toEqual(['fbt_http_request_duration_seconds_bucket']);
    expect(
      metricNamesOf(
        'sum(rate(fbt_upstream_failures_total{upstream=~"rpc|rpc-proxy"}[5m])) / sum(rate(fbt_upstream_calls_total{upstream=~"rpc|rpc-proxy"}[5m])) > 0.05',
      ),
    ).toEqual(['fbt_upstream_failures_total', 'fbt_upstream_calls_total']);
    expect(
      metricNamesOf('max by (resource) (fbt_cache_age_seconds - fbt_cache_max_age_seconds) > 0'),
    ).toEqual(['fbt_cache_age_seconds', 'fbt_cache_max_age_seconds']);
    expect(metricNamesOf('up{job="fbt-bff"} == 0 and on (instance) fbt_ready offset 5m')).toEqual([
      'up',
      'fbt_ready',
    ]);
    // A label value or a matcher that looks like a metric is no metric.
    expect(metricNamesOf('fbt_cache_stale{resource="fbt_price"} == bool 1')).toEqual([
      'fbt_cache_stale',
    ]);
  });

  it('knows the series of a family: histogram buckets, sums and counts', () => {
    const families = metricFamiliesOf(
      [
        '# HELP fbt_http_request_duration_seconds HTTP request latency by route.',
        '# TYPE fbt_http_request_duration_seconds histogram',
        '# TYPE fbt_ws_clients gauge',
        '# TYPE fbt_http_requests_total counter',
        'fbt_ws_clients{instance_id="x"} 0',
      ].join('\n'),
    );
    expect(isExported('fbt_http_request_duration_seconds_bucket', families)).toBe(true);
    expect(isExported('fbt_http_request_duration_seconds_count', families)).toBe(true);
    expect(isExported('fbt_http_requests_total', families)).toBe(true);
    expect(isExported('fbt_ws_clients', families)).toBe(true);
    expect(isExported('fbt_ws_client', families)).toBe(false);
    expect(isExported('fbt_ws_clients_count', families)).toBe(false);
    expect(isExported('fbt_http_requests_total_bucket', families)).toBe(false);
  });
});
