import { execFileSync } from 'node:child_process';
import { mkdirSync, mkdtempSync, readFileSync, readdirSync, rmSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { REPO_ROOT } from '../../src/tracked-files';
import {
  startBffProcess,
  writeUnreachableDeployment,
  type BffProcess,
} from '../../src/deploy/bff-process';
import {
  dataPanels,
  panelProblems,
  panelQueries,
  unexportedReads,
  type Dashboard,
  type Query,
} from '../../src/deploy/dashboard';
import { metricFamiliesOf, metricNamesOf, type MetricFamilies } from '../../src/deploy/promql';
import { promtool } from '../../src/deploy/promtool';
import { parseYaml } from '../../src/deploy/yaml';

const read = (path: string) => readFileSync(join(REPO_ROOT, path), 'utf8');
const dashboard = JSON.parse(read('deploy/grafana/dashboards/fbt-presale.json')) as Dashboard;
const datasource = (
  parseYaml(read('deploy/grafana/provisioning/datasources/prometheus.yml')) as {
    datasources: { uid: string }[];
  }
).datasources[0]?.uid;
/** Series Prometheus makes itself, not the BFF. */
const PROMETHEUS_SERIES = ['up'];

/** Every alert's expression, from every rules file Prometheus loads. */
function alertQueries(): Query[] {
  return readdirSync(join(REPO_ROOT, 'deploy/prometheus/rules')).flatMap((file) => {
    const rules = parseYaml(read(`deploy/prometheus/rules/${file}`)) as {
      groups: { rules: { alert?: string; record?: string; expr: string }[] }[];
    };
    return rules.groups.flatMap((group) =>
      group.rules.map((rule) => ({
        where: `alert ${rule.alert ?? rule.record ?? '?'}`,
        expr: rule.expr,
      })),
    );
  });
}

/** The part of the root README under `### Monitoring (Prometheus and Grafana)`. */
function readmeMonitoring(): string {
  const readme = read('README.md');
  const start = readme.indexOf('\n### Monitoring (Prometheus and Grafana)\n');
  if (start < 0) throw new Error('README.md has no "### Monitoring (Prometheus and Grafana)"');
  const rest = readme.slice(start + 1);
  const end = rest.slice(4).search(/^#{1,3} /m);
  return end < 0 ? rest : rest.slice(0, end + 4);
}

describe('the Grafana dashboard (deploy/grafana/dashboards/fbt-presale.json)', () => {
  it('every panel has a title, a description and the provisioned datasource', () => {
    expect(datasource).toBe('fbt-prometheus');
    expect(dataPanels(dashboard).length).toBeGreaterThanOrEqual(12);
    expect(panelProblems(dashboard, datasource ?? '')).toEqual([]);
    // Panel titles are unique: the README and the alerts name panels by their title.
    const titles = dataPanels(dashboard).map((panel) => panel.title);
    expect(new Set(titles).size).toBe(titles.length);
  });

  it('every panel query and every alert is PromQL promtool accepts', () => {
    const queries = [...panelQueries(dashboard), ...alertQueries()];
    const dir = mkdtempSync(join(tmpdir(), 'fbt-dashboard-'));
    try {
      // Each query as a recording rule: promtool parses each expression and names the bad one.
      const rules = {
        groups: [
          {
            name: 'dashboard-queries',
            rules: queries.map((query, index) => ({ record: `query_${index}`, expr: query.expr })),
          },
        ],
      };
      writeFileSync(join(dir, 'queries.yml'), JSON.stringify(rules));
      const check = promtool(['check', 'rules', 'queries.yml'], dir);
      expect(check.status, check.output).toBe(0);
      expect(check.output).toContain(`SUCCESS: ${queries.length} rules found`);
    } finally {
      rmSync(dir, { recursive: true, force: true });
    }
  });

  it('shows sales, commissions, websockets, caches, upstream errors, traffic, lag and the lease', () => {
    const read = new Set(panelQueries(dashboard).flatMap(({ expr }) => metricNamesOf(expr)));
    for (const metric of [
      'fbt_presale_raised_sol',
      'fbt_presale_buyers',
      'fbt_presale_buys_total',
      'fbt_presale_leader_commission_sol',
      'fbt_ledger_commission_sol',
      'fbt_ws_clients',
      'fbt_cache_age_seconds',
      'fbt_cache_stale',
      'fbt_upstream_failures_total',
      'fbt_http_requests_total',
      'fbt_http_request_duration_seconds_bucket',
      'nodejs_eventloop_lag_p99_seconds',
      'fbt_cluster_lease_holder',
      'fbt_ready',
    ])
      expect(read.has(metric), metric).toBe(true);
  });

  it('the README describes each panel and each alert', () => {
    const section = readmeMonitoring();
    for (const panel of dataPanels(dashboard))
      expect(section, `panel ${panel.title ?? ''}`).toContain(`**${panel.title ?? ''}**`);
    for (const { where } of alertQueries())
      expect(section, where).toContain(`\`${where.replace(/^alert /, '')}\``);
    expect(section).toContain('docker compose --profile monitoring up');
  });
});

describe("every metric the dashboard and the alerts read, against the real BFF's /metrics", () => {
  // The BFF as the image runs it (deploy/build-bff.mjs), with its metrics server on a free port.
  const outfile = `apps/bff/dist/main.metrics-${process.pid}.mjs`;
  const work = mkdtempSync(join(tmpdir(), 'fbt-bff-metrics-'));
  let bff: BffProcess | undefined;
  let families: MetricFamilies = new Map();

  beforeAll(async () => {
    execFileSync(process.execPath, ['deploy/build-bff.mjs', '--outfile', outfile], {
      cwd: REPO_ROOT,
      stdio: 'pipe',
    });
    mkdirSync(join(work, 'site'));
    writeFileSync(join(work, 'site', 'index.html'), '<!doctype html><title>FBT</title>');
    writeUnreachableDeployment(join(work, 'deployment.json'));
    bff = startBffProcess(process.execPath, [join(REPO_ROOT, outfile)], {
      cwd: work,
      env: {
        PATH: process.env.PATH ?? '',
        NODE_ENV: 'production',
        PUBLIC_SITE_URL: 'https://fbt.example',
        HOST: '127.0.0.1',
        PORT: '0',
        METRICS_HOST: '127.0.0.1',
        METRICS_PORT: '0',
        DEPLOYMENT_FILE: join(work, 'deployment.json'),
        CLIENT_DIST: join(work, 'site'),
        DATABASE_PATH: join(work, 'ledger.sqlite'),
        PYTH_HERMES_URL: '',
        LOG_LEVEL: 'info',
      },
    });
    await bff.listening;
    const logged = () => /"url":"(http:\/\/127\.0\.0\.1:\d+\/metrics)"/.exec(bff?.output() ?? '');
    for (let attempt = 0; attempt < 100 && logged() === null; attempt++)
      await new Promise((resolve) => setTimeout(resolve, 100));
    const url = logged()?.[1];
    if (url === undefined) throw new Error(`no metrics server:\n${bff.output()}`);
    const response = await fetch(url);
    expect(response.status).toBe(200);
    families = metricFamiliesOf(await response.text());
  }, 120_000);

  afterAll(() => {
    if (bff !== undefined && bff.child.exitCode === null) bff.child.kill('SIGKILL');
    rmSync(join(REPO_ROOT, outfile), { force: true });
    rmSync(join(REPO_ROOT, `${outfile}.map`), { force: true });
    rmSync(work, { recursive: true, force: true });
  });

  it('every panel query reads only series the BFF exports', () => {
    expect(families.size).toBeGreaterThan(30);
    expect(unexportedReads(panelQueries(dashboard), families, PROMETHEUS_SERIES)).toEqual([]);
  });

  it('every alert reads only series the BFF exports (and Prometheus its own `up`)', () => {
    expect(unexportedReads(alertQueries(), families, PROMETHEUS_SERIES)).toEqual([]);
  });

  it('a metric renamed in the BFF fails the check, naming the panel and the alert', () => {
    const renamed = new Map(families);
    renamed.delete('fbt_ws_clients');
    renamed.delete('fbt_ready');
    renamed.set('fbt_ready_state', 'gauge');
    expect(unexportedReads(panelQueries(dashboard), renamed, PROMETHEUS_SERIES)).toEqual([
      'panel "Websocket clients" A: fbt_ws_clients',
      'panel "Websocket clients" B: fbt_ws_clients',
      'panel "Readiness per replica" A: fbt_ready',
    ]);
    expect(unexportedReads(alertQueries(), renamed, PROMETHEUS_SERIES)).toEqual([
      'alert FbtBffNotReady: fbt_ready',
    ]);
  });
});
