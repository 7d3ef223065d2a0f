import { readFileSync } from 'node:fs';
import { join } from 'node:path';
import { beforeAll, describe, expect, it } from 'vitest';
import { loadConfig } from '../../../../apps/bff/src/config';
import { REPO_ROOT } from '../../src/tracked-files';
import {
  bffServices,
  healthcheckText,
  mounts,
  resolveCompose,
  uncommentAssignments,
  type ComposeConfig,
  type ComposeService,
} from '../../src/deploy/compose-config';

const ENV_EXAMPLE = readFileSync(join(REPO_ROOT, '.env.example'), 'utf8');
/** What .env.example tells a demo to uncomment for the localchain profile. */
const LOCALCHAIN_KEYS = [
  'DEPLOYMENT_FILE',
  'SOLANA_RPC_URL',
  'SOLANA_WS_URL',
  'CLUSTER',
  'PYTH_HERMES_URL',
];

function env(service: ComposeService): Record<string, string> {
  return Object.fromEntries(
    Object.entries(service.environment ?? {}).map(([key, value]) => [key, value ?? '']),
  );
}

function service(config: ComposeConfig, name: string): ComposeService {
  const found = config.services[name];
  if (found === undefined) throw new Error(`no service ${name} in docker-compose.yml`);
  return found;
}

describe('docker-compose.yml, resolved by docker-compose config with .env.example as .env', () => {
  let config: ComposeConfig;
  let demo: ComposeConfig;
  beforeAll(() => {
    // Distinct secrets, so each can be traced to where the file sends it.
    const envText = ENV_EXAMPLE.replace(
      /^POSTGRES_PASSWORD=.*$/m,
      'POSTGRES_PASSWORD=pg-secret-from-env',
    )
      .replace(/^REDIS_PASSWORD=.*$/m, 'REDIS_PASSWORD=redis-secret-from-env')
      .replace(/^PYTH_API_KEY=.*$/m, 'PYTH_API_KEY=pyth-key-from-env')
      .replace(/^SITE_ADDRESS=.*$/m, 'SITE_ADDRESS=https://presale.example.com');
    config = resolveCompose(envText);
    demo = resolveCompose(uncommentAssignments(ENV_EXAMPLE, LOCALCHAIN_KEYS), ['localchain']);
  }, 240_000);

  it('runs at least two BFF replicas on PostgreSQL and Redis behind a trusted proxy', () => {
    const replicas = bffServices(config);
    expect(replicas.length).toBeGreaterThanOrEqual(2);
    for (const [, bff] of replicas) {
      const vars = env(bff);
      expect(vars.DATABASE_URL).toBe('postgres://fbt:pg-secret-from-env@postgres:5432/fbt');
      expect(vars.REDIS_URL).toBe('redis://:redis-secret-from-env@redis:6379');
      expect(vars.TRUST_PROXY).toBe('true');
      expect(vars.HOST).toBe('0.0.0.0');
      // The Blinks' links come from the address Caddy serves, never from a request's Host.
      expect(vars.NODE_ENV).toBe('production');
      expect(vars.PUBLIC_SITE_URL).toBe('https://presale.example.com');
      expect(vars.DATABASE_PATH).toBeUndefined();
      // env_file: the rest of .env reaches the BFF.
      expect(vars.PYTH_API_KEY).toBe('pyth-key-from-env');
      expect(bff.depends_on).toEqual({
        postgres: { condition: 'service_healthy' },
        redis: { condition: 'service_healthy' },
      });
      expect(healthcheckText(bff)).toContain('/healthz');
      expect(bff.ports ?? []).toEqual([]);
    }
    const ids = replicas.map(([, bff]) => env(bff).INSTANCE_ID);
    expect(new Set(ids).size).toBe(replicas.length);
  });

  it('gives every BFF replica an environment the BFF itself accepts', () => {
    for (const [name, bff] of [...bffServices(config), ...bffServices(demo)]) {
      expect(() => loadConfig(env(bff)), name).not.toThrow();
    }
    const demoConfig = loadConfig(env(bffServices(demo)[0]?.[1] ?? {}));
    expect(demoConfig.DEPLOYMENT_FILE).toBe('/localchain/deployment.json');
    expect(demoConfig.SOLANA_RPC_URL).toBe('http://localchain:8899');
    expect(demoConfig.CLUSTER).toBe('localnet');
    expect(demoConfig.PUBLIC_SITE_URL).toBe('http://localhost');
  });

  it('keeps the ledger in a named volume and checks PostgreSQL and Redis health', () => {
    const postgres = service(config, 'postgres');
    expect(healthcheckText(postgres)).toContain('pg_isready');
    expect(env(postgres).POSTGRES_PASSWORD).toBe('pg-secret-from-env');
    expect(mounts(postgres)).toContainEqual({
      source: 'postgres-data',
      target: '/var/lib/postgresql/data',
      readOnly: false,
    });
    expect(Object.keys(config.volumes ?? {})).toContain('postgres-data');
    const redis = service(config, 'redis');
    expect(healthcheckText(redis)).toMatch(/redis-cli.*ping/);
    expect(redis.command).toContain('redis-secret-from-env');
    expect(redis.ports ?? []).toEqual([]);
  });

  it('publishes the site through the proxy only, balanced over every replica', () => {
    const caddy = service(config, 'caddy');
    const published = (caddy.ports ?? []).map((port) =>
      typeof port === 'string' ? port : `${port.published}:${port.target}`,
    );
    expect(published).toEqual(expect.arrayContaining(['80:80', '443:443']));
    expect(env(caddy).SITE_ADDRESS).toBe('https://presale.example.com');
    const upstreams = (env(caddy).BFF_UPSTREAMS ?? '').split(/\s+/);
    const replicas = bffServices(config).map(([name]) => name);
    expect(upstreams.sort()).toEqual(replicas.map((name) => `${name}:8080`).sort());
    for (const name of replicas)
      expect(caddy.depends_on?.[name]).toEqual({ condition: 'service_healthy' });
    const caddyfile = mounts(caddy).find((mount) => mount.target === '/etc/caddy/Caddyfile');
    expect(caddyfile?.source).toMatch(/\/deploy\/Caddyfile$/);
    expect(caddyfile?.readOnly).toBe(true);
  });

  it('pins Caddy to an exact release that parses deploy/Caddyfile', () => {
    const image = service(config, 'caddy').image ?? '';
    const version = /^caddy:(\d+)\.(\d+)\.(\d+)$/.exec(image)?.slice(1).map(Number);
    expect(version, `caddy image ${image}: no floating tag`).toBeDefined();
    const [major = 0, minor = 0, patch = 0] = version ?? [];
    const atLeast = (a: number, b: number, c: number) =>
      major !== a ? major > a : minor !== b ? minor > b : patch >= c;
    expect(major, image).toBe(2);
    // reverse_proxy's stream_close_delay came with 2.7.0, the header directive's `match` with 2.9.1.
    expect(atLeast(2, 9, 1), image).toBe(true);
    const caddyfile = readFileSync(join(REPO_ROOT, 'deploy', 'Caddyfile'), 'utf8');
    expect(caddyfile).toMatch(/^\s*stream_close_delay /m);
    expect(caddyfile).toMatch(/^\s*match status /m);
  });

  it('adds a seeded local chain only under the localchain profile', () => {
    for (const name of ['localchain', 'localchain-seed']) {
      expect(service(config, name).profiles).toEqual(['localchain']);
      expect(service(demo, name).profiles).toEqual(['localchain']);
    }
    // (Prometheus and Grafana have a profile of their own: test/deploy/monitoring.test.ts.)
    const others = Object.entries(config.services).filter(
      ([name]) => !name.startsWith('localchain') && !['prometheus', 'grafana'].includes(name),
    );
    for (const [, other] of others) expect(other.profiles).toBeUndefined();
    const chain = service(demo, 'localchain');
    expect(chain.build?.target).toBe('localchain');
    expect(chain.ports ?? []).toEqual([]);
    expect(healthcheckText(chain)).toContain('/health');
    const seed = service(demo, 'localchain-seed');
    expect(seed.network_mode).toBe('service:localchain');
    expect(seed.depends_on).toEqual({ localchain: { condition: 'service_healthy' } });
    expect(seed.command).toEqual(expect.arrayContaining(['seed-local', '/localchain']));
    // The seeding writes the deployment file where the demo's BFFs read it.
    const shared = (of: ComposeService) =>
      mounts(of).filter((mount) => mount.source === 'localchain-config');
    expect(shared(seed)).toEqual([
      { source: 'localchain-config', target: '/localchain', readOnly: false },
    ]);
    for (const [, bff] of bffServices(demo))
      expect(shared(bff)).toEqual([
        { source: 'localchain-config', target: '/localchain', readOnly: true },
      ]);
  });
});
