import {
  Counter,
  Histogram,
  type MetricObjectWithValues,
  type MetricValueWithName,
  type Registry,
} from 'prom-client';

/** Latency buckets of `fbt_http_request_duration_seconds` (seconds). */
export const HTTP_DURATION_BUCKETS: readonly number[] = [0.001, 0.005, 0.01, 0.05, 0.1, 0.5, 1, 5];

/** One (method, route): its latency buckets and its answers by status. */
interface RouteSeries {
  readonly labels: { readonly method: string; readonly route: string };
  /** Observations per bucket, not cumulative; the last slot is +Inf. */
  readonly buckets: number[];
  sum: number;
  count: number;
  /** Answers by status not yet handed to the prom-client counter. */
  readonly pendingByStatus: Map<number, number>;
}

/** Records one answered request. */
export interface HttpMetrics {
  record(method: string, route: string, status: number, seconds: number): void;
}

type Labels = Readonly<Record<string, string>>;

type HistogramValues = MetricObjectWithValues<MetricValueWithName<string>>;

/** `fbt_http_request_duration_seconds`, exported from the recorder's own buckets. */
class RecordedHistogram extends Histogram {
  constructor(
    registry: Registry,
    private readonly series: () => Iterable<RouteSeries>,
  ) {
    super({
      name: 'fbt_http_request_duration_seconds',
      help: 'HTTP request latency by route.',
      buckets: [...HTTP_DURATION_BUCKETS],
      labelNames: ['method', 'route'],
      registers: [registry],
    });
  }

  /** What the registry renders (prom-client's own shape: bucket label `le`, shared labels). */
  getForPromString(): Promise<HistogramValues> {
    const name = 'fbt_http_request_duration_seconds';
    // As prom-client's own Histogram hands them over: `le` as the sample's label, the route's
    // labels as shared ones (so the text is the same, label order included).
    const values: (MetricValueWithName<string> & { sharedLabels: Labels })[] = [];
    for (const { labels, buckets, sum, count } of this.series()) {
      let cumulative = 0;
      HTTP_DURATION_BUCKETS.forEach((bound, index) => {
        cumulative += buckets[index] ?? 0;
        values.push({
          labels: { le: bound },
          sharedLabels: labels,
          value: cumulative,
          metricName: `${name}_bucket`,
        });
      });
      const bucket = `${name}_bucket`;
      values.push({
        labels: { le: '+Inf' },
        sharedLabels: labels,
        value: count,
        metricName: bucket,
      });
      values.push({ labels: {}, sharedLabels: labels, value: sum, metricName: `${name}_sum` });
      values.push({ labels: {}, sharedLabels: labels, value: count, metricName: `${name}_count` });
    }
    return Promise.resolve({
      name,
      help: 'HTTP request latency by route.',
      // prom-client declares its metric types as a TypeScript enum it does not export at run time.
      type: 'histogram' as unknown as HistogramValues['type'],
      aggregator: 'sum',
      collect: () => undefined,
      values,
    });
  }

  override get(): Promise<HistogramValues> {
    return this.getForPromString();
  }
}

/**
 * The two HTTP series, `fbt_http_requests_total{method,route,status}` (a prom-client Counter)
 * and `fbt_http_request_duration_seconds{method,route}` (a prom-client Histogram), recorded per
 * request with one map lookup and a few additions: prom-client would hash the label object of
 * both on every request. The counter takes the pending counts when scraped (its `collect`),
 * the histogram renders the recorded buckets.
 */
export function createHttpMetrics(registry: Registry): HttpMetrics {
  const routes = new Map<string, RouteSeries>();
  new Counter({
    name: 'fbt_http_requests_total',
    help: 'HTTP requests by route and status.',
    labelNames: ['method', 'route', 'status'],
    registers: [registry],
    collect() {
      for (const series of routes.values()) {
        for (const [status, pending] of series.pendingByStatus) {
          if (pending === 0) continue;
          this.inc({ ...series.labels, status: String(status) }, pending);
          series.pendingByStatus.set(status, 0);
        }
      }
    },
  });
  new RecordedHistogram(registry, () => routes.values());
  return {
    record(method, route, status, seconds) {
      const key = `${method} ${route}`;
      let series = routes.get(key);
      if (series === undefined) {
        series = {
          labels: { method, route },
          buckets: new Array<number>(HTTP_DURATION_BUCKETS.length + 1).fill(0),
          sum: 0,
          count: 0,
          pendingByStatus: new Map(),
        };
        routes.set(key, series);
      }
      let bucket = 0;
      while (
        bucket < HTTP_DURATION_BUCKETS.length &&
        seconds > (HTTP_DURATION_BUCKETS[bucket] ?? 0)
      ) {
        bucket++;
      }
      series.buckets[bucket] = (series.buckets[bucket] ?? 0) + 1;
      series.sum += seconds;
      series.count++;
      series.pendingByStatus.set(status, (series.pendingByStatus.get(status) ?? 0) + 1);
    },
  };
}
