import { readFileSync } from 'node:fs';
import { join } from 'node:path';
import { describe, expect, it } from 'vitest';
import { REPO_ROOT } from '../../src/tracked-files';
import { argsOf, parseDockerfile } from '../../src/deploy/dockerfile';

const read = (path: string) => readFileSync(join(REPO_ROOT, path), 'utf8');
const dockerfile = parseDockerfile(read('Dockerfile'));
const stage = (name: string) => dockerfile.stages.find((candidate) => candidate.name === name);
const runtime = dockerfile.stages.at(-1);

/** Without comments: directives only. */
const caddyfile = read('deploy/Caddyfile')
  .split('\n')
  .map((line) => line.replace(/(^|\s)#.*$/, '').trimEnd())
  .filter((line) => line.trim() !== '')
  .join('\n');

/** The block that opens on the first line matching `opening` (balanced braces). */
function caddyBlock(opening: RegExp): string {
  const lines = caddyfile.split('\n');
  const start = lines.findIndex((line) => opening.test(line));
  if (start < 0) return '';
  let depth = 0;
  const block: string[] = [];
  for (const line of lines.slice(start)) {
    block.push(line);
    // Placeholders ({$ENV}, {scheme}) open and close on one line, so a plain count works.
    depth += (line.match(/\{/g) ?? []).length - (line.match(/\}/g) ?? []).length;
    if (depth <= 0 && block.length > 1) break;
  }
  return block.join('\n');
}

describe('Dockerfile', () => {
  it("builds on the project's one Node: the exact version .nvmrc names", () => {
    const image = dockerfile.globalArgs.NODE_IMAGE ?? '';
    const [, version] =
      /^node:(\d+\.\d+\.\d+)-bookworm-slim(@sha256:[0-9a-f]{64})?$/.exec(image) ?? [];
    expect(version, `ARG NODE_IMAGE=${image}`).toBe(read('.nvmrc').trim());
  });

  it('is multi-stage: every stage starts from the LTS image or an earlier stage', () => {
    expect(dockerfile.stages.length).toBeGreaterThanOrEqual(3);
    const seen: string[] = [];
    for (const { from, name } of dockerfile.stages) {
      expect(['${NODE_IMAGE}', ...seen]).toContain(from);
      if (name !== null) seen.push(name);
    }
    expect(runtime?.name).toBe('runtime');
    expect(runtime?.from).toBe('${NODE_IMAGE}');
  });

  it('compiles in the build stage: npm ci, the SQLite addon from source, the site, the BFF', () => {
    const build = stage('build');
    const runs = argsOf(build, 'RUN').join('\n');
    expect(runs).toMatch(/apt-get install[^\n]*\bg\+\+/);
    expect(runs).toMatch(/^npm ci$/m);
    expect(argsOf(build, 'ENV').join(' ')).toContain('npm_config_build_from_source=true');
    expect(runs).toContain('npm run build -w @fbt/client');
    expect(runs).toContain('node deploy/build-bff.mjs');
  });

  it("lays out the runtime node_modules with what the BFF loads, not every workspace's dependencies", () => {
    const prodDeps = stage('prod-deps');
    expect(prodDeps?.from).toBe('build');
    const runs = argsOf(prodDeps, 'RUN').join('\n');
    expect(runs).toBe('node deploy/runtime-deps.mjs --out /runtime');
    // `npm prune --omit=dev` keeps the production dependencies of every workspace (the site's,
    // the local chain's, the operator's): never the image's tree again.
    for (const { instructions } of dockerfile.stages)
      for (const { args } of instructions) expect(args).not.toMatch(/npm prune/);
  });

  it('runs the compiled BFF as a non-root user, with no toolchain, dev dependency or source', () => {
    const users = argsOf(runtime, 'USER');
    expect(users.length).toBeGreaterThan(0);
    expect(['root', '0', '0:0']).not.toContain(users.at(-1));
    const runs = argsOf(runtime, 'RUN').join('\n');
    expect(runs).not.toMatch(/apt-get|npm |g\+\+|gcc|clang|make|python|node-gyp/);
    const copies = argsOf(runtime, 'COPY');
    for (const copy of copies) expect(copy).toMatch(/--from=(build|prod-deps)\b/);
    const copied = copies.map((copy) => copy.replace(/--\S+\s+/g, '').split(/\s+/)[0]);
    expect(copied.sort()).toEqual(
      ['/app/apps/bff/dist', '/app/apps/client/dist', '/runtime/node_modules'].sort(),
    );
    const modules = copies.find((copy) => copy.includes('/runtime/node_modules'));
    expect(modules).toContain('--from=prod-deps');
    expect(modules).toMatch(/ \.\/node_modules$/);
    const outfile = /outfile: \{ type: 'string', default: '([^']+)' \}/.exec(
      read('deploy/build-bff.mjs'),
    )?.[1];
    expect(outfile).toBe('apps/bff/dist/main.mjs');
    expect(argsOf(runtime, 'CMD').join(' ')).toContain(`"${outfile}"`);
  });

  it('exposes the site port and checks /healthz with node (no curl in slim images)', () => {
    const env = argsOf(runtime, 'ENV').join(' ');
    const port = /\bPORT=(\d+)/.exec(env)?.[1];
    expect(port).toBe('8080');
    expect(argsOf(runtime, 'EXPOSE')).toEqual([port]);
    const [healthcheck = ''] = argsOf(runtime, 'HEALTHCHECK');
    expect(healthcheck).toMatch(/CMD \["node", "-e", .*fetch\(.*\/healthz/);
    expect(healthcheck).not.toMatch(/curl|wget/);
    expect(env).toContain('NODE_ENV=production');
    expect(env).toContain('HOST=0.0.0.0');
    expect(env).not.toContain('DATABASE_PATH');
  });

  it('gets a build context without local state: node_modules, .env, builds, data, .git', () => {
    const ignored = read('.dockerignore')
      .split('\n')
      .filter((line) => line !== '' && !line.startsWith('#'));
    for (const entry of ['.git', '**/node_modules', '**/dist', 'data', '.env', 'deploy/config'])
      expect(ignored).toContain(entry);
    expect(ignored).toContain('!programs/presale/dist');
    expect(ignored).toContain('!.env.example');
  });
});

describe('deploy/Caddyfile', () => {
  it('upgrades the live stream to a websocket on any replica', () => {
    const matcher = caddyBlock(/^\s*@stream \{/);
    expect(matcher).toContain('path /api/v1/stream');
    expect(matcher).toContain('header Connection *Upgrade*');
    expect(matcher).toContain('header Upgrade websocket');
    const handler = caddyBlock(/^\s*handle @stream \{/);
    expect(handler).toContain('reverse_proxy {$BFF_UPSTREAMS}');
    expect(handler).toContain('flush_interval -1');
  });

  it('forwards the client address, scheme and host, and trusts no X-Forwarded-For from outside', () => {
    const upstream = caddyBlock(/^\(bff_upstreams\) \{/);
    expect(upstream).toContain('header_up X-Forwarded-Proto {scheme}');
    expect(upstream).toContain('header_up X-Forwarded-Host {host}');
    expect(upstream).toContain('header_up X-Real-IP {remote_host}');
    expect(caddyfile).not.toContain('trusted_proxies');
    expect(caddyfile.match(/import bff_upstreams/g)?.length).toBe(2);
  });

  it('balances over the replicas with active /healthz checks', () => {
    const upstream = caddyBlock(/^\(bff_upstreams\) \{/);
    expect(upstream).toContain('lb_policy round_robin');
    expect(upstream).toContain('health_uri /healthz');
    expect(upstream).toMatch(/health_interval \d+s/);
    expect(upstream).toMatch(/fail_duration \d+s/);
  });

  it('marks hashed assets immutable for a year and compresses what arrives unencoded', () => {
    const assets = caddyBlock(/^\s*header \/assets\/\* \{/);
    expect(assets).toContain('>Cache-Control "public, max-age=31536000, immutable"');
    expect(assets).toContain('match status 2xx 304');
    expect(caddyfile).toMatch(/^\s*encode zstd gzip \{/m);
    expect(caddyBlock(/^\s*encode /)).toContain('minimum_length 1024');
  });
});
