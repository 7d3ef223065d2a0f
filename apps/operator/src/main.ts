import { runCli } from './cli';

const code = await runCli(process.argv.slice(2), {
  stdout: (line) => process.stdout.write(`${line}\n`),
  stderr: (line) => process.stderr.write(`${line}\n`),
  env: process.env,
});
// web3.js keeps a websocket open after confirmations; the command is done, so leave now.
process.exit(code);
