import { spawnSync } from 'node:child_process';
import { existsSync, readFileSync, readdirSync } from 'node:fs';
import { join } from 'node:path';
import { beforeAll, describe, expect, it } from 'vitest';
import { REPO_ROOT } from '../../src/tracked-files';
import {
  bffServices,
  healthcheckText,
  mounts,
  resolveCompose,
  type ComposeConfig,
  type ComposeService,
} from '../../src/deploy/compose-config';
import { promtool } from '../../src/deploy/promtool';
import { parseYaml } from '../../src/deploy/yaml';

const PROMETHEUS_DIR = join(REPO_ROOT, 'deploy', 'prometheus');
const read = (path: string) => readFileSync(join(REPO_ROOT, path), 'utf8');

interface ScrapeConfig {
  job_name: string;
  metrics_path?: string;
  static_configs?: { targets: string[] }[];
}
interface AlertTest {
  alertname: string;
  exp_alerts?: unknown[] | null;
}

function service(config: ComposeConfig, name: string): ComposeService {
  const found = config.services[name];
  if (found === undefined) throw new Error(`no service ${name} in docker-compose.yml`);
  return found;
}

/** The alert names of every rules file Prometheus loads. */
function alertNames(): string[] {
  return readdirSync(join(PROMETHEUS_DIR, 'rules'))
    .filter((file) => file.endsWith('.yml'))
    .flatMap((file) => {
      const rules = parseYaml(read(`deploy/prometheus/rules/${file}`)) as {
        groups: { rules: { alert?: string }[] }[];
      };
      return rules.groups.flatMap((group) => group.rules.flatMap((rule) => rule.alert ?? []));
    });
}

describe('the monitoring profile, resolved by docker-compose config --profile monitoring', () => {
  let config: ComposeConfig;
  beforeAll(() => {
    const envText = read('.env.example').replace(
      /^GRAFANA_ADMIN_PASSWORD=.*$/m,
      'GRAFANA_ADMIN_PASSWORD=grafana-secret-from-env',
    );
    config = resolveCompose(envText, ['monitoring']);
  }, 240_000);

  it('adds Prometheus and Grafana under that profile only, each an exact release', () => {
    const prometheus = service(config, 'prometheus');
    const grafana = service(config, 'grafana');
    expect(prometheus.profiles).toEqual(['monitoring']);
    expect(grafana.profiles).toEqual(['monitoring']);
    expect(prometheus.image).toMatch(/^prom\/prometheus:v\d+\.\d+\.\d+$/);
    expect(grafana.image).toMatch(/^grafana\/grafana:\d+\.\d+\.\d+$/);
    expect(healthcheckText(prometheus)).toContain('/-/ready');
    expect(healthcheckText(grafana)).toContain('/api/health');
    expect(grafana.depends_on).toEqual({ prometheus: { condition: 'service_healthy' } });
  });

  it('publishes both on the host loopback only', () => {
    for (const name of ['prometheus', 'grafana']) {
      const ports = service(config, name).ports ?? [];
      expect(ports.length, name).toBe(1);
      // docker-compose 1.29 prints the short form, `host_ip:published:target/protocol`.
      for (const port of ports)
        expect(typeof port === 'string' ? port : JSON.stringify(port), name).toMatch(
          /^127\.0\.0\.1:\d+:\d+/,
        );
    }
  });

  it('mounts the config, the rules and the provisioning read-only from deploy/, and they exist', () => {
    const expected = [
      ['prometheus', '/etc/prometheus', 'deploy/prometheus/prometheus.yml'],
      ['grafana', '/etc/grafana/provisioning', 'deploy/grafana/provisioning/datasources'],
      ['grafana', '/etc/grafana/dashboards', 'deploy/grafana/dashboards/fbt-presale.json'],
    ] as const;
    for (const [name, target, file] of expected) {
      const mount = mounts(service(config, name)).find((each) => each.target === target);
      expect(mount?.readOnly, `${name} ${target}`).toBe(true);
      const source = mount?.source.replace(/^.*?\/deploy\//, 'deploy/') ?? '';
      expect(file.startsWith(source), `${name} ${target} from ${source}`).toBe(true);
      expect(existsSync(join(REPO_ROOT, file)), file).toBe(true);
    }
    expect(Object.keys(config.volumes ?? {})).toEqual(
      expect.arrayContaining(['prometheus-data', 'grafana-data']),
    );
    // The home dashboard Grafana opens is the provisioned one.
    const home = service(config, 'grafana').environment?.GF_DASHBOARDS_DEFAULT_HOME_DASHBOARD_PATH;
    expect(home).toBe('/etc/grafana/dashboards/fbt-presale.json');
  });

  it("takes Grafana's admin from .env and refuses to start without a real password", () => {
    const grafana = service(config, 'grafana');
    expect(grafana.environment?.GF_SECURITY_ADMIN_USER).toBe('admin');
    expect(grafana.environment?.GF_SECURITY_ADMIN_PASSWORD).toBe('grafana-secret-from-env');
    expect(grafana.environment?.GF_AUTH_ANONYMOUS_ENABLED).toBe('false');
    expect(grafana.environment?.GF_USERS_ALLOW_SIGN_UP).toBe('false');
    // The guard the container runs before Grafana's own /run.sh, run here with sh.
    const entrypoint = (grafana as { entrypoint?: string[] }).entrypoint ?? [];
    expect(entrypoint.slice(0, 2)).toEqual(['sh', '-c']);
    const script = (entrypoint[2] ?? '').replaceAll('$$', '$');
    expect(script).toMatch(/exec \/run\.sh$/);
    const start = (password: string) =>
      spawnSync('sh', ['-c', script.replace(/exec \/run\.sh$/, 'echo started')], {
        env: { PATH: process.env.PATH ?? '', GF_SECURITY_ADMIN_PASSWORD: password },
        encoding: 'utf8',
      });
    for (const refused of ['', 'change-me-grafana-password']) {
      const run = start(refused);
      expect(run.status, refused).toBe(2);
      expect(run.stderr).toContain('set GRAFANA_ADMIN_PASSWORD in .env');
      expect(run.stdout).toBe('');
    }
    expect(start('grafana-secret-from-env').stdout).toBe('started\n');
  });

  it('scrapes every BFF replica of the compose file on the port its metrics server listens on', () => {
    const prometheus = parseYaml(read('deploy/prometheus/prometheus.yml')) as {
      scrape_configs: ScrapeConfig[];
    };
    const job = prometheus.scrape_configs.find((each) => each.job_name === 'fbt-bff');
    expect(job?.metrics_path).toBe('/metrics');
    const targets = (job?.static_configs ?? []).flatMap((each) => each.targets).sort();
    const replicas = bffServices(config)
      .map(([name, bff]) => `${name}:${bff.environment?.METRICS_PORT ?? ''}`)
      .sort();
    expect(replicas.length).toBeGreaterThanOrEqual(2);
    expect(targets).toEqual(replicas);
    for (const [, bff] of bffServices(config))
      expect(bff.environment?.METRICS_HOST).toBe('0.0.0.0');
  });

  it("gives Grafana the profile's Prometheus as its datasource, and the dashboards as mounted", () => {
    const sources = parseYaml(read('deploy/grafana/provisioning/datasources/prometheus.yml')) as {
      datasources: { uid: string; type: string; url: string; isDefault?: boolean }[];
    };
    expect(sources.datasources).toEqual([
      expect.objectContaining({
        uid: 'fbt-prometheus',
        type: 'prometheus',
        url: 'http://prometheus:9090',
        isDefault: true,
      }),
    ]);
    expect(service(config, 'prometheus').ports?.map(String)[0]).toMatch(/:9090(\/tcp)?$/);
    const providers = parseYaml(read('deploy/grafana/provisioning/dashboards/fbt-presale.yml')) as {
      providers: { type: string; options: { path: string } }[];
    };
    expect(providers.providers.map((each) => [each.type, each.options.path])).toEqual([
      ['file', '/etc/grafana/dashboards'],
    ]);
  });
});

describe("Prometheus's config and alert rules, checked by promtool", () => {
  it('promtool check config accepts the config and the rule files it loads', () => {
    const check = promtool(['check', 'config', 'prometheus.yml'], PROMETHEUS_DIR);
    expect(check.output).toContain('SUCCESS');
    expect(check.status, check.output).toBe(0);
    expect(check.output).toMatch(/rules\/fbt-bff\.yml/);
  });

  it('promtool check rules accepts every rules file', () => {
    const files = readdirSync(join(PROMETHEUS_DIR, 'rules')).map((file) => `rules/${file}`);
    expect(files.length).toBeGreaterThan(0);
    const check = promtool(['check', 'rules', ...files], PROMETHEUS_DIR);
    expect(check.status, check.output).toBe(0);
  });

  it('promtool test rules: each alert fires on series that should fire it and stays silent otherwise', () => {
    const tests = readdirSync(join(PROMETHEUS_DIR, 'tests')).map((file) => `tests/${file}`);
    const run = promtool(['test', 'rules', ...tests], PROMETHEUS_DIR);
    expect(run.status, run.output).toBe(0);
    expect(run.output).toContain('SUCCESS');
    // Every alert has both kinds of case.
    const cases = tests.flatMap((file) => {
      const suite = parseYaml(read(`deploy/prometheus/${file}`)) as {
        tests: { alert_rule_test?: AlertTest[] }[];
      };
      return suite.tests.flatMap((each) => each.alert_rule_test ?? []);
    });
    const alerts = alertNames();
    expect(alerts.length).toBeGreaterThanOrEqual(6);
    for (const alert of alerts) {
      const mine = cases.filter((each) => each.alertname === alert);
      expect(
        mine.some((each) => (each.exp_alerts ?? []).length > 0),
        `${alert} fires`,
      ).toBe(true);
      expect(
        mine.some((each) => (each.exp_alerts ?? []).length === 0),
        `${alert} stays silent`,
      ).toBe(true);
    }
  });
});
