import { spawnSync } from 'node:child_process';
import { copyFileSync, mkdirSync, mkdtempSync, rmSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { REPO_ROOT } from '../tracked-files';
import { parseYaml } from './yaml';

/** Debian's docker-compose (1.29, Python): validates and resolves the file without an engine. */
export const DOCKER_COMPOSE = '/usr/bin/docker-compose';

/** One service of the resolved compose file (the parts the checks read). */
export interface ComposeService {
  image?: string;
  build?: { context: string; target?: string };
  profiles?: string[];
  environment?: Record<string, string | null>;
  ports?: (string | { target: number; published: number | string; protocol?: string })[];
  volumes?: (string | { type: string; source?: string; target: string; read_only?: boolean })[];
  healthcheck?: { test: string[] | string };
  depends_on?: Record<string, { condition: string }>;
  network_mode?: string;
  command?: string[] | string;
}

export interface ComposeConfig {
  services: Record<string, ComposeService>;
  volumes?: Record<string, unknown>;
}

/** Fails with the command that installs what is missing. */
export function requireDockerCompose(): void {
  if (spawnSync(DOCKER_COMPOSE, ['version'], { stdio: 'ignore' }).status !== 0) {
    throw new Error(
      `${DOCKER_COMPOSE} is missing: apt-get install -y docker-compose (or bash scripts/install-system-deps.sh)`,
    );
  }
}

/**
 * `docker-compose config` on a temporary copy of the compose file, its Caddyfile and `.env`
 * (the given text), with `profiles` enabled: the file as the engine would run it, variables
 * interpolated and `env_file` merged into each service's environment. docker-compose 1.29
 * prints YAML only; the python3 that runs it has PyYAML, which turns it into JSON.
 */
export function resolveCompose(envText: string, profiles: readonly string[] = []): ComposeConfig {
  requireDockerCompose();
  const dir = mkdtempSync(join(tmpdir(), 'fbt-compose-'));
  try {
    copyFileSync(join(REPO_ROOT, 'docker-compose.yml'), join(dir, 'docker-compose.yml'));
    mkdirSync(join(dir, 'deploy', 'config'), { recursive: true });
    copyFileSync(join(REPO_ROOT, 'deploy', 'Caddyfile'), join(dir, 'deploy', 'Caddyfile'));
    writeFileSync(join(dir, '.env'), envText);
    const args = [...profiles.flatMap((profile) => ['--profile', profile]), 'config'];
    const run = spawnSync(DOCKER_COMPOSE, args, { cwd: dir, encoding: 'utf8' });
    if (run.status !== 0) {
      throw new Error(`docker-compose ${args.join(' ')} failed:\n${run.stderr}${run.stdout}`);
    }
    return parseYaml(run.stdout) as ComposeConfig;
  } finally {
    rmSync(dir, { recursive: true, force: true });
  }
}

/** The text of a healthcheck's test, whichever form it was written in. */
export function healthcheckText(service: ComposeService | undefined): string {
  const test = service?.healthcheck?.test;
  return Array.isArray(test) ? test.join(' ') : (test ?? '');
}

/** The BFF replicas: every service built from the Dockerfile's runtime stage. */
export function bffServices(config: ComposeConfig): [string, ComposeService][] {
  return Object.entries(config.services).filter(
    ([, service]) => service.build?.target === 'runtime',
  );
}

/** A service's mounts, from the short (`source:target[:mode]`) or the long form. */
export function mounts(
  service: ComposeService | undefined,
): { source: string; target: string; readOnly: boolean }[] {
  return (service?.volumes ?? []).map((volume) => {
    if (typeof volume !== 'string')
      return {
        source: volume.source ?? '',
        target: volume.target,
        readOnly: volume.read_only === true,
      };
    const [source = '', target = '', mode = 'rw'] = volume.split(':');
    return { source, target, readOnly: mode.split(',').includes('ro') };
  });
}

/** Uncomments the `# KEY=value` lines of a block of .env.example (the localchain demo's). */
export function uncommentAssignments(text: string, keys: readonly string[]): string {
  return text
    .split('\n')
    .map((line) => {
      const match = /^#\s*([A-Z_]+)=(.*)$/.exec(line);
      if (match === null || !keys.includes(match[1] ?? '')) return line;
      return `${match[1]}=${match[2]}`;
    })
    .join('\n');
}
