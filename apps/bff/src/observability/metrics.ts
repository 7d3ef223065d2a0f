/**
 * A small Prometheus text-exposition registry (format 0.0.4): counters, gauges read at scrape
 * time, and histograms. Enough for this service without a dependency.
 */

type Labels = Readonly<Record<string, string>>;

function labelText(labels: Labels): string {
  const entries = Object.entries(labels);
  if (entries.length === 0) return '';
  return `{${entries
    .map(
      ([key, value]) =>
        `${key}="${value.replace(/\\/g, '\\\\').replace(/"/g, '\\"').replace(/\n/g, '\\n')}"`,
    )
    .join(',')}}`;
}

interface Metric {
  render(): string[];
}

/** A counter with labels. */
export interface Counter {
  inc(labels?: Labels, by?: number): void;
}

/** A histogram with labels (seconds). */
export interface Histogram {
  observe(labels: Labels, value: number): void;
}

/** The registry the BFF exposes at /metrics. */
export interface MetricsRegistry {
  counter(name: string, help: string): Counter;
  /** A gauge computed at scrape time. */
  gauge(
    name: string,
    help: string,
    read: () => readonly { labels?: Labels; value: number }[],
  ): void;
  histogram(name: string, help: string, buckets: readonly number[]): Histogram;
  render(): string;
}

/** Creates a {@link MetricsRegistry}. */
export function createMetricsRegistry(): MetricsRegistry {
  const metrics: Metric[] = [];
  return {
    counter(name, help) {
      const values = new Map<string, number>();
      metrics.push({
        render: () => [
          `# HELP ${name} ${help}`,
          `# TYPE ${name} counter`,
          ...[...values].map(([labels, value]) => `${name}${labels} ${value}`),
        ],
      });
      return {
        inc(labels = {}, by = 1) {
          const key = labelText(labels);
          values.set(key, (values.get(key) ?? 0) + by);
        },
      };
    },
    gauge(name, help, read) {
      metrics.push({
        render: () => [
          `# HELP ${name} ${help}`,
          `# TYPE ${name} gauge`,
          ...read().map((sample) => `${name}${labelText(sample.labels ?? {})} ${sample.value}`),
        ],
      });
    },
    histogram(name, help, buckets) {
      const series = new Map<
        string,
        { labels: Labels; counts: number[]; sum: number; count: number }
      >();
      metrics.push({
        render: () => {
          const lines = [`# HELP ${name} ${help}`, `# TYPE ${name} histogram`];
          for (const { labels, counts, sum, count } of series.values()) {
            buckets.forEach((bound, index) => {
              lines.push(
                `${name}_bucket${labelText({ ...labels, le: String(bound) })} ${counts[index] ?? 0}`,
              );
            });
            lines.push(`${name}_bucket${labelText({ ...labels, le: '+Inf' })} ${count}`);
            lines.push(`${name}_sum${labelText(labels)} ${sum}`);
            lines.push(`${name}_count${labelText(labels)} ${count}`);
          }
          return lines;
        },
      });
      return {
        observe(labels, value) {
          const key = labelText(labels);
          let entry = series.get(key);
          if (entry === undefined) {
            entry = { labels, counts: buckets.map(() => 0), sum: 0, count: 0 };
            series.set(key, entry);
          }
          buckets.forEach((bound, index) => {
            if (value <= bound && entry !== undefined)
              entry.counts[index] = (entry.counts[index] ?? 0) + 1;
          });
          entry.sum += value;
          entry.count += 1;
        },
      };
    },
    render() {
      return `${metrics.flatMap((metric) => metric.render()).join('\n')}\n`;
    },
  };
}
