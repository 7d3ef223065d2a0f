/**
 * The BFF's Prometheus registry, on `prom-client`: a small facade (counters, counters and gauges
 * read at scrape time, histograms) over a per-app `Registry` (never prom-client's global one, so
 * several apps in one process do not clash), the process's own metrics merged in at scrape
 * time, and `instance_id` as a default label on every series.
 */
import {
  Counter as PromCounter,
  Gauge as PromGauge,
  Histogram as PromHistogram,
  Registry,
  collectDefaultMetrics,
  type MetricObjectWithValues,
  type MetricValue,
} from 'prom-client';

export type Labels = Readonly<Record<string, string>>;

/** One sample of a metric read at scrape time. */
export interface Sample {
  readonly labels?: Labels;
  readonly value: number;
}

/** A counter with labels. */
export interface Counter {
  inc(labels?: Labels, by?: number): void;
}

/** A histogram with labels (seconds). */
export interface Histogram {
  observe(labels: Labels, value: number): void;
}

/** The registry the BFF exposes on its metrics port. */
export interface MetricsRegistry {
  /**
   * A counter. `labelNames` declares its labels; without them they are taken from the first
   * `inc` (the series appears from then on), and an `inc` with other labels throws.
   */
  counter(name: string, help: string, labelNames?: readonly string[]): Counter;
  /** A counter whose total is kept elsewhere (monotonic), read at scrape time. */
  counterFrom(name: string, help: string, read: () => number): void;
  /** A gauge computed at scrape time (may read asynchronously, once per scrape). */
  gauge(
    name: string,
    help: string,
    read: () => readonly Sample[] | Promise<readonly Sample[]>,
  ): void;
  histogram(
    name: string,
    help: string,
    buckets: readonly number[],
    labelNames?: readonly string[],
  ): Histogram;
  /** The `prom-client` registry behind the facade (for metrics that need its full API). */
  readonly registry: Registry;
  /** The `instance_id` label every series carries. */
  readonly instanceId: string;
  /** The `Content-Type` of {@link render}'s text. */
  readonly contentType: string;
  /** Prometheus text of every series, the process's metrics included. */
  render(): Promise<string>;
}

/** Options of {@link createMetricsRegistry}. */
export interface MetricsRegistryOptions {
  /** The `instance_id` label; default `<hostname>-<pid>`. */
  readonly instanceId: string;
  /** Merge in the process metrics (event-loop lag, heap, GC, handles); default true. */
  readonly processMetrics?: boolean;
}

let processRegistry: Registry | null = null;

/**
 * The process's metrics (`process_*`, `nodejs_*`), collected once per process in a private
 * registry: `collectDefaultMetrics` starts an event-loop-delay monitor and a GC observer that
 * are never stopped, so one set per process, shared by every app in it, not one per app.
 */
function processMetrics(): Registry {
  if (processRegistry === null) {
    processRegistry = new Registry();
    collectDefaultMetrics({ register: processRegistry });
  }
  return processRegistry;
}

/** A gauge whose samples come from a function at scrape time, with any labels. */
class ScrapeGauge extends PromGauge {
  constructor(
    name: string,
    help: string,
    private readonly read: () => readonly Sample[] | Promise<readonly Sample[]>,
  ) {
    super({ name, help, registers: [] });
  }

  override async get(): Promise<MetricObjectWithValues<MetricValue<string>>> {
    const [base, samples] = await Promise.all([super.get(), this.read()]);
    return {
      ...base,
      values: samples.map((sample) => ({ labels: { ...sample.labels }, value: sample.value })),
    };
  }
}

/** Creates a {@link MetricsRegistry} for one app. */
export function createMetricsRegistry(options: MetricsRegistryOptions): MetricsRegistry {
  const registry = new Registry();
  registry.setDefaultLabels({ instance_id: options.instanceId });
  const withProcess = options.processMetrics ?? true;

  const promCounter = (name: string, help: string, labelNames: readonly string[]) =>
    new PromCounter({ name, help, labelNames: [...labelNames], registers: [registry] });

  return {
    registry,
    instanceId: options.instanceId,
    contentType: registry.contentType,
    counter(name, help, labelNames) {
      let metric = labelNames === undefined ? null : promCounter(name, help, labelNames);
      return {
        inc(labels = {}, by = 1) {
          metric ??= promCounter(name, help, Object.keys(labels));
          metric.inc(labels, by);
        },
      };
    },
    counterFrom(name, help, read) {
      new PromCounter({
        name,
        help,
        registers: [registry],
        collect() {
          this.reset();
          this.inc(read());
        },
      });
    },
    gauge(name, help, read) {
      registry.registerMetric(new ScrapeGauge(name, help, read));
    },
    histogram(name, help, buckets, labelNames = []) {
      const metric = new PromHistogram({
        name,
        help,
        buckets: [...buckets],
        labelNames: [...labelNames],
        registers: [registry],
      });
      return { observe: (labels, value) => metric.observe(labels, value) };
    },
    async render() {
      if (!withProcess) return registry.metrics();
      const merged = Registry.merge([processMetrics(), registry]);
      merged.setDefaultLabels({ instance_id: options.instanceId });
      return merged.metrics();
    },
  };
}
