// `npm install` (the root's postinstall, which npm runs after every dependency is in place) puts
// the project's Node first for every npm script, then builds the SQLite addon once, for it.
//  - When the Node running npm is another version than `.nvmrc` names (this machine's Node 20,
//    say), the project's Node is fetched once (lts.mjs, integrity checked) and linked as
//    node_modules/.bin/node, which npm puts first on PATH for every script it runs: `npm start`,
//    `npm test`, the workspaces' scripts, npx. When npm already runs on that Node, no link is
//    needed (and a stale one is removed).
//  - better-sqlite3's own install script is not run (`allowScripts` in package.json): npm would
//    run it before this script, under the Node running npm, and build for that Node. Here
//    node-gyp (npm's own) builds it under the project's Node with `--nodedir` at that Node's
//    headers, once: when the installed addon already opens a database under that Node, nothing
//    is built. A nodedir or target from the user's npm config would build for another Node, so
//    those settings are not passed on.
// Idempotent: a second run changes nothing and says so in one line.
import { execFileSync, spawnSync } from 'node:child_process';
import {
  closeSync,
  existsSync,
  lstatSync,
  mkdirSync,
  openSync,
  readFileSync,
  readlinkSync,
  renameSync,
  rmSync,
  symlinkSync,
} from 'node:fs';
import { createRequire } from 'node:module';
import { availableParallelism } from 'node:os';
import { dirname, join, relative, resolve } from 'node:path';
import {
  BIN_LINK,
  CACHE_ROOT,
  REPO_ROOT,
  ensureFetched,
  fail,
  hasHeaders,
  ltsVersion,
  pinnedIntegrity,
  prefixOf,
  say,
  versionOf,
} from './lts.mjs';

/** Where node_modules/.bin/node points, or null when it is not a symbolic link. */
function linkTarget() {
  try {
    return lstatSync(BIN_LINK).isSymbolicLink()
      ? resolve(dirname(BIN_LINK), readlinkSync(BIN_LINK))
      : null;
  } catch {
    return null;
  }
}

/** Points node_modules/.bin/node at `binary` (a relative link, replaced in one rename). */
function linkNode(binary) {
  if (linkTarget() === binary) return;
  mkdirSync(dirname(BIN_LINK), { recursive: true });
  const temp = `${BIN_LINK}.tmp-${process.pid}`;
  rmSync(temp, { force: true });
  symlinkSync(relative(dirname(BIN_LINK), binary), temp);
  renameSync(temp, BIN_LINK);
}

/** Removes node_modules/.bin/node when it is a link this script made. */
function unlinkFetched() {
  const target = linkTarget();
  if (target !== null && !relative(CACHE_ROOT, target).startsWith('..')) rmSync(BIN_LINK);
}

/** better-sqlite3 resolves from the workspace that depends on it. */
const ADAPTERS = join(REPO_ROOT, 'packages', 'adapters');
const SQLITE_PROBE =
  "const D = require('better-sqlite3'); new D(':memory:').prepare('select 1 as one').get();";

/** The installed better-sqlite3's directory, or null (a partial install may leave it out). */
function sqliteDir() {
  try {
    const manifest = createRequire(join(ADAPTERS, 'package.json')).resolve(
      'better-sqlite3/package.json',
    );
    return dirname(manifest);
  } catch {
    return null;
  }
}

const opensSqlite = (binary) =>
  spawnSync(binary, ['-e', SQLITE_PROBE], { cwd: ADAPTERS, stdio: 'ignore' }).status === 0;

/** The node-gyp that ships with the npm running this script, else with the npm on PATH. */
function npmNodeGyp() {
  const candidates = [];
  const cli = process.env.npm_execpath ?? '';
  if (cli !== '') candidates.push(join(dirname(cli), '..', 'node_modules', 'node-gyp'));
  try {
    const globalRoot = execFileSync('npm', ['root', '-g'], { encoding: 'utf8' }).trim();
    candidates.push(join(globalRoot, 'npm', 'node_modules', 'node-gyp'));
  } catch {
    // no npm on PATH: npm_execpath is the only lead
  }
  const found = candidates
    .map((dir) => join(dir, 'bin', 'node-gyp.js'))
    .find((file) => existsSync(file));
  if (found === undefined)
    fail(`npm's node-gyp not found (looked in ${candidates.join(', ') || 'npm_execpath'})`);
  return found;
}

/**
 * The headers to build against: beside the binary (official builds and images ship them), else
 * the fetched package's, else null (node-gyp then finds its own).
 */
function headersFor(binary, version) {
  if (hasHeaders(prefixOf(binary))) return prefixOf(binary);
  return pinnedIntegrity(version) === null ? null : ensureFetched(version).prefix;
}

/** Builds better-sqlite3 for `binary` unless its addon already opens a database there. */
function ensureSqlite(binary, version) {
  const dir = sqliteDir();
  if (dir === null) return 'not installed';
  if (opensSqlite(binary)) return 'built before';
  const { version: sqliteVersion } = JSON.parse(readFileSync(join(dir, 'package.json'), 'utf8'));
  const nodedir = headersFor(binary, version);
  mkdirSync(CACHE_ROOT, { recursive: true });
  const log = join(CACHE_ROOT, 'build-better-sqlite3.log');
  say(
    `building better-sqlite3 ${sqliteVersion} for Node ${version} (log: ${relative(REPO_ROOT, log)})`,
  );
  const started = performance.now();
  const jobs = String(Math.max(1, Math.min(2, availableParallelism())));
  const args = [npmNodeGyp(), 'rebuild', '--release', '-j', jobs];
  if (nodedir !== null) args.push(`--nodedir=${nodedir}`);
  const env = Object.fromEntries(
    Object.entries(process.env).filter(
      ([key]) => !/^npm_config_(nodedir|target|runtime|dist_?url)$/i.test(key),
    ),
  );
  const fd = openSync(log, 'w');
  const build = spawnSync(binary, args, { cwd: dir, env, stdio: ['ignore', fd, fd] });
  closeSync(fd);
  if (build.status !== 0 || !opensSqlite(binary)) {
    const tail = readFileSync(log, 'utf8').split('\n').slice(-30).join('\n');
    fail(`better-sqlite3 does not open a database under Node ${version}; ${log}:\n${tail}`);
  }
  return `built in ${((performance.now() - started) / 1000).toFixed(0)} s`;
}

const version = ltsVersion();
const npmNode = process.env.npm_node_execpath || process.execPath;
const machineVersion = versionOf(npmNode);
let binary = npmNode;
let where = `Node ${version}, the Node running npm`;
if (machineVersion === version) {
  unlinkFetched();
} else {
  const lts = ensureFetched(version);
  binary = lts.binary;
  linkNode(binary);
  where =
    `node_modules/.bin/node, Node ${version} ${lts.fetched ? 'fetched now' : 'fetched before'} ` +
    `from the npm registry (checked against scripts/node-lts/pins.json); this machine's Node is v${machineVersion}`;
}
const sqlite = ensureSqlite(binary, version);
say(`npm scripts run ${where}; better-sqlite3 ${sqlite}.`);
