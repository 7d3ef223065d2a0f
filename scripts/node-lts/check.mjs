// Before `npm start` and `npm test`: the Node running npm's scripts must be the project's
// (.nvmrc). It is, once `npm install` has run: on a machine with another Node, postinstall.mjs
// linked the fetched one as node_modules/.bin/node, and this says so, once per command.
import { realpathSync } from 'node:fs';
import { fail, ltsVersion, say, versionOf } from './lts.mjs';

const version = ltsVersion();
if (process.versions.node !== version)
  fail(
    `npm scripts here run Node ${process.version} (${process.execPath}), the project needs ` +
      `Node ${version} (.nvmrc). Run \`npm install\`: on a machine with another Node it fetches ` +
      `Node ${version} and puts it first for npm scripts.`,
  );
const npmNode = process.env.npm_node_execpath ?? '';
if (npmNode !== '' && realpathSync(npmNode) !== process.execPath)
  say(
    `Node ${version} from node_modules/.bin/node (this machine's Node is v${versionOf(npmNode)})`,
  );
