import { isExported, metricNamesOf, type MetricFamilies } from './promql';

/** The parts of a Grafana dashboard JSON the checks read. */
export interface Dashboard {
  readonly uid?: string;
  readonly title?: string;
  readonly panels: readonly Panel[];
}

interface Datasource {
  readonly type?: string;
  readonly uid?: string;
}

/** One panel (a row holds no query; a collapsed row holds its panels). */
export interface Panel {
  readonly id?: number;
  readonly type: string;
  readonly title?: string;
  readonly description?: string;
  readonly datasource?: Datasource;
  readonly targets?: readonly { refId?: string; expr?: string; datasource?: Datasource }[];
  readonly panels?: readonly Panel[];
}

/** One PromQL query and where it comes from (`panel "<title>" A`, `alert <name>`). */
export interface Query {
  readonly where: string;
  readonly expr: string;
}

/** Grafana's interval variables, as a fixed range promtool can parse. */
const GRAFANA_INTERVALS = /\$__(rate_interval|interval|range)\b/g;

/** Every panel that shows data: rows left out, the panels of collapsed rows included. */
export function dataPanels(dashboard: Dashboard): Panel[] {
  return dashboard.panels.flatMap((panel) =>
    panel.type === 'row' ? [...(panel.panels ?? [])] : [panel],
  );
}

/** Every query of the dashboard's panels, Grafana's interval variables read as 5m. */
export function panelQueries(dashboard: Dashboard): Query[] {
  return dataPanels(dashboard).flatMap((panel) =>
    (panel.targets ?? []).map((target) => ({
      where: `panel "${panel.title ?? '?'}" ${target.refId ?? '?'}`,
      expr: (target.expr ?? '').replace(GRAFANA_INTERVALS, '5m'),
    })),
  );
}

/**
 * What is wrong with the panels: one without a title or a description, without a query, or
 * reading another datasource than `datasourceUid` (the panel's or any of its queries').
 */
export function panelProblems(dashboard: Dashboard, datasourceUid: string): string[] {
  return dataPanels(dashboard).flatMap((panel) => {
    const name = `panel ${panel.id ?? '?'} "${panel.title ?? ''}"`;
    const problems: string[] = [];
    if ((panel.title ?? '').trim() === '') problems.push(`${name}: no title`);
    if ((panel.description ?? '').trim().length < 20) problems.push(`${name}: no description`);
    const targets = panel.targets ?? [];
    if (targets.length === 0 || targets.some((target) => (target.expr ?? '').trim() === ''))
      problems.push(`${name}: a query without PromQL`);
    const sources = [panel.datasource, ...targets.map((target) => target.datasource)];
    if (sources.some((source) => source?.uid !== datasourceUid || source.type !== 'prometheus'))
      problems.push(`${name}: not the provisioned datasource ${datasourceUid}`);
    return problems;
  });
}

/**
 * The metrics the queries read that `families` (a /metrics text's) does not export, as
 * `<where>: <metric>`; `alsoKnown` are series Prometheus makes itself (`up`).
 */
export function unexportedReads(
  queries: readonly Query[],
  families: MetricFamilies,
  alsoKnown: readonly string[] = [],
): string[] {
  return queries.flatMap(({ where, expr }) =>
    metricNamesOf(expr)
      .filter((name) => !alsoKnown.includes(name) && !isExported(name, families))
      .map((name) => `${where}: ${name}`),
  );
}
