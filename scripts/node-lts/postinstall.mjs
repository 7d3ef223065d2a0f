// `npm install` (the root's postinstall, which npm runs once every dependency is in place) puts
// the project's Node first for every npm script.
//  - When the Node running npm is another version than `.nvmrc` names (this machine's Node 20,
//    say), the project's Node is fetched once (lts.mjs, integrity checked) and linked as
//    node_modules/.bin/node, which npm puts first on PATH for every script it runs: `npm start`,
//    `npm test`, the workspaces' scripts, npx, the dependencies' install scripts of later
//    installs. When npm already runs on that Node, no link is needed (and a stale one goes).
//  - Then the native addons the product loads must load under that Node: better-sqlite3 and
//    litesvm ship Node-API builds (one binary for every Node), and a stale one (a checkout
//    installed before on another Node) is named here rather than at the first test.
// Says in one line what it did. Idempotent: a second run fetches and changes nothing.
import { spawnSync } from 'node:child_process';
import {
  lstatSync,
  mkdirSync,
  readlinkSync,
  realpathSync,
  renameSync,
  rmSync,
  symlinkSync,
} from 'node:fs';
import { dirname, join, relative, resolve } from 'node:path';
import {
  BIN_LINK,
  CACHE_ROOT,
  REPO_ROOT,
  ensureFetched,
  fail,
  ltsVersion,
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

/** Each native addon, the workspace it is resolved from, and a use of it that needs the addon. */
const ADDONS = [
  {
    name: 'better-sqlite3',
    from: 'packages/adapters',
    probe: "new (require('better-sqlite3'))(':memory:').prepare('select 1 as one').get()",
  },
  { name: 'litesvm', from: 'apps/localnet', probe: "new (require('litesvm').LiteSVM)()" },
];

/** The addons that do not load under `binary` (one that is not installed is not probed). */
function brokenAddons(binary) {
  return ADDONS.filter(({ name, from, probe }) => {
    const cwd = join(REPO_ROOT, from);
    const installed = `require.resolve(${JSON.stringify(`${name}/package.json`)})`;
    if (spawnSync(binary, ['-e', installed], { cwd, stdio: 'ignore' }).status !== 0) return false;
    return spawnSync(binary, ['-e', probe], { cwd, stdio: 'ignore' }).status !== 0;
  }).map(({ name }) => name);
}

const version = ltsVersion();
const npmNode = realpathSync(process.env.npm_node_execpath || process.execPath);
// npm itself may run on the fetched Node (from a shell whose PATH has node_modules/.bin first).
const npmOnFetched = !relative(CACHE_ROOT, npmNode).startsWith('..');
let binary = npmNode;
let where = `Node ${version}, the Node running npm`;
if (versionOf(npmNode) === version && !npmOnFetched) {
  unlinkFetched();
} else {
  const lts = ensureFetched(version);
  binary = lts.binary;
  linkNode(binary);
  where =
    `node_modules/.bin/node, Node ${version} ${lts.fetched ? 'fetched now' : 'fetched before'} ` +
    'from the npm registry (checked against scripts/node-lts/pins.json)' +
    (npmOnFetched ? '' : `; this machine's Node is v${versionOf(npmNode)}`);
}
const broken = brokenAddons(binary);
if (broken.length > 0)
  fail(
    `${broken.join(' and ')} ${broken.length === 1 ? 'does' : 'do'} not load under Node ${version}: reinstall them for it ` +
      `(\`rm -rf node_modules && npm install\`).`,
  );
say(`npm scripts run ${where}.`);
