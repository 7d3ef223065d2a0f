import { describe, expect, it } from 'vitest';
import { createMetricsRegistry } from './metrics';

describe('metrics registry', () => {
  it('renders counters, gauges and histograms in Prometheus text format', () => {
    const registry = createMetricsRegistry();
    const counter = registry.counter('c_total', 'A counter.');
    counter.inc({ route: '/a"b' });
    counter.inc({ route: '/a"b' }, 2);
    registry.gauge('g', 'A gauge.', () => [{ value: 4 }]);
    const histogram = registry.histogram('h_seconds', 'A histogram.', [0.1, 1]);
    histogram.observe({ m: 'GET' }, 0.05);
    histogram.observe({ m: 'GET' }, 0.5);
    expect(registry.render()).toBe(
      [
        '# HELP c_total A counter.',
        '# TYPE c_total counter',
        'c_total{route="/a\\"b"} 3',
        '# HELP g A gauge.',
        '# TYPE g gauge',
        'g 4',
        '# HELP h_seconds A histogram.',
        '# TYPE h_seconds histogram',
        'h_seconds_bucket{m="GET",le="0.1"} 1',
        'h_seconds_bucket{m="GET",le="1"} 2',
        'h_seconds_bucket{m="GET",le="+Inf"} 2',
        'h_seconds_sum{m="GET"} 0.55',
        'h_seconds_count{m="GET"} 2',
        '',
      ].join('\n'),
    );
  });
});
