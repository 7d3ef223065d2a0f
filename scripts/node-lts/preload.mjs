// Loaded with `--import` into every process of the Node LTS run (vitest, its workers and the
// processes tests start, such as `tsx src/main.ts`). node_modules/better-sqlite3 holds an addon
// built for the machine's Node; this makes the loading of that one file load the copy built for
// this Node's ABI by run.mjs. The JavaScript of better-sqlite3 and of the product is unchanged.
// It wraps process.dlopen, which every addon load goes through whichever loader asked for it
// (require, import of CommonJS, tsx's hooks), rather than a module resolution hook.
import { existsSync } from 'node:fs';
import { addonFile } from './paths.mjs';

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
