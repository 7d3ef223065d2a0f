import { readFileSync } from 'node:fs';
import { join } from 'node:path';
import { describe, expect, it } from 'vitest';
import { REPO_ROOT } from '../../src/tracked-files';

const read = (path: string) => readFileSync(join(REPO_ROOT, path), 'utf8');

/** The keys of `envSchema` in apps/bff/src/config.ts: every variable the BFF reads. */
function configKeys(): string[] {
  const source = read('apps/bff/src/config.ts');
  const start = source.indexOf('const envSchema = z.object({');
  const end = source.indexOf('\n});', start);
  if (start < 0 || end < 0) throw new Error('envSchema not found in apps/bff/src/config.ts');
  return [...source.slice(start, end).matchAll(/^ {2}([A-Z][A-Z0-9_]*):/gm)].map(
    (match) => match[1] ?? '',
  );
}

/** The `VARIABLE` names in the first column of the tables of one part of a markdown file. */
function documented(markdown: string, heading: string): Set<string> {
  const start = markdown.indexOf(`\n${heading}\n`);
  if (start < 0) throw new Error(`heading ${heading} not found`);
  const level = heading.split(' ')[0] ?? '##';
  const rest = markdown.slice(start + heading.length + 2);
  const next = rest.search(new RegExp(`^#{1,${level.length}} `, 'm'));
  const section = next < 0 ? rest : rest.slice(0, next);
  const names = new Set<string>();
  for (const line of section.split('\n')) {
    const firstCell = /^\|([^|]*)\|/.exec(line)?.[1] ?? '';
    for (const match of firstCell.matchAll(/`([A-Z][A-Z0-9_]*)`/g)) names.add(match[1] ?? '');
  }
  return names;
}

/** Variables docker-compose.yml reads for itself, not for the BFF. */
const COMPOSE_ONLY = [
  'SITE_ADDRESS',
  'HTTP_PORT',
  'HTTPS_PORT',
  'FBT_IMAGE_TAG',
  'POSTGRES_USER',
  'POSTGRES_PASSWORD',
  'POSTGRES_DB',
  'REDIS_PASSWORD',
  'GRAFANA_ADMIN_USER',
  'GRAFANA_ADMIN_PASSWORD',
  'GRAFANA_PORT',
  'PROMETHEUS_PORT',
];

describe('every BFF variable is documented', () => {
  const keys = configKeys();

  it('finds the schema', () => {
    expect(keys.length).toBeGreaterThan(30);
    expect(keys).toContain('STREAM_MAX_CLIENTS_PER_IP');
  });

  it('in the configuration table of the README (Operations)', () => {
    const table = documented(read('README.md'), '### Configuration');
    expect(keys.filter((key) => !table.has(key))).toEqual([]);
    expect([...table].filter((name) => !keys.includes(name))).toEqual([]);
  });

  it("in the BFF's environment table (apps/bff/README.md)", () => {
    const table = documented(read('apps/bff/README.md'), '## Environment');
    expect(keys.filter((key) => !table.has(key))).toEqual([]);
    expect([...table].filter((name) => !keys.includes(name))).toEqual([]);
  });

  it('.env.example names only BFF variables and the compose file’s own', () => {
    const text = read('.env.example');
    const named = [...text.matchAll(/^#? ?([A-Z][A-Z0-9_]*)=/gm)].map((match) => match[1] ?? '');
    expect(named.length).toBeGreaterThan(10);
    expect(named.filter((name) => !keys.includes(name) && !COMPOSE_ONLY.includes(name))).toEqual(
      [],
    );
    const readme = read('README.md');
    for (const name of COMPOSE_ONLY) expect(readme).toContain(`\`${name}\``);
  });
});
