import { describe, expect, it } from 'vitest';
import { Counter, Histogram, Registry } from 'prom-client';
import { createHttpMetrics, HTTP_DURATION_BUCKETS } from './http-metrics';
import { lamportsToSol, registerLedgerMetrics } from './ledger-metrics';
import { createMetricsRegistry } from './metrics';

const lines = (text: string, prefix: string) =>
  text.split('\n').filter((line) => line.startsWith(prefix));

describe('metrics registry (prom-client)', () => {
  it('renders counters, scrape-time counters and gauges, histograms, with instance_id', async () => {
    const registry = createMetricsRegistry({ instanceId: 'bff-a', processMetrics: false });
    const declared = registry.counter('c_total', 'A counter.', ['route']);
    declared.inc({ route: '/a"b' });
    declared.inc({ route: '/a"b' }, 2);
    const inferred = registry.counter('inferred_total', 'Labels from the first inc.');
    inferred.inc({ code: 'X' });
    let sent = 7;
    registry.counterFrom('sent_total', 'Kept elsewhere.', () => sent);
    registry.gauge('g', 'A gauge.', () => [{ labels: { mode: 'poll' }, value: 4 }]);
    registry.gauge('g_async', 'An async gauge.', () => Promise.resolve([{ value: 2 }]));
    const histogram = registry.histogram('h_seconds', 'A histogram.', [0.1, 1], ['m']);
    histogram.observe({ m: 'GET' }, 0.05);
    histogram.observe({ m: 'GET' }, 0.5);
    sent = 9;

    const text = await registry.render();
    expect(text).toContain('# TYPE c_total counter');
    expect(text).toContain('c_total{route="/a\\"b",instance_id="bff-a"} 3');
    expect(text).toContain('inferred_total{code="X",instance_id="bff-a"} 1');
    expect(text).toContain('# TYPE sent_total counter');
    expect(text).toContain('sent_total{instance_id="bff-a"} 9');
    expect(text).toContain('# TYPE g gauge');
    expect(text).toContain('g{mode="poll",instance_id="bff-a"} 4');
    expect(text).toContain('g_async{instance_id="bff-a"} 2');
    expect(text).toContain('# TYPE h_seconds histogram');
    expect(lines(text, 'h_seconds_bucket')).toEqual([
      'h_seconds_bucket{le="0.1",instance_id="bff-a",m="GET"} 1',
      'h_seconds_bucket{le="1",instance_id="bff-a",m="GET"} 2',
      'h_seconds_bucket{le="+Inf",instance_id="bff-a",m="GET"} 2',
    ]);
    expect(text).toMatch(/h_seconds_sum\{[^}]*m="GET"[^}]*\} 0\.55/);
    expect(() => inferred.inc({ other: 'Y' })).toThrow(/other/);
  });

  it('merges the process metrics into each app, labelled with that app, without clashing', async () => {
    const a = createMetricsRegistry({ instanceId: 'bff-a' });
    const b = createMetricsRegistry({ instanceId: 'bff-b' });
    a.counter('same_total', 'Same name in two apps.').inc();
    b.counter('same_total', 'Same name in two apps.').inc({}, 2);
    const [textA, textB] = await Promise.all([a.render(), b.render()]);
    for (const [text, id] of [
      [textA, 'bff-a'],
      [textB, 'bff-b'],
    ] as const) {
      expect(text).toContain('# TYPE nodejs_eventloop_lag_seconds gauge');
      expect(text).toContain('# TYPE nodejs_heap_size_used_bytes gauge');
      expect(text).toContain('# TYPE nodejs_gc_duration_seconds histogram');
      expect(text).toContain('# TYPE nodejs_active_handles_total gauge');
      expect(text).toMatch(new RegExp(`process_cpu_seconds_total\\{instance_id="${id}"\\} `));
    }
    expect(textA).toContain('same_total{instance_id="bff-a"} 1');
    expect(textB).toContain('same_total{instance_id="bff-b"} 2');
    expect(a.contentType).toMatch(/^text\/plain; version=0\.0\.4/);
  });
});

describe('ledger metrics', () => {
  it('SOL as a float, lamports exact, one ledger read per scrape', async () => {
    const registry = createMetricsRegistry({ instanceId: 'x', processMetrics: false });
    let reads = 0;
    const stats = {
      leaders: 2,
      buys: 3,
      totalLamports: 5_000_123_456_789n,
      commissionLamports: 500_012_345_678n,
    };
    registerLedgerMetrics(
      registry,
      { getStats: () => (reads++, Promise.resolve(stats)) },
      { warn: () => undefined },
    );
    const text = await registry.render();
    expect(reads).toBe(1);
    expect(text).toContain('fbt_ledger_leaders{instance_id="x"} 2');
    expect(text).toContain('fbt_ledger_buys{instance_id="x"} 3');
    expect(text).toContain('fbt_ledger_lamports{instance_id="x"} 5000123456789');
    expect(text).toContain('fbt_ledger_commission_lamports{instance_id="x"} 500012345678');
    expect(text).toContain('fbt_ledger_sol{instance_id="x"} 5000.123456789');
    expect(text).toContain('fbt_ledger_commission_sol{instance_id="x"} 500.012345678');
  });

  it('leaves out lamports a float64 would round, says so once, keeps SOL', async () => {
    const registry = createMetricsRegistry({ instanceId: 'x', processMetrics: false });
    const warnings: string[] = [];
    const huge = 2n ** 53n + 1n;
    registerLedgerMetrics(
      registry,
      {
        getStats: () =>
          Promise.resolve({ leaders: 1, buys: 1, totalLamports: huge, commissionLamports: 1n }),
      },
      { warn: (_object, message) => warnings.push(message) },
    );
    const text = await registry.render();
    await registry.render();
    expect(lines(text, 'fbt_ledger_lamports{')).toEqual([]);
    expect(text).toContain('fbt_ledger_commission_lamports{instance_id="x"} 1');
    expect(text).toContain(`fbt_ledger_sol{instance_id="x"} ${lamportsToSol(huge)}`);
    expect(warnings).toEqual([
      'ledger lamports exceed 2^53: exact lamport gauges left out, SOL gauges kept',
    ]);
  });

  it('a failing ledger leaves the ledger series out and is logged', async () => {
    const registry = createMetricsRegistry({ instanceId: 'x', processMetrics: false });
    const warnings: string[] = [];
    registerLedgerMetrics(
      registry,
      { getStats: () => Promise.reject(new Error('SQLITE_BUSY')) },
      { warn: (_object, message) => warnings.push(message) },
    );
    const text = await registry.render();
    expect(lines(text, 'fbt_ledger_')).toEqual([]);
    expect(warnings).toEqual(['ledger stats unavailable']);
  });
});

describe('HTTP metrics', () => {
  it('render exactly what prom-client renders for the same requests', async () => {
    const requests: [string, string, number, number][] = [
      ['GET', '/api/v1/presales/:variant', 200, 0.0004],
      ['GET', '/api/v1/presales/:variant', 200, 0.001], // on a bound: counted in it
      ['GET', '/api/v1/presales/:variant', 404, 0.03],
      ['POST', '/rpc', 200, 7],
      ['GET', 'unmatched', 404, 0.002],
    ];
    const ours = new Registry();
    const http = createHttpMetrics(ours);
    const reference = new Registry();
    const counter = new Counter({
      name: 'fbt_http_requests_total',
      help: 'HTTP requests by route and status.',
      labelNames: ['method', 'route', 'status'],
      registers: [reference],
    });
    const histogram = new Histogram({
      name: 'fbt_http_request_duration_seconds',
      help: 'HTTP request latency by route.',
      buckets: [...HTTP_DURATION_BUCKETS],
      labelNames: ['method', 'route'],
      registers: [reference],
    });
    for (const [method, route, status, seconds] of requests) {
      http.record(method, route, status, seconds);
      counter.inc({ method, route, status: String(status) });
      histogram.observe({ method, route }, seconds);
    }
    for (const registry of [ours, reference]) registry.setDefaultLabels({ instance_id: 'i' });
    expect(await ours.metrics()).toBe(await reference.metrics());
    // Scraped again with nothing new: the counter keeps its totals.
    http.record('POST', '/rpc', 200, 0.2);
    counter.inc({ method: 'POST', route: '/rpc', status: '200' });
    histogram.observe({ method: 'POST', route: '/rpc' }, 0.2);
    expect(await ours.metrics()).toBe(await reference.metrics());
  });
});
