/**
 * The metric names a PromQL expression reads, for checking dashboards and alert rules against
 * the series the BFF exports. Not a parser: it drops what cannot hold a metric name (strings,
 * label matchers, ranges, grouping labels), then takes each remaining identifier that is neither
 * a function or aggregation (followed by `(`) nor a keyword. Run on expressions promtool has
 * already accepted, so their syntax is known to be good.
 */
const KEYWORDS = new Set([
  'by',
  'without',
  'on',
  'ignoring',
  'group_left',
  'group_right',
  'bool',
  'and',
  'or',
  'unless',
  'offset',
  'inf',
  'nan',
]);

/** Every metric name `expr` reads, each once, in order of appearance. */
export function metricNamesOf(expr: string): string[] {
  const bare = expr
    .replace(/"(?:[^"\\]|\\.)*"|'(?:[^'\\]|\\.)*'|`[^`]*`/g, ' ')
    .replace(/\{[^}]*\}/g, ' ')
    .replace(/\[[^\]]*\]/g, ' ')
    .replace(/\b(by|without|on|ignoring|group_left|group_right)\s*\([^)]*\)/g, ' ');
  const names: string[] = [];
  for (const match of bare.matchAll(/(?<![\w:.$])([a-zA-Z_:][\w:]*)(\s*\()?/g)) {
    const [, name = '', call] = match;
    if (call !== undefined || KEYWORDS.has(name.toLowerCase()) || names.includes(name)) continue;
    names.push(name);
  }
  return names;
}

/** A metric family of an exposition: its name and type (`# TYPE <name> <type>`). */
export type MetricFamilies = ReadonlyMap<string, string>;

/** The families of a Prometheus text exposition, by name. */
export function metricFamiliesOf(text: string): MetricFamilies {
  const families = new Map<string, string>();
  for (const match of text.matchAll(/^# TYPE (\S+) (\S+)$/gm)) {
    families.set(match[1] ?? '', match[2] ?? '');
  }
  return families;
}

/**
 * Whether `name`, as a query reads it, is a series of one of `families`: the family itself, or
 * the `_bucket`, `_sum` and `_count` series of a histogram (`_sum` and `_count` of a summary).
 */
export function isExported(name: string, families: MetricFamilies): boolean {
  if (families.has(name)) return true;
  const suffix = /_(bucket|sum|count)$/.exec(name);
  if (suffix === null) return false;
  const type = families.get(name.slice(0, -suffix[0].length));
  return type === 'histogram' || (type === 'summary' && suffix[1] !== 'bucket');
}
