// Lays out the container image's node_modules: the packages the compiled BFF loads and nothing
// else. The BFF (apps/bff/dist/main.mjs, deploy/build-bff.mjs) has the workspace packages it
// imports (@fbt/*) compiled in; what it still loads from node_modules is the production
// `dependencies` of @fbt/bff and of those workspace packages (followed through their own @fbt/*
// dependencies), and everything these depend on. This script finds that closure in the tree
// `npm ci` installed, resolving each name the way Node does, and copies it to <out>/node_modules
// with a generated <out>/package.json naming the top-level packages at their installed versions.
//
// It replaces `npm prune --omit=dev`, which keeps the production dependencies of every workspace
// (the site's React and wallet adapters with react-native and metro, the local chain's litesvm,
// the operator's and the program build's packages, vite and rolldown). A native addon
// (better-sqlite3) is copied as it was built in the tree, without its C/C++ sources and build
// intermediates: Node loads its `.node` file and its JavaScript, nothing else.
//
//   node deploy/runtime-deps.mjs --out /runtime        # the Dockerfile's prod-deps stage
//   node deploy/runtime-deps.mjs --out /tmp/fbt-runtime && du -sh /tmp/fbt-runtime/node_modules
import {
  cpSync,
  existsSync,
  lstatSync,
  mkdirSync,
  readFileSync,
  readdirSync,
  realpathSync,
  rmSync,
  writeFileSync,
} from 'node:fs';
import { basename, dirname, join, relative, sep } from 'node:path';
import { fileURLToPath } from 'node:url';
import { parseArgs } from 'node:util';

const REPO_ROOT = fileURLToPath(new URL('../', import.meta.url));
/** The workspace whose compiled bundle the image runs. */
const BFF_WORKSPACE = '@fbt/bff';
/** What Node loads from a native addon's package: its JavaScript, JSON and the built `.node`. */
const ADDON_RUNTIME_FILE = /\.(js|cjs|mjs|json|node)$/;
/** Nested packages (copied as packages of their own) and node-gyp's intermediate objects. */
const ADDON_SKIPPED_FOLDER = new Set(['node_modules', 'obj', 'obj.target']);

function readManifest(dir) {
  return JSON.parse(readFileSync(join(dir, 'package.json'), 'utf8'));
}

/** The folder of a workspace package, through npm's link in node_modules. */
function workspaceDir(root, name) {
  const link = join(root, 'node_modules', name);
  if (!existsSync(link) || !lstatSync(link).isSymbolicLink()) {
    throw new Error(`runtime-deps: ${name} is not a linked workspace under ${root}node_modules`);
  }
  return realpathSync(link);
}

/**
 * The folder Node loads `name` from when code in `fromDir` imports it: the nearest
 * `node_modules/<name>` up the tree, no higher than `root`; null when none is installed.
 */
function resolvePackage(name, fromDir, root) {
  for (let dir = fromDir; ; dir = dirname(dir)) {
    if (basename(dir) !== 'node_modules') {
      const candidate = join(dir, 'node_modules', name);
      if (existsSync(join(candidate, 'package.json'))) return candidate;
    }
    if (relative(root, dir) === '' || dirname(dir) === dir) return null;
  }
}

/**
 * The production dependencies the compiled BFF loads from node_modules: for each, the
 * workspaces that declare it. Workspace packages are followed, never listed: they are compiled
 * into the bundle.
 */
export function bffImports(root = REPO_ROOT) {
  const declaredBy = new Map();
  const queue = [BFF_WORKSPACE];
  const seen = new Set();
  while (queue.length > 0) {
    const workspace = queue.shift();
    if (seen.has(workspace)) continue;
    seen.add(workspace);
    const dir = workspaceDir(root, workspace);
    for (const name of Object.keys(readManifest(dir).dependencies ?? {})) {
      if (name.startsWith('@fbt/')) queue.push(name);
      else declaredBy.set(name, [...(declaredBy.get(name) ?? []), dir]);
    }
  }
  return declaredBy;
}

/** The installed folder of a top-level import: the root node_modules, the only one the image has. */
function topLevelFolder(root, name, declaringDirs) {
  const expected = join(root, 'node_modules', name);
  for (const dir of declaringDirs) {
    const found = resolvePackage(name, dir, root);
    if (found === null) {
      throw new Error(`runtime-deps: ${relative(root, dir)} depends on ${name}, not installed`);
    }
    if (found !== expected) {
      throw new Error(
        `runtime-deps: ${relative(root, dir)} loads ${name} from ${relative(root, found)}, but the compiled BFF resolves packages from the root node_modules only; align the version ranges so npm installs one copy there`,
      );
    }
  }
  return expected;
}

/**
 * Every package folder the compiled BFF can load, relative to `root` (nested copies kept where
 * npm put them), with the top-level imports and their installed versions. Optional dependencies
 * and required peers come along when installed (optional peers do not); a missing required
 * dependency stops the script.
 */
export function runtimeClosure(root = REPO_ROOT) {
  const top = new Map();
  const queue = [];
  for (const [name, declaringDirs] of bffImports(root)) {
    const folder = topLevelFolder(root, name, declaringDirs);
    top.set(name, readManifest(folder).version);
    queue.push(folder);
  }
  const folders = new Map();
  while (queue.length > 0) {
    const folder = queue.pop();
    const path = relative(root, folder);
    if (folders.has(path)) continue;
    if (lstatSync(folder).isSymbolicLink()) {
      throw new Error(
        `runtime-deps: ${path} is a linked workspace; the BFF bundle compiles those in`,
      );
    }
    const manifest = readManifest(folder);
    folders.set(path, { name: manifest.name, version: manifest.version });
    // An optional peer is one the package uses when the application installs it: the BFF's
    // own dependencies would have brought it here already.
    const peers = Object.keys(manifest.peerDependencies ?? {}).filter(
      (name) => manifest.peerDependenciesMeta?.[name]?.optional !== true,
    );
    const optional = new Set([...Object.keys(manifest.optionalDependencies ?? {}), ...peers]);
    const names = new Set([...Object.keys(manifest.dependencies ?? {}), ...optional]);
    for (const name of names) {
      const found = resolvePackage(name, folder, root);
      if (found !== null) queue.push(found);
      else if (!optional.has(name)) {
        throw new Error(`runtime-deps: ${path} depends on ${name}, not installed`);
      }
    }
  }
  return { folders, top };
}

/** The files of a native addon's package Node loads, and the folders holding them. */
function addonRuntimePaths(folder) {
  const keep = new Set();
  const walk = (dir) => {
    for (const entry of readdirSync(dir, { withFileTypes: true })) {
      const path = join(dir, entry.name);
      if (entry.isDirectory()) {
        if (!ADDON_SKIPPED_FOLDER.has(entry.name)) walk(path);
      } else if (dir === folder || ADDON_RUNTIME_FILE.test(entry.name)) {
        for (let at = path; at !== folder; at = dirname(at)) keep.add(at);
      }
    }
  };
  walk(folder);
  return keep;
}

/** Copies one package folder without its nested node_modules (those are packages of their own). */
function copyPackage(from, to) {
  const addon = existsSync(join(from, 'binding.gyp')) ? addonRuntimePaths(from) : null;
  cpSync(from, to, {
    recursive: true,
    verbatimSymlinks: true,
    filter: (path) => {
      const inner = relative(from, path);
      if (inner === '') return true;
      if (inner.split(sep)[0] === 'node_modules') return false;
      return addon === null || addon.has(path);
    },
  });
}

/** Writes <out>/node_modules and <out>/package.json; returns the closure. */
export function writeRuntimeTree(out, root = REPO_ROOT) {
  const closure = runtimeClosure(root);
  rmSync(join(out, 'node_modules'), { recursive: true, force: true });
  mkdirSync(join(out, 'node_modules'), { recursive: true });
  for (const path of [...closure.folders.keys()].sort()) {
    copyPackage(join(root, path), join(out, path));
  }
  const manifest = {
    name: 'fbt-bff-runtime',
    private: true,
    description:
      'Generated by deploy/runtime-deps.mjs: the packages the compiled BFF imports, at the versions installed.',
    dependencies: Object.fromEntries([...closure.top].sort(([a], [b]) => (a < b ? -1 : 1))),
  };
  writeFileSync(join(out, 'package.json'), `${JSON.stringify(manifest, null, 2)}\n`);
  return closure;
}

if (
  process.argv[1] !== undefined &&
  realpathSync(process.argv[1]) === fileURLToPath(import.meta.url)
) {
  const { values } = parseArgs({ options: { out: { type: 'string' } } });
  if (values.out === undefined) {
    console.error('usage: node deploy/runtime-deps.mjs --out <dir>');
    process.exit(2);
  }
  const { folders, top } = writeRuntimeTree(values.out);
  console.log(
    `runtime-deps: ${folders.size} packages (${top.size} imported by the BFF) in ${join(values.out, 'node_modules')}`,
  );
}
