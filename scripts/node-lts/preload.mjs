// Loaded with `--import` into every process of the Node LTS run (vitest, its workers and the
// processes tests start). node_modules/better-sqlite3 holds an addon built for the machine's
// Node; this makes the loading of that one file load the copy built for this Node's ABI by
// run.mjs. The JavaScript of better-sqlite3 and of the product is unchanged.
//  - process.dlopen is wrapped: every addon load goes through it, whichever loader asked
//    (require, import of CommonJS, tsx's hooks), so no module resolution hook is needed.
//  - child_process is wrapped: a test that starts a process with an env of its own (PATH and a
//    few variables, often process.execPath or `tsx`) still gets this preload and, on PATH, the
//    `node` that is the LTS binary with it.
import childProcess from 'node:child_process';
import { existsSync } from 'node:fs';
import { syncBuiltinESMExports } from 'node:module';
import { delimiter } from 'node:path';
import { addonFile, WRAPPER_BIN_DIR } from './paths.mjs';

const INSTALLED_ADDON =
  /[/\\]node_modules[/\\]better-sqlite3[/\\]build[/\\]Release[/\\]better_sqlite3\.node$/;
const built = addonFile(process.versions.modules);
if (!existsSync(built)) {
  console.error(
    `node-lts: ${built} is missing: run \`npm run test:lts\`, which builds it for Node ${process.version}`,
  );
  process.exit(1);
}

const dlopen = process.dlopen.bind(process);
process.dlopen = (module, filename, ...rest) =>
  dlopen(module, INSTALLED_ADDON.test(filename) ? built : filename, ...rest);

const PRELOAD = `--import=${import.meta.url}`;

/** The options argument of a child_process call, if any: the first plain object after the command. */
function withPreload(args) {
  const index = args.findIndex(
    (arg, position) =>
      position > 0 && arg !== null && typeof arg === 'object' && !Array.isArray(arg),
  );
  const env = index < 0 ? undefined : args[index].env;
  if (env === undefined || env === null) return args; // inherits process.env, which has both
  const nodeOptions = env.NODE_OPTIONS ?? '';
  const path = env.PATH ?? '';
  const patched = {
    ...env,
    NODE_OPTIONS: nodeOptions.includes(PRELOAD) ? nodeOptions : `${PRELOAD} ${nodeOptions}`.trim(),
    PATH: path.split(delimiter).includes(WRAPPER_BIN_DIR)
      ? path
      : [WRAPPER_BIN_DIR, path].filter((part) => part !== '').join(delimiter),
  };
  const copy = [...args];
  copy[index] = { ...args[index], env: patched };
  return copy;
}

for (const name of ['spawn', 'spawnSync', 'execFile', 'execFileSync', 'exec', 'execSync', 'fork']) {
  const original = childProcess[name];
  childProcess[name] = (...args) => original(...withPreload(args));
}
syncBuiltinESMExports();
